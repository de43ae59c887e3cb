/// The exit statuses of filterocr's commands, as a shell reports them, in one place so that
/// every command ends a run the same way.
public enum ExitStatus {
    /// Every input was read.
    public static let success: Int32 = 0
    /// An input failed, or the command could not do what it was asked.
    public static let failure: Int32 = 1
    /// The reader of standard output went away (128 + SIGPIPE), as a shell reports a process
    /// SIGPIPE ended; filterocr ignores the signal and sees the closed pipe as EPIPE instead.
    public static let outputClosed: Int32 = 141

    /// 128 + the signal, as a shell reports a process the signal ended: 130 for SIGINT, 143
    /// for SIGTERM, 129 for SIGHUP.
    public static func stopped(by signal: Int32) -> Int32 { 128 + signal }
}

import Foundation

/// Ctrl-C, caught rather than fatal: the REPL abandons the line being typed, a batch stops
/// taking new images and finishes the lines it has started.
enum Interrupt {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    static var happened: Bool { flag != 0 }
    static func reset() { flag = 0 }

    /// - Parameters:
    ///   - resettingAfterFirst: a second signal then ends the process at once.
    ///   - signals: the signals caught; SIGINT by default.
    static func install(resettingAfterFirst: Bool = false, signals: [Int32] = [SIGINT]) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interrupt.flag = 1 }
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: a blocking read returns, so the interrupted loop can see the flag.
        action.sa_flags = resettingAfterFirst ? Int32(bitPattern: UInt32(SA_RESETHAND)) : 0
        for signal in signals { sigaction(signal, &action, nil) }
    }
}

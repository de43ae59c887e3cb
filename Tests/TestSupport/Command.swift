import Foundation

/// A finished process: its exit status and what it printed.
public struct CommandResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    /// Standard error as lines, without the empty last one.
    public var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
}

/// Runs real processes for the end-to-end tests.
public enum Command {
    /// Runs `executable` with `arguments`, waits, and returns what it printed.
    ///
    /// - Parameter environment: variables added to (or, with nil, removed from) this
    ///   process's environment.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                           input: Data? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
        let output = Pipe(), error = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        // Read both pipes concurrently so that neither fills up and blocks the child.
        let errorData = LockedData()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        if let input { stdin.fileHandleForWriting.write(input) }
        try? stdin.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return CommandResult(status: process.terminationStatus,
                             standardOutput: String(decoding: outputData, as: UTF8.self),
                             standardError: String(decoding: errorData.value, as: UTF8.self))
    }

    /// Runs the built `filterocr`.
    public static func filterocr(_ arguments: [String], environment: [String: String?] = [:],
                                 input: Data? = nil) throws -> CommandResult {
        try run(Paths.filterocr, arguments, environment: environment, input: input)
    }

    /// Runs the `tesseract` command line on `image` with default settings and returns its text.
    public static func tesseract(_ image: String, extraArguments: [String] = []) throws -> String {
        // One thread: the text is the same, and the tests run faster on small machines.
        try run("/usr/bin/tesseract", [image, "-"] + extraArguments,
                environment: ["OMP_THREAD_LIMIT": "1"]).standardOutput
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}

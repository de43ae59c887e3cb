import Foundation

/// A finished process: its exit status and what it printed.
public struct CommandResult: Sendable {
    public var status: Int32
    /// Standard output as bytes, for binary output such as a PNG.
    public var outputData: Data
    public var standardError: String
    /// Seconds from the process's start to its end (the wait for a slot left out: see
    /// `ChildProcessSlots`). Reported, or compared with generous bounds: timing limits belong
    /// in benchmarks.
    public var seconds: Double = 0

    /// Standard output as text (invalid UTF-8 shown as replacement characters).
    public var standardOutput: String { String(decoding: outputData, as: UTF8.self) }

    /// Standard error as lines, without the empty last one.
    public var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
}

/// Runs real processes for the end-to-end tests.
public enum Command {
    /// Runs `executable` with `arguments`, waits, and returns what it printed.
    ///
    /// The wait holds no thread: the process's end resumes the caller, so that a test waiting
    /// for a child never keeps another test (or a server a test drives) from Swift's shared
    /// threads. How many children run at once is `ChildProcessSlots`' to say.
    ///
    /// Output goes through temporary files rather than pipes: a pipe's end can leak into a
    /// process another test starts at the same moment and then never reports end of file.
    ///
    /// - Parameter environment: variables added to (or, with nil, removed from) this
    ///   process's environment.
    /// - Parameters:
    ///   - inputPath: a file (or device, such as /dev/zero) to read standard input from,
    ///     instead of `input`.
    ///   - directory: the working directory, if not this process's.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                           input: Data? = nil, inputPath: String? = nil, directory: String? = nil) async throws -> CommandResult {
        let slots = ChildProcessSlots.shared
        let holder = slots.holder(keptRunning: false)
        await slots.acquire(for: holder)
        defer { slots.release(for: holder) }
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (outputPath, errorPath, stdinPath) = (folder + "/stdout", folder + "/stderr", folder + "/stdin")
        for path in [outputPath, errorPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        _ = FileManager.default.createFile(atPath: stdinPath, contents: input ?? Data())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var merged = ProcessInfo.processInfo.environment
        // Each run has a result store and a feed of its own, as on a new machine, unless a test
        // says otherwise: no run writes into the user's home.
        merged["XDG_CACHE_HOME"] = folder + "/cache"
        merged["XDG_STATE_HOME"] = folder + "/state"
        merged["FILTEROCR_STORE"] = nil
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
        guard let output = FileHandle(forWritingAtPath: outputPath), let error = FileHandle(forWritingAtPath: errorPath),
              let stdin = FileHandle(forReadingAtPath: inputPath ?? stdinPath) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder])
        }
        defer { try? output.close(); try? error.close(); try? stdin.close() }
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        let started = ContinuousClock.now
        try await ended(process)
        let elapsed = ContinuousClock.now - started
        return CommandResult(status: process.terminationStatus,
                             outputData: try Data(contentsOf: URL(fileURLWithPath: outputPath)),
                             standardError: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorPath)), as: UTF8.self),
                             seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Runs the built `filterocr`.
    public static func filterocr(_ arguments: [String], environment: [String: String?] = [:],
                                 input: Data? = nil, inputPath: String? = nil, directory: String? = nil) async throws -> CommandResult {
        try await run(Paths.filterocr, arguments, environment: environment, input: input, inputPath: inputPath, directory: directory)
    }

    /// Runs the `tesseract` command line on `image` with default settings and returns its text.
    public static func tesseract(_ image: String, extraArguments: [String] = []) async throws -> String {
        // One thread: the text is the same, and the tests run faster on small machines.
        try await run("/usr/bin/tesseract", [image, "-"] + extraArguments,
                environment: ["OMP_THREAD_LIMIT": "1"]).standardOutput
    }

    /// Starts `process` and returns once it has ended.
    static func ended(_ process: Process) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}

import Foundation
import Synchronization

/// A process left running while a test drives it, whose output and error lines are
/// collected as they arrive, so that a test waits for what the process says rather than for
/// a fixed time. It holds its test's child-process slot while it runs; its waits hold no thread.
public final class BackgroundProcess: Sendable {
    private struct Lines {
        var output: [String] = []
        var errors: [String] = []
        var partial = ["", ""]
        /// Everything standard output said, as it came (a terminal's redraws included).
        var transcript = ""
    }

    /// The lines, shared with the pipes' handlers.
    private final class Store: Sendable {
        let lines = Mutex(Lines())
    }

    private let process: Process
    /// The process's result store's and feed's folder, removed with this.
    private let cacheFolder = Paths.temporaryRoot + "/cache-" + UUID().uuidString
    private let store = Store()
    public let input = Pipe()

    public init(_ executable: String, _ arguments: [String]) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // A result store and a feed of its own, as on a new machine.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheFolder
        environment["XDG_STATE_HOME"] = cacheFolder + "/state"
        environment["FILTEROCR_STORE"] = nil
        process.environment = environment
        process.standardInput = input
        self.process = process
        for (index, pipe) in [Pipe(), Pipe()].enumerated() {
            if index == 0 { process.standardOutput = pipe } else { process.standardError = pipe }
            pipe.fileHandleForReading.readabilityHandler = { [store] handle in
                let data = handle.availableData
                guard !data.isEmpty else { return }
                store.lines.withLock { state in
                    if index == 0 { state.transcript += String(decoding: data, as: UTF8.self) }
                    state.partial[index] += String(decoding: data, as: UTF8.self)
                    while let newline = state.partial[index].firstIndex(of: "\n") {
                        let line = String(state.partial[index][..<newline])
                        if index == 0 { state.output.append(line) } else { state.errors.append(line) }
                        state.partial[index] = String(state.partial[index][state.partial[index].index(after: newline)...])
                    }
                }
            }
        }
        let slots = ChildProcessSlots.shared
        let holder = slots.holder(keptRunning: true)
        await slots.acquire(for: holder)
        process.terminationHandler = { _ in slots.release(for: holder) }
        do {
            try process.run()
        } catch {
            slots.release(for: holder)
            throw error
        }
    }

    /// The lines printed on standard output so far.
    public var outputLines: [String] { store.lines.withLock { $0.output } }
    /// All that standard output said so far, unfinished lines included.
    public var transcript: String { store.lines.withLock { $0.transcript } }

    /// Waits until standard output, from character `offset` on, satisfies `condition`; false
    /// if it did not in time.
    @discardableResult
    public func waitForTranscript(from offset: Int = 0, timeout: Double, until condition: (Substring) -> Bool) async -> Bool {
        await Self.wait(timeout: timeout) { condition(transcript.dropFirst(offset)) }
    }

    /// Writes `text` to the process's standard input.
    public func type(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// The lines printed on standard error so far.
    public var errorLines: [String] { store.lines.withLock { $0.errors } }

    /// Waits until at least `count` output lines have arrived or `timeout` seconds have passed.
    @discardableResult
    public func waitForLines(_ count: Int, timeout: Double) async -> [String] {
        await Self.wait(timeout: timeout) { outputLines.count >= count }
        return outputLines
    }

    /// Waits until a line on standard error contains `text`; false if none did in time.
    @discardableResult
    public func waitForError(containing text: String, timeout: Double) async -> Bool {
        await Self.wait(timeout: timeout) { errorLines.contains { $0.contains(text) } }
    }

    /// Waits until the process has ended; false if it still runs after `timeout` seconds.
    public func waitForExit(timeout: Double) async -> Bool {
        await Self.wait(timeout: timeout) { !process.isRunning }
    }

    public var isRunning: Bool { process.isRunning }
    public var processIdentifier: Int32 { process.processIdentifier }
    public var terminationStatus: Int32 { process.terminationStatus }

    /// Asks the process to end (SIGTERM), as a user would, and waits until it has. A test
    /// runner's threads block signals and children inherit that, so SIGTERM may be ignored:
    /// after a moment, SIGKILL, which cannot be blocked.
    public func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        if !(await waitForExit(timeout: 5)) {
            terminate()
            _ = await waitForExit(timeout: 60)
        }
    }

    /// Ends the process and its children (read from /proc before the parent goes, while they
    /// are still its) at once, without waiting: what a `defer` does when a test fails early.
    public func terminate() {
        guard process.isRunning else { return }
        let identifier = process.processIdentifier
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(identifier)/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(identifier)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        for child in children { kill(child, SIGKILL) }
        kill(identifier, SIGKILL)
    }

    /// Polls `condition` every 20 ms until it holds or `timeout` seconds have passed, sleeping
    /// between polls without holding a thread.
    @discardableResult
    public static func wait(timeout: Double, until condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while !(await condition()) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// A test that did not end its process (it failed before it could) leaves none behind.
    deinit {
        terminate()
        try? FileManager.default.removeItem(atPath: cacheFolder)
    }
}

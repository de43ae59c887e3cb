import Foundation

/// A process left running while a test drives it, whose output lines are collected as they
/// arrive.
public final class BackgroundProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = ""
    public let input = Pipe()

    public init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock {
                self.partial += String(decoding: data, as: UTF8.self)
                while let newline = self.partial.firstIndex(of: "\n") {
                    self.lines.append(String(self.partial[..<newline]))
                    self.partial = String(self.partial[self.partial.index(after: newline)...])
                }
            }
        }
        try process.run()
    }

    /// The lines printed so far.
    public var outputLines: [String] { lock.withLock { lines } }

    /// Waits until at least `count` lines have arrived or `timeout` seconds have passed.
    @discardableResult
    public func waitForLines(_ count: Int, timeout: Double) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while outputLines.count < count && Date() < deadline { usleep(20_000) }
        return outputLines
    }

    public var isRunning: Bool { process.isRunning }

    public func terminate() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { terminate() }
}

import Foundation
import TestSupport
import Threading

/// A thread of a test's own whose state the test can see as the kernel does, so that a test
/// waits until the thread is blocked in a wait (asleep) instead of guessing how long getting
/// there takes, and waits for it to end with a generous safety limit rather than forever.
final class WatchedThread: Sendable {
    /// The thread's entry in `/proc/self/task`, once it has started.
    private let task = Locked<String?>(nil)
    private let started = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let hasEnded = Locked(false)

    /// Starts `body` on a new thread.
    init(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [task, started, ended, hasEnded] in
            task.withLock { $0 = Self.currentTask() }
            started.signal()
            body()
            hasEnded.withLock { $0 = true }
            ended.signal()
        }
        thread.start()
        _ = started.wait(timeout: .now() + 60)
    }

    /// Whether the thread's body has returned.
    var isFinished: Bool { hasEnded.withLock { $0 } }

    /// Waits until the thread sleeps in a wait (its state `S` in `/proc`), up to `timeout`
    /// seconds; false if it never did, or ended first.
    func waitUntilAsleep(timeout: Double = 60) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        // Looked at once more after the deadline: on a loaded machine this task may not run for
        // longer than the limit, and a thread asleep by then has done what was asked.
        while true {
            if isFinished { return false }
            if state == "S" { return true }
            guard Date() < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Waits for the body to return, up to `timeout` seconds; false if it did not.
    func join(timeout: Double = 60) async -> Bool {
        guard await ended.signalled(within: timeout) else { return false }
        ended.signal()
        return true
    }

    /// The thread's state letter from `/proc/self/task/TID/stat` (`R`, `S`, `D`, ...).
    private var state: Character? {
        guard let task = task.withLock({ $0 }),
              let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // The command name in parentheses may hold spaces; the state follows it.
        return stat[stat.index(after: close)...].first { $0 != " " }
    }

    /// The calling thread's id, from `/proc/thread-self` (`PID/task/TID`).
    private static func currentTask() -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.map(String.init)
    }
}

/// Waits until `condition` holds, looking every millisecond, up to `timeout` seconds; false if
/// it never did.
func eventually(timeout: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// Whether every one of `threads` ended within the usual limit.
func allJoined(_ threads: [WatchedThread]) async -> Bool {
    for thread in threads where !(await thread.join()) { return false }
    return true
}

/// Whether every one of `threads` came to sleep in a wait within the usual limit.
func allAsleep(_ threads: [WatchedThread]) async -> Bool {
    for thread in threads where !(await thread.waitUntilAsleep()) { return false }
    return true
}

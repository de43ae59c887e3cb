import Core
import Foundation
import Imaging
import Runs
import Synchronization
import TestSupport
import Testing
import Threading

/// The hot folder's journal, through the watcher that keeps it: a file recorded as finished
/// is not read again after a restart, whatever became of the journal's last line, and the
/// journal forgets the files that left the inbox.
@Suite("The hot folder's journal")
struct JournalTests {
    private static let page = Paths.images + "/app_screenshot.png"
    private static let journal = ".filterocr-watch.journal"

    /// An inbox, an outbox and a done folder in a folder of their own.
    struct Folders {
        let root: String
        var inbox: String { root + "/in" }
        var outbox: String { root + "/out" }
        var done: String { root + "/done" }
        var journal: String { inbox + "/" + JournalTests.journal }

        init() throws {
            root = try Paths.temporaryDirectory()
            try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        }

        func drop(_ name: String, from source: String = JournalTests.page) throws {
            try FileManager.default.copyItem(atPath: source, toPath: inbox + "/" + name)
        }

        func journalLines() throws -> [String] {
            try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        }

        func appendToJournal(_ bytes: [UInt8]) throws {
            let handle = try #require(FileHandle(forWritingAtPath: journal))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(bytes))
            try handle.close()
        }
    }

    struct WeakWatcher: Sendable {
        weak var watcher: HotFolder?
    }

    /// Outcomes and problems that a watcher reported.
    final class Reports: Sendable {
        let outcomes = Mutex<[HotFolder.Outcome]>([])
        let problems = Mutex<[String]>([])
        let arrived = DispatchSemaphore(value: 0)
    }

    /// Starts a watcher on `folders` (keeping originals in the inbox unless `movesOn`), waits
    /// for `expected` outcomes, stops it and returns them, by input name.
    private func watch(_ folders: Folders, movesOn: Bool = false, expected: Int) async throws -> [String: HotFolder.Outcome] {
        let options = HotFolder.Options(inbox: folders.inbox, outbox: folders.outbox, done: movesOn ? folders.done : nil,
                                        failed: folders.root + "/failed", format: .txt, settle: 0, jobs: 1)
        // Held here only until its thread takes it: the inbox's lock goes with the watcher, and
        // the next start must find it free once this one has ended.
        let held = Mutex<HotFolder?>(try HotFolder(options: options, runner: ImageRunner(settings: RecognitionSettings(),
                                                                                         state: FilterState(), jobs: 1)))
        let gone = Mutex(WeakWatcher(watcher: held.withLock { $0 }))
        let reports = Reports()
        let stop = StopSignal()
        let ended = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        Thread.detachNewThread {
            func run() {
                guard let watcher = held.withLock({ $0.take() }) else { return }
                do {
                    _ = try watcher.run(stop: stop, log: { outcome in
                        reports.outcomes.withLock { $0.append(outcome) }
                        reports.arrived.signal()
                    }, problem: { line in reports.problems.withLock { $0.append(line) } })
                } catch {
                    failure.withLock { $0 = "\(error)" }
                }
            }
            run()
            ended.signal()
        }
        for _ in 0..<expected {
            #expect(await reports.arrived.signalled(within: 120), "an outcome for each file")
        }
        stop.raise()
        #expect(await ended.signalled(within: 120), "the watcher stops when asked")
        // The inbox's lock is released when the last reference to the watcher goes, which its
        // engine threads may hold for a moment after `run` returns.
        let deadline = Date() + 30
        while gone.withLock({ $0.watcher != nil }), Date() < deadline { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(gone.withLock { $0.watcher == nil }, "the watcher is freed once stopped")
        #expect(failure.withLock { $0 } == nil)
        #expect(reports.problems.withLock { $0 }.isEmpty)
        var byInput: [String: HotFolder.Outcome] = [:]
        for outcome in reports.outcomes.withLock({ $0 }) {
            #expect(byInput[outcome.input] == nil, "\(outcome.input) reported twice")
            byInput[outcome.input] = outcome
        }
        return byInput
    }

    private func isWritten(_ outcome: HotFolder.Outcome?) -> Bool {
        if case .written? = outcome { return true }
        return false
    }

    private func isFinishedBefore(_ outcome: HotFolder.Outcome?) -> Bool {
        if case .finishedBefore? = outcome { return true }
        return false
    }

    @Test("A file finished before a restart is moved on without being read again")
    func survivesRestart() async throws {
        let folders = try Folders()
        try folders.drop("a.png")
        let first = try await watch(folders, expected: 1)
        #expect(isWritten(first["a.png"]))
        let lines = try folders.journalLines()
        #expect(lines.count == 1 && lines[0].hasSuffix(" a.png"), "\(lines)")

        let second = try await watch(folders, movesOn: true, expected: 1)
        #expect(second["a.png"] == .finishedBefore(input: "a.png", original: folders.done + "/a.png"))
        #expect(FileManager.default.fileExists(atPath: folders.done + "/a.png"))
    }

    @Test("A file that came back with other contents under a finished name is read again")
    func changedFileReadAgain() async throws {
        let folders = try Folders()
        try folders.drop("a.png")
        #expect(await isWritten(try watch(folders, expected: 1)["a.png"]))
        try FileManager.default.removeItem(atPath: folders.inbox + "/a.png")
        try folders.drop("a.png", from: Paths.images + "/slide.gif")
        #expect(await isWritten(try watch(folders, expected: 1)["a.png"]), "its size and time are not the ones recorded")
    }

    @Test("A torn or garbled last line loses none of the records before it")
    func damagedTail() async throws {
        let folders = try Folders()
        for name in ["a.png", "b.png"] { try folders.drop(name) }
        let first = try await watch(folders, expected: 2)
        #expect(isWritten(first["a.png"]) && isWritten(first["b.png"]))
        // A crash in the middle of an append, then bytes that are not a line at all.
        try folders.appendToJournal(Array("81788@1712".utf8) + [0x0A, 0xFF, 0xFE, 0x20, 0x61])

        let second = try await watch(folders, movesOn: true, expected: 2)
        #expect(isFinishedBefore(second["a.png"]), "\(second)")
        #expect(isFinishedBefore(second["b.png"]), "\(second)")
    }

    @Test("A file recorded after a torn last line is still recorded at the next restart")
    func recordAfterTornTail() async throws {
        let folders = try Folders()
        try folders.drop("a.png")
        #expect(await isWritten(try watch(folders, expected: 1)["a.png"]))
        // The watcher was killed while appending: the last line has no end.
        try folders.appendToJournal(Array("81788@1712".utf8))

        try folders.drop("c.png")
        let second = try await watch(folders, expected: 1)
        #expect(isWritten(second["c.png"]))

        let journal = try folders.journalLines()
        let third = try await watch(folders, movesOn: true, expected: 2)
        #expect(isFinishedBefore(third["a.png"]), "\(third)")
        #expect(isFinishedBefore(third["c.png"]), "c.png was finished, but read again; the journal was \(journal)")
    }

    @Test("At a start the journal forgets the files that have left the inbox, and keeps the others")
    func forgetsGoneFiles() async throws {
        let folders = try Folders()
        for name in ["a.png", "b.png"] { try folders.drop(name) }
        _ = try await watch(folders, expected: 2)
        #expect(try folders.journalLines().count == 2)
        try FileManager.default.removeItem(atPath: folders.inbox + "/b.png")

        let second = try await watch(folders, movesOn: true, expected: 1)
        #expect(isFinishedBefore(second["a.png"]))
        let lines = try folders.journalLines()
        #expect(lines.count == 1 && lines[0].hasSuffix(" a.png"), "\(lines)")
    }
}

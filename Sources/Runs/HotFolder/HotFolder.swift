import Core
import Documents
import FileSystem
import Foundation
import Recognition
import Threading

/// `filterocr watch`: a folder that scanners drop files into, recognised unattended. Each file
/// is taken once it is complete (`Arrivals`), recognised on one of `jobs` engines into a
/// document in the outbox (written whole or not at all), and moved to `done` (or left, and
/// remembered); a file that cannot be read goes to `failed` with a `.why` text beside it.
///
/// A journal in the outbox records every file finished (its name, size and time), so that a
/// restart neither loses a file nor reads one twice: a file still in the inbox is recognised
/// again only if it was not finished, and then from the result store for the pages read before.
public final class HotFolder: Sendable {
    public struct Options: Sendable {
        public var inbox: String
        public var outbox: String
        /// Where originals go once read; nil to leave them where they are.
        public var done: String?
        public var failed: String
        public var format: TesseractDocument.Format
        /// Seconds a file must be left unchanged to count as complete when no close is seen.
        public var settle: Double
        public var jobs: Int

        public init(inbox: String, outbox: String, done: String?, failed: String, format: TesseractDocument.Format,
                    settle: Double, jobs: Int) {
            (self.inbox, self.outbox, self.done, self.failed) = (inbox, outbox, done, failed)
            (self.format, self.settle, self.jobs) = (format, settle, max(1, jobs))
        }
    }

    /// What became of one file, for the log.
    public enum Outcome: Sendable, Equatable {
        /// Recognised into `output`; `failedPages` of its pages could not be read.
        case written(input: String, output: String, pages: Int, failedPages: Int, seconds: Double)
        /// Finished before a restart: moved on without reading it again.
        case finishedBefore(input: String)
        case failed(input: String, reason: String)
    }

    private let options: Options
    private let runner: ImageRunner
    private let journal: Journal

    /// - Parameter runner: recognises one file (its settings, filters, store).
    public init(options: Options, runner: ImageRunner) throws(FileError) {
        self.options = options
        self.runner = runner
        for folder in [options.outbox, options.failed] + (options.done.map { [$0] } ?? []) { try Folders.create(folder) }
        journal = try Journal(path: options.outbox + "/.filterocr-watch.journal")
    }

    /// Watches until `stop` is raised, then finishes the files being read and returns; files
    /// waiting for an engine stay in the inbox for the next start. `log` is told each file's
    /// outcome, on the engine's thread.
    public func run(stop: StopSignal, log: @escaping @Sendable (Outcome) -> Void) throws(FileError) {
        let events = try FolderEvents(folder: options.inbox)
        let wakeID = stop.whenRaised { events.wake() }
        defer { if let wakeID { stop.removeHandler(wakeID) } }
        var arrivals = Arrivals(settle: options.settle)
        let finished = Locked<[String]>([])
        let inFlight = Locked(0)
        let allDone = DispatchSemaphore(value: 0)
        let engines = Engines<Void>(count: options.jobs) {}
        func start(_ names: [String]) {
            for name in names where !Self.ignored(name) {
                inFlight.withLock { $0 += 1 }
                engines.submit { [self] _ in
                    if !stop.isRaised, let outcome = process(name) { log(outcome) }
                    finished.withLock { $0.append(name) }
                    if inFlight.withLock({ $0 -= 1; return $0 }) == 0 { allDone.signal() }
                }
            }
        }
        var now: Double { Date().timeIntervalSince1970 }
        /// Every file in the inbox, looked at as if just found: at the start, and when the
        /// kernel's queue overflowed and changes were lost.
        func lookAtAll() {
            for name in Folders.names(in: options.inbox) ?? [] {
                let path = options.inbox + "/" + name
                guard let stamp = FileStamp(at: path), FileKind(at: path).isRegular else { continue }
                start(arrivals.found(name, modified: stamp.modifiedSeconds, now: now))
            }
        }
        lookAtAll()
        while !stop.isRaised {
            let changes = events.next(timeout: arrivals.untilNextSettles(now: now))
            for done in finished.withLock({ names in defer { names = [] }; return names }) { arrivals.finished(done) }
            for change in changes {
                if change == .overflow { lookAtAll() }
                start(arrivals.changed(weighed(change), now: now))
            }
            start(arrivals.settled(now: now))
        }
        // Each time the count falls to 0 it signals: an earlier signal only means looking again.
        while inFlight.withLock({ $0 }) > 0 { allDone.wait() }
    }

    /// A file closed while another writer still has it open is not finished (a writer that
    /// creates a file, then opens it again to fill it); nor is an empty one: each waits for its
    /// last close, or to settle, like one still changing.
    private func weighed(_ change: FolderEvents.Change) -> FolderEvents.Change {
        guard case .completed(let name) = change else { return change }
        let path = options.inbox + "/" + name
        let empty = FileKind(at: path) == .regular(size: 0)
        return empty || FolderEvents.isOpenForWriting(path) == true ? .changing(name) : change
    }

    /// Names a scanner or a copy gives a file while writing it, and the folders' own files.
    static func ignored(_ name: String) -> Bool {
        name.hasPrefix(".") || [".part", ".partial", ".tmp", ".crdownload", ".why"].contains { name.hasSuffix($0) }
    }

    /// Reads the file `name` of the inbox into the outbox, and moves it on; nil when it went
    /// away first or is not a file.
    private func process(_ name: String) -> Outcome? {
        let input = options.inbox + "/" + name
        guard FileKind(at: input).isRegular, let stamp = FileStamp(at: input) else { return nil }
        let shown = PathEncoding.displayed(name)
        if journal.contains(name, stamp) {
            // Left in place (--keep), a finished file is simply not read again.
            guard options.done != nil else { return nil }
            moveOn(name)
            return .finishedBefore(input: shown)
        }
        let output = options.outbox + "/" + Self.outputName(for: name, format: options.format)
        var failures: [String] = []
        var pages = 0
        let started = ContinuousClock.now
        do {
            let document = try PageDocument(format: options.format, destination: output,
                                            keepsOriginalPages: Document.kind(of: input) == .pdf)
            let summary = try runner.run([input], total: 1, pages: document) { result, _ in
                switch result.outcome {
                case .failed(let message): failures.append(message)
                case .recognized(_, let problem, _): if let problem { failures.append(problem) } else { pages += 1 }
                case .leftAsIs: pages += 1
                case .skipped: break
                }
            }
            guard summary.succeeded > 0 else {
                document.abandon()
                return fail(name, reason: failures.first ?? "no page could be read")
            }
            try document.finish()
        } catch {
            return fail(name, reason: oneLineMessage(for: error))
        }
        journal.record(name, stamp)
        moveOn(name)
        return .written(input: shown, output: PathEncoding.displayed(output), pages: pages, failedPages: failures.count,
                        seconds: (ContinuousClock.now - started).inSeconds)
    }

    /// `scan.png` read into a PDF is `scan.pdf`; into ALTO, `scan.xml`.
    static func outputName(for name: String, format: TesseractDocument.Format) -> String {
        let stem = name.lastIndex(of: ".").map { name[..<$0] }.flatMap { $0.isEmpty ? nil : String($0) } ?? name
        return stem + "." + format.fileExtension
    }

    private func moveOn(_ name: String) {
        guard let done = options.done else { return }
        _ = rename(options.inbox + "/" + name, done + "/" + name)
    }

    private func fail(_ name: String, reason: String) -> Outcome {
        let target = options.failed + "/" + name
        _ = rename(options.inbox + "/" + name, target)
        try? AtomicFile.write(Array((reason + "\n").utf8), to: target + ".why")
        return .failed(input: PathEncoding.displayed(name), reason: reason)
    }
}

/// The files a hot folder has finished, one line each (`size@time name`), appended and flushed
/// before the original is moved on: a file found again with the same name, size and time was
/// finished, whatever stopped the watcher after.
final class Journal: Sendable {
    private let path: String
    private let seen: Locked<Set<String>>

    init(path: String) throws(FileError) {
        self.path = path
        let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        seen = Locked(Set(lines))
        guard FileManager.default.fileExists(atPath: path) || FileManager.default.createFile(atPath: path, contents: nil) else {
            throw .cannotWrite(path: path, reason: "the watcher's journal cannot be made")
        }
    }

    func contains(_ name: String, _ stamp: FileStamp) -> Bool {
        seen.withLock { $0.contains(Self.line(name, stamp)) }
    }

    func record(_ name: String, _ stamp: FileStamp) {
        let line = Self.line(name, stamp)
        seen.withLock { seen in
            seen.insert(line)
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            _ = fsync(descriptor)
        }
    }

    private static func line(_ name: String, _ stamp: FileStamp) -> String {
        stamp.sizeAndTime + " " + name.replacingOccurrences(of: "\n", with: "\\n")
    }
}

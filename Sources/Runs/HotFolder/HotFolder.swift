import Core
import Documents
import FileSystem
import Foundation
import PageDocuments
import Recognition
import Reports
import Threading

/// `filterocr watch`: a folder that scanners drop files into, recognised unattended. Each file
/// is taken once it is complete (`Arrivals`), held by its descriptor (`OpenFolder`, `HeldFile`)
/// so that what is read and moved is the file that was checked, recognised on one of `jobs`
/// engines that last as long as the watcher, into a document in the outbox, and moved to
/// `done` (or left, and remembered); a file that cannot be read goes to `failed` with a `.why`
/// text beside it. Nothing is ever written over: a name that comes back gets a new one
/// (`UniqueNames`).
///
/// A journal in the inbox (`.filterocr-watch.journal`; in `failed` when the inbox is read-only)
/// records every file finished (its name, size and time), so that a
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
        /// Seconds a file must be left alone (no write, no close) to count as complete.
        public var settle: Double
        public var jobs: Int
        /// Whether a searchable PDF is made smaller losslessly (`--optimize 1`).
        public var optimized = true

        public init(inbox: String, outbox: String, done: String?, failed: String, format: TesseractDocument.Format,
                    settle: Double, jobs: Int) {
            (self.inbox, self.outbox, self.done, self.failed) = (inbox, outbox, done, failed)
            (self.format, self.settle, self.jobs) = (format, settle, max(1, jobs))
        }
    }

    /// What became of one file, for the log.
    public enum Outcome: Sendable, Equatable {
        /// Recognised into `output`; `failedPages` of its pages could not be read; the original
        /// is now `original` (nil: left in the inbox).
        case written(input: String, output: String, pages: Int, failedPages: Int, seconds: Double, original: String?)
        /// Finished before a restart: its original moved on to `original` without reading it again.
        case finishedBefore(input: String, original: String)
        /// Not read; the original is now `original` (nil: it could not be moved).
        case failed(input: String, reason: String, original: String?)
        /// Not finished, to be read again once it is complete: it changed while it was read.
        case postponed(input: String, reason: String)
        /// Not read whole, and seen written to lately: perhaps not finished, so held in the
        /// inbox, read again when it changes, or failed once it has been left alone
        /// `failedAfter` seconds more.
        case held(input: String, reason: String, failedAfter: Double)

        /// The file the outcome is of, by its name in the inbox.
        public var input: String {
            switch self {
            case .written(let input, _, _, _, _, _), .finishedBefore(let input, _), .failed(let input, _, _),
                 .postponed(let input, _), .held(let input, _, _):
                input
            }
        }
    }

    /// How many settle times a file that does not read must be left alone (seen unchanged
    /// while watched) before it is given up on: a scanner that appends its pages slowly pauses
    /// for longer than `settle`.
    public static let patience = 10.0

    /// Why the watcher stopped.
    public enum Ending: Sendable, Equatable {
        /// Asked to stop (SIGTERM, Ctrl-C).
        case stopped
        /// The inbox was deleted, moved away or replaced.
        case inboxGone
    }

    /// Why a watcher cannot start.
    public struct StartError: LocalizedError {
        public let message: String
        public var errorDescription: String? { message }
    }

    private let options: Options
    private let runner: ImageRunner
    private let inbox: OpenFolder
    private let outbox: OpenFolder
    private let done: OpenFolder?
    private let failed: OpenFolder
    private let journal: Journal
    /// Temporary documents in the outbox: `.filterocr-watch-PID-RANDOM.pdf`.
    private static let temporaries = PrivateTemporaries(kind: "watch")
    /// The start of the watcher's own clock, which files' times are never compared with.
    private let origin = ContinuousClock.now

    /// Opens and checks the folders, takes the inbox's lock and reads the journal.
    /// - Parameter runner: recognises one file (its settings, filters, store).
    public init(options: Options, runner: ImageRunner) throws {
        self.options = options
        self.runner = runner
        let inbox = try OpenFolder(options.inbox)
        self.inbox = inbox
        outbox = try Self.folder(options.outbox, as: "--to", beside: inbox)
        failed = try Self.folder(options.failed, as: "--failed", beside: inbox)
        done = try options.done.map { try Self.folder($0, as: "--done", beside: inbox) }
        if options.done != nil, !inbox.isWritable {
            throw StartError(message: "\(PathEncoding.displayed(options.inbox)): the inbox is not writable by this user, so "
                             + "its files cannot be moved on; give --keep to leave them there")
        }
        guard inbox.lockExclusively() else {
            throw StartError(message: "\(PathEncoding.displayed(options.inbox)) is already watched by another filterocr watch: "
                             + "stop that one first (each file must be read once)")
        }
        // The outbox receives documents only: a consume folder would take a journal there too.
        do {
            journal = try Journal(folder: inbox.isWritable ? inbox : failed, former: outbox,
                                  isLive: { name, sizeAndTime in inbox.stamp(of: name)?.sizeAndTime == sizeAndTime },
                                  isInOutbox: { [outbox] temporary in outbox.names().contains(temporary) })
        } catch let FileError.cannotWrite(path, reason) {
            throw StartError(message: "the journal \(PathEncoding.displayed(path)) cannot be written: \(reason); the watcher "
                             + "records there each file it finished, so that a restart reads none twice: make it writable "
                             + "by this user")
        }
        Self.removeStaleTemporaries(in: outbox)
    }

    /// The folder `path` (made if missing) that the watcher writes to as `role`: never the
    /// inbox itself (one inside it is never read, by design), and writable.
    private static func folder(_ path: String, as role: String, beside inbox: OpenFolder) throws -> OpenFolder {
        try Folders.create(path)
        let folder = try OpenFolder(path)
        if folder.isSame(as: inbox) {
            throw StartError(message: "\(role) \(PathEncoding.displayed(path)) is the inbox itself: give another folder "
                             + "(one inside the inbox is fine), e.g. \(role) \(PathEncoding.displayed(inbox.path(of: "out")))")
        }
        guard folder.isWritable else {
            throw StartError(message: "\(role) \(PathEncoding.displayed(path)): the folder is not writable by this user")
        }
        return folder
    }

    /// Watches until `stop` is raised or the inbox goes, then finishes the files being read and
    /// returns; files waiting for an engine stay in the inbox for the next start. `log` is told
    /// each file's outcome, and `problem` each move or journal write that failed, on the
    /// engine's thread; the caller ends non-zero after a problem.
    /// - Throws: when no engine can start, before any file is read.
    /// - Parameter stopping: told, once `stop` is raised, the files still being read (by their
    ///   names in the inbox), which the watcher finishes before it returns.
    public func run(stop: StopSignal, log: @escaping @Sendable (Outcome) -> Void,
                    problem: @escaping @Sendable (String) -> Void,
                    stopping: @Sendable ([String]) -> Void = { _ in }) throws -> Ending {
        // Once every file being read is finished: one line a finished file is left.
        defer {
            do { try journal.tidy() } catch { problem(oneLineMessage(for: error)) }
        }
        let events: FolderEvents
        do {
            events = try FolderEvents(folder: options.inbox)
        } catch {
            // Gone between the start and its watch.
            guard inbox.isStillAtItsPath else { return .inboxGone }
            throw error
        }
        guard inbox.isStillAtItsPath else { return .inboxGone }
        let wakeID = stop.whenRaised { events.wake() }
        defer { if let wakeID { stop.removeHandler(wakeID) } }
        var arrivals = Arrivals<FileStamp>(settle: options.settle)
        // The files an engine is reading now, in the order they were started.
        let reading = Locked<[String]>([])
        // Why the engines cannot read (they could not start): the watcher stops, files stay.
        let broken = Locked<String?>(nil)
        // Each file is a job on an engine, read with a pipeline over that engine; what is to
        // become of it comes back to this loop, woken from its wait for the inbox's events.
        let engines = try runner.makeEngines(count: options.jobs)
        let files = engines.batch(of: (name: String, next: Next).self).waking { events.wake() }
        var now: Double { elapsed }
        func start(_ names: [String]) {
            for name in names {
                if isStillBeingWritten(name) {
                    arrivals.putBack(name, stamp: inbox.stamp(of: name), now: now)
                    continue
                }
                let lastChange = arrivals.lastChange(of: name) ?? now
                files.submit(0) { [self] engine in
                    var next = Next.done
                    if !stop.isRaised, broken.withLock({ $0 == nil }) {
                        reading.withLock { $0.append(name) }
                        defer { reading.withLock { $0.removeAll { $0 == name } } }
                        do {
                            var pipeline = runner.pipeline(over: engine)
                            var stamp: FileStamp?
                            let outcome = try process(name, lastChange: lastChange, stamp: &stamp, with: &pipeline,
                                                      problem: problem)
                            if let outcome { log(outcome) }
                            switch outcome {
                            case .postponed: next = .again
                            case let .held(_, _, failedAfter): next = .held(stamp: stamp, until: elapsed + failedAfter)
                            default: break
                            }
                        } catch {
                            broken.withLock { $0 = $0 ?? oneLineMessage(for: error) }
                        }
                    }
                    return (name, next)
                }
            }
        }
        /// Every file in the inbox, looked at as if just found: at the start, and when the
        /// kernel's queue overflowed and changes were lost.
        func lookAtAll() {
            for name in inbox.names() where !Self.ignored(name) {
                guard let stamp = inbox.stamp(of: name), inbox.kind(of: name) != .directory else { continue }
                start(arrivals.found(name, stamp: stamp, now: now))
            }
        }
        lookAtAll()
        var ending = Ending.stopped
        while !stop.isRaised, broken.withLock({ $0 == nil }) {
            // The inbox is looked at every few seconds too: a folder renamed over it sends nothing.
            let changes = events.next(timeout: max(0.05, min(arrivals.untilNextSettles(now: now) ?? Self.inboxCheck, Self.inboxCheck)))
            for (_, file) in files.finishedNow() {
                switch file.next {
                case .done: arrivals.finished(file.name)
                case .again: arrivals.putBack(file.name, stamp: inbox.stamp(of: file.name), now: now)
                case let .held(stamp, deadline): arrivals.hold(file.name, stamp: stamp, until: deadline)
                }
            }
            if changes.contains(.folderGone) || !inbox.isStillAtItsPath {
                ending = .inboxGone
                break
            }
            for change in changes {
                if change == .overflow { lookAtAll() }
                if let name = change.name, Self.ignored(name) { continue }
                start(arrivals.changed(change, stamp: change.name.flatMap(inbox.stamp(of:)), now: now))
            }
            start(arrivals.settled(now: now) { inbox.stamp(of: $0) })
        }
        if ending == .inboxGone { stop.raise() }
        stopping(reading.withLock { $0 }.map(PathEncoding.displayed))
        _ = files.all()
        if let reason = broken.withLock({ $0 }) { throw StartError(message: reason) }
        return ending
    }

    /// What becomes of a file once an engine has dealt with it.
    private enum Next: Sendable {
        case done
        /// Waited for again, from now: it changed while it was read.
        case again
        /// Taken again when it changes (from `stamp`, as it was read), or at the deadline.
        case held(stamp: FileStamp?, until: Double)
    }

    /// Seconds since the watcher was made, by a clock that only goes forward.
    private var elapsed: Double { (ContinuousClock.now - origin).inSeconds }

    /// Seconds between looks at whether the inbox is still where it was.
    private static let inboxCheck = 2.0

    /// Whether another process still has `name` open for writing, as far as Linux tells (to the
    /// file's owner or root): such a file is waited for, even if it has been quiet.
    private func isStillBeingWritten(_ name: String) -> Bool {
        guard let descriptor = try? inbox.openRegular(name, flags: O_RDONLY) else { return false }
        defer { close(descriptor) }
        return FolderEvents.isOpenForWriting(descriptor: descriptor) == true
    }

    /// Names a scanner or a copy gives a file while writing it, and the folders' own files.
    static func ignored(_ name: String) -> Bool {
        name.hasPrefix(".") || [".part", ".partial", ".tmp", ".crdownload", ".why"].contains { name.hasSuffix($0) }
    }

    /// Reads the file `name` of the inbox into the outbox, and moves it on; nil when there was
    /// nothing to do (it went, it is empty, or it was finished and is kept).
    /// - Parameters:
    ///   - lastChange: when the watcher last saw the file change (`elapsed`).
    ///   - stamp: set to the stamp of the file opened, when it was.
    /// - Throws: only when the engine cannot read at all.
    private func process(_ name: String, lastChange: Double, stamp: inout FileStamp?, with pipeline: inout Pipeline,
                         problem: (String) -> Void) throws -> Outcome? {
        let shown = PathEncoding.displayed(name)
        let held: HeldFile
        do {
            held = try inbox.open(name)
        } catch {
            switch error {
            case .notFound: return nil
            case .notAFile(_, let kind) where kind == .directory: return nil
            case .notAFile(_, let kind):
                return fail(name, held: nil, reason: "\(inbox.path(of: name)) is \(kind.description), not a file: "
                            + "the watcher reads regular files only", problem: problem)
            default:
                return fail(name, held: nil, reason: oneLineMessage(for: error), problem: problem)
            }
        }
        stamp = held.stamp
        // An empty file is one a writer has only begun: it is left alone until written.
        guard held.stamp.byteCount > 0 else { return nil }
        if journal.contains(name, held.stamp) {
            // Left in place (--keep), a finished file is simply not read again.
            guard let done else { return nil }
            do {
                let moved = try inbox.move(name, held: held, to: done, names: UniqueNames(name))
                return .finishedBefore(input: shown, original: PathEncoding.displayed(done.path(of: moved)))
            } catch {
                problem("\(shown): " + oneLineMessage(for: error))
                return nil
            }
        }
        // Hidden, so that whatever reads the outbox in turn does not take it half-written.
        let temporary = "." + Self.temporaries.name() + "." + options.format.fileExtension
        let started = ContinuousClock.now
        var failures: [String] = []
        var pages = 0
        do {
            let document = try PageDocument(format: options.format, destination: outbox.path(of: temporary),
                                            keepsOriginalPages: Document.kind(of: held.readablePath) == .pdf, optimized: options.optimized)
            let summary: ImageRunner.Summary
            do {
                summary = try runner.run(held.readablePath, with: &pipeline, pages: document) { result in
                    switch result.outcome {
                    case .failed(let message): failures.append(message)
                    case .recognized(_, let problem, _): if let problem { failures.append(problem) } else { pages += 1 }
                    case .leftAsIs: pages += 1
                    case .skipped: break
                    }
                }
            } catch {
                document.abandon()
                throw EngineFailure(underlying: error)
            }
            guard held.isUnchanged else {
                document.abandon()
                return .postponed(input: shown, reason: "it changed while it was read; it is read again once it has been "
                                  + "left alone for \(Self.seconds(options.settle))")
            }
            guard summary.succeeded > 0 else {
                document.abandon()
                return failOrHold(name, held: held, lastChange: lastChange, reason: failures.first.map { named($0, held, name) } ?? "no page could be read",
                                  problem: problem)
            }
            try document.finish()
        } catch let failure as EngineFailure {
            throw failure.underlying
        } catch {
            try? outbox.remove(temporary)
            return failOrHold(name, held: held, lastChange: lastChange, reason: named(oneLineMessage(for: error), held, name), problem: problem)
        }
        // Said before the rename, so that a restart after a kill between the two knows.
        let announced = (try? journal.recordRename(name, held.stamp, of: temporary)) != nil
        let output: String
        do {
            output = outbox.path(of: try outbox.rename(temporary, toFirstFreeOf: UniqueNames(name, fileExtension: options.format.fileExtension)))
        } catch {
            // Left in the outbox when the journal still says it is being renamed: a restart
            // then reads the file again (and removes it), instead of taking it for finished.
            if !announced || (try? journal.withdrawRename(name, held.stamp, of: temporary)) != nil {
                try? outbox.remove(temporary)
            }
            problem("\(shown): " + oneLineMessage(for: error))
            return nil
        }
        do {
            try journal.record(name, held.stamp)
        } catch {
            problem("\(shown): read into \(PathEncoding.displayed(output)), but " + oneLineMessage(for: error))
        }
        var original: String?
        if let done {
            do {
                original = done.path(of: try inbox.move(name, held: held, to: done, names: UniqueNames(name)))
            } catch {
                problem("\(shown): read into \(PathEncoding.displayed(output)), but the original stays in the inbox: "
                        + oneLineMessage(for: error))
            }
        }
        return .written(input: shown, output: PathEncoding.displayed(output), pages: pages, failedPages: failures.count,
                        seconds: (ContinuousClock.now - started).inSeconds, original: original.map(PathEncoding.displayed))
    }

    /// A reader's message about the held file, with its name in the inbox for the path it was
    /// read through.
    private func named(_ message: String, _ held: HeldFile, _ name: String) -> String {
        message.replacingOccurrences(of: PathEncoding.displayed(held.readablePath), with: PathEncoding.displayed(inbox.path(of: name)))
    }

    /// A file that could not be read: held in the inbox while the watcher saw it change within
    /// `patience` settle times, at `lastChange` (a slow scanner may not have finished it; moved
    /// to `failed` now, the rest it writes would arrive as files of their own), else moved to
    /// `failed` whole. Its modification time is not looked at: it may be anything.
    private func failOrHold(_ name: String, held: HeldFile, lastChange: Double, reason: String,
                            problem: (String) -> Void) -> Outcome {
        let left = lastChange + Self.patience * options.settle - elapsed
        guard left > 0 else { return fail(name, held: held, reason: reason, problem: problem) }
        return .held(input: PathEncoding.displayed(name), reason: reason, failedAfter: left)
    }

    /// Moves `name` to the failed folder, under a name of its own, with its reason beside it.
    private func fail(_ name: String, held: HeldFile?, reason: String, problem: (String) -> Void) -> Outcome {
        let shown = PathEncoding.displayed(name)
        do {
            let moved = try inbox.move(name, held: held, to: failed, names: UniqueNames(name))
            do {
                _ = try failed.create(Array((reason + "\n").utf8), names: UniqueNames(moved + ".why"))
            } catch {
                problem("\(shown): " + oneLineMessage(for: error))
            }
            return .failed(input: shown, reason: reason, original: PathEncoding.displayed(failed.path(of: moved)))
        } catch {
            problem("\(shown): could not be read (\(reason)), and " + oneLineMessage(for: error))
            return .failed(input: shown, reason: reason, original: nil)
        }
    }

    /// Removes this process's temporary documents from the outbox (and the files they were
    /// being written through), for a process about to end at once: a second signal stops the
    /// watcher without finishing what it reads, and the outbox receives finished documents only.
    public func removeOwnTemporaries() {
        let own = "." + Self.temporaries.name(random: "")
        for name in outbox.names() where name.hasPrefix(own) || name.hasPrefix("." + own) {
            try? outbox.remove(name)
        }
    }

    /// Temporary documents of watchers that died before they could remove them.
    private static func removeStaleTemporaries(in outbox: OpenFolder) {
        for name in outbox.names() where name.hasPrefix(".") {
            guard let pid = temporaries.owner(of: String(name.dropFirst())), pid != getpid(), !StaleTemporaries.isAlive(pid)
            else { continue }
            try? outbox.remove(name)
        }
    }

    /// What stopped the engine itself, as opposed to one file.
    private struct EngineFailure: Error {
        let underlying: any Error
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

extension FolderEvents.Change {
    /// The file the change is about; nil for a change of the folder itself.
    var name: String? {
        switch self {
        case .movedIn(let name), .closed(let name), .changing(let name), .gone(let name): name
        case .overflow, .folderGone: nil
        }
    }
}

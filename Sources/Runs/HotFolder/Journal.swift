import FileSystem
import Foundation
import Threading

/// The files a hot folder has finished, one line each (`size@time name`), appended and flushed
/// before the original is moved on: a file found again with the same name, size and time was
/// finished, whatever stopped the watcher after.
///
/// A document is renamed into the outbox after a line `size@time>TEMPORARY name` says which
/// hidden file holds it, so that a watcher killed between the rename and the file's own line
/// leaves the answer on disk: at the next start, a temporary gone from the outbox was renamed
/// (its file is finished), one still there was not (its file is read again).
///
/// The journal is a regular file of the inbox (of the `failed` folder when the inbox is read-only),
/// never of the outbox, which receives documents only (a consume folder takes whatever lands
/// there). It is opened without following a link and without
/// waiting on a FIFO; it is read line by line, so a damaged line costs that line only, and it
/// is rewritten without the files that left the inbox once it has grown past those it names.
final class Journal: Sendable {
    static let name = ".filterocr-watch.journal"

    private let folder: OpenFolder
    /// Whether a line's file is still in the inbox, as that line recorded it.
    private let isLive: @Sendable (_ name: String, _ sizeAndTime: String) -> Bool
    private let state: Locked<State>

    private struct State {
        var descriptor: Int32
        var lines: Set<String>
        /// Lines at the last rewrite: the journal is rewritten once it holds twice as many.
        var linesKept: Int
    }

    /// - Parameter former: a folder an earlier version kept the journal in (the outbox): its
    ///   lines are taken over and the file there removed, so that an upgrade reads no
    ///   finished file again.
    /// - Parameter isInOutbox: whether a temporary document is still in the outbox, for the
    ///   lines of documents about to be renamed when the last watcher stopped.
    init(folder: OpenFolder, former: OpenFolder? = nil,
         isLive: @escaping @Sendable (_ name: String, _ sizeAndTime: String) -> Bool,
         isInOutbox: (_ temporary: String) -> Bool) throws(FileError) {
        self.folder = folder
        self.isLive = isLive
        let descriptor = try folder.openRegular(Self.name, flags: O_RDWR | O_CREAT | O_APPEND)
        let lines = Self.lines(of: descriptor)
        if let failure = Self.endTornLine(descriptor) {
            close(descriptor)
            throw .cannotWrite(path: folder.path(of: Self.name), reason: DescriptorWrite.reason(failure))
        }
        state = Locked(State(descriptor: descriptor, lines: lines, linesKept: lines.count))
        if let former, let old = try? former.openRegular(Self.name, flags: O_RDONLY) {
            let taken = Self.lines(of: old).subtracting(lines)
            close(old)
            try append(taken.sorted())
            try former.remove(Self.name)
        }
        try compact(always: settleRenames(isInOutbox))
    }

    /// The well-formed lines of the journal open at `descriptor`.
    private static func lines(of descriptor: Int32) -> Set<String> {
        let reader = LineReader(descriptor: descriptor)
        var lines: Set<String> = []
        while let line = reader.readLine() {
            if parse(line) != nil || parseRename(line) != nil { lines.insert(line) }
        }
        return lines
    }

    deinit { state.withLock { _ = close($0.descriptor) } }

    func contains(_ name: String, _ stamp: FileStamp) -> Bool {
        state.withLock { $0.lines.contains(Self.line(name, stamp.sizeAndTime)) }
    }

    /// Appends `name` as finished and flushes it to disk; throws when it could not be.
    func record(_ name: String, _ stamp: FileStamp) throws(FileError) {
        try append([Self.line(name, stamp.sizeAndTime)])
    }

    /// Rewrites the journal without the lines of renames whose file's own line followed, for a
    /// watcher about to stop: the journal is left with one line a finished file.
    func tidy() throws(FileError) {
        try compact(forgettingGone: false)
    }

    /// Appends and flushes that `name`'s document, finished as `temporary` in the outbox, is about
    /// to be renamed to its place: call before the rename.
    func recordRename(_ name: String, _ stamp: FileStamp, of temporary: String) throws(FileError) {
        try append([Self.renameLine(name, stamp.sizeAndTime, temporary)])
    }

    /// Takes back `recordRename` for a rename that failed, before its temporary is removed:
    /// otherwise the next start would take the file for finished.
    func withdrawRename(_ name: String, _ stamp: FileStamp, of temporary: String) throws(FileError) {
        let line = Self.renameLine(name, stamp.sizeAndTime, temporary)
        try state.withLock { state throws(FileError) in
            guard state.lines.remove(line) != nil else { return }
            try rewrite(&state)
        }
    }

    /// Appends well-formed `lines` in one write and flushes them to disk.
    private func append(_ lines: [String]) throws(FileError) {
        guard !lines.isEmpty else { return }
        let due = try state.withLock { state throws(FileError) -> Bool in
            state.lines.formUnion(lines)
            let failure = Array(lines.map { $0 + "\n" }.joined().utf8).withUnsafeBytes { DescriptorWrite.all($0, to: state.descriptor) }
                ?? (fsync(state.descriptor) == 0 ? nil : errno)
            if let failure {
                throw .cannotWrite(path: folder.path(of: Self.name), reason: DescriptorWrite.reason(failure))
            }
            return state.lines.count > 2 * state.linesKept + 256
        }
        if due { try compact() }
    }

    /// Turns the lines of renames a stopped watcher left into lines of finished files where their
    /// temporary left the outbox, and drops them where it is still there; whether there were any.
    private func settleRenames(_ isInOutbox: (_ temporary: String) -> Bool) -> Bool {
        state.withLock { state in
            let renames = state.lines.compactMap { line in Self.parseRename(line).map { (line, $0) } }
            for (line, rename) in renames {
                state.lines.remove(line)
                if !isInOutbox(rename.temporary) { state.lines.insert(Self.line(rename.name, rename.sizeAndTime)) }
            }
            return !renames.isEmpty
        }
    }

    /// Rewrites the journal without the lines of renames whose file's own line followed and,
    /// `forgettingGone`, of files no longer in the inbox, if it then holds fewer lines or `always`.
    private func compact(always: Bool = false, forgettingGone: Bool = true) throws(FileError) {
        try state.withLock { state throws(FileError) in
            let lines = state.lines
            let kept = lines.filter { line in
                let entry: (name: String, sizeAndTime: String)
                if let finished = Self.parse(line) {
                    entry = finished
                } else if let rename = Self.parseRename(line) {
                    // A rename's line is needed only until its file's own line follows it.
                    guard !lines.contains(Self.line(rename.name, rename.sizeAndTime)) else { return false }
                    entry = (rename.name, rename.sizeAndTime)
                } else {
                    return false
                }
                return !forgettingGone || isLive(entry.name, entry.sizeAndTime)
            }
            guard always || kept.count < lines.count else { return }
            state.lines = kept
            try rewrite(&state)
        }
    }

    /// Replaces the journal with `state.lines` and opens the new file.
    private func rewrite(_ state: inout State) throws(FileError) {
        let text = state.lines.sorted().map { $0 + "\n" }.joined()
        try folder.replace(Self.name, with: Array(text.utf8))
        let reopened = try folder.openRegular(Self.name, flags: O_RDWR | O_APPEND)
        close(state.descriptor)
        (state.descriptor, state.linesKept) = (reopened, state.lines.count)
    }

    /// Ends a last line a crash left without its newline, so that the next record starts a
    /// line of its own instead of joining the torn one (and being lost with it); the errno of
    /// a write that failed.
    private static func endTornLine(_ descriptor: Int32) -> Int32? {
        let size = lseek(descriptor, 0, SEEK_END)
        guard size > 0 else { return size < 0 ? errno : nil }
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, size - 1) == 1 else { return errno }
        guard last != UInt8(ascii: "\n") else { return nil }
        return [UInt8(ascii: "\n")].withUnsafeBytes { DescriptorWrite.all($0, to: descriptor) }
            ?? (fsync(descriptor) == 0 ? nil : errno)
    }

    private static func line(_ name: String, _ sizeAndTime: String) -> String {
        sizeAndTime + " " + name.replacingOccurrences(of: "\n", with: "\\n")
    }

    /// The line of a rename: the temporary's name (the watcher's own, without space or `>`)
    /// after the stamp.
    private static func renameLine(_ name: String, _ sizeAndTime: String, _ temporary: String) -> String {
        line(name, sizeAndTime + ">" + temporary)
    }

    /// The name, `size@time` and temporary of a rename's line; nil for a line that is not one.
    static func parseRename(_ line: String) -> (name: String, sizeAndTime: String, temporary: String)? {
        guard let space = line.firstIndex(of: " "), let mark = line[..<space].firstIndex(of: ">") else { return nil }
        let temporary = String(line[line.index(after: mark)..<space])
        guard !temporary.isEmpty, !temporary.contains("/"),
              let finished = parse(String(line[..<mark]) + String(line[space...])) else { return nil }
        return (finished.name, finished.sizeAndTime, temporary)
    }

    /// The name and `size@time` of a journal line; nil for a line that is not one.
    static func parse(_ line: String) -> (name: String, sizeAndTime: String)? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        let stamp = line[..<space]
        let parts = stamp.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit),
              parts[1].split(separator: ".", omittingEmptySubsequences: false).count == 2,
              parts[1].allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "-" }) else { return nil }
        let name = String(line[line.index(after: space)...]).replacingOccurrences(of: "\\n", with: "\n")
        guard !name.isEmpty else { return nil }
        return (name, String(stamp))
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

import FileSystem
import Foundation
import Threading

/// The files a hot folder has finished, one line each (`size@time name`), appended and flushed
/// before the original is moved on: a file found again with the same name, size and time was
/// finished, whatever stopped the watcher after.
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
    init(folder: OpenFolder, former: OpenFolder? = nil,
         isLive: @escaping @Sendable (_ name: String, _ sizeAndTime: String) -> Bool) throws(FileError) {
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
        try compact()
    }

    /// The well-formed lines of the journal open at `descriptor`.
    private static func lines(of descriptor: Int32) -> Set<String> {
        let reader = LineReader(descriptor: descriptor)
        var lines: Set<String> = []
        while let line = reader.readLine() {
            if parse(line) != nil { lines.insert(line) }
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

    /// Rewrites the journal with the lines of files still in the inbox.
    private func compact() throws(FileError) {
        try state.withLock { state throws(FileError) in
            let kept = state.lines.filter { line in
                Self.parse(line).map { isLive($0.name, $0.sizeAndTime) } ?? false
            }
            guard kept.count < state.lines.count else { return }
            let text = kept.sorted().map { $0 + "\n" }.joined()
            try folder.replace(Self.name, with: Array(text.utf8))
            let reopened = try folder.openRegular(Self.name, flags: O_RDWR | O_APPEND)
            close(state.descriptor)
            (state.descriptor, state.lines, state.linesKept) = (reopened, kept, kept.count)
        }
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// A shard's lines one at a time, numbered as in its file: read from the file a buffer at a
/// time, so that a merge holds a line of each part and never a part, or from lines already in
/// memory. Each line is split at an LF, a CR before it dropped, and checked to be UTF-8
/// (`ShardMerge.text(of:number:file:)`).
final class PartLines {
    /// A line longer than this is refused rather than held: 64 MiB, thousands of times a
    /// page's line, so that a file without line ends cannot take the memory a part would.
    static let maximumLine = 1 << 26
    /// Bytes read from the file at a time.
    private static let chunk = 1 << 20

    /// The file, as the user named it.
    let file: String
    /// The number of the line `next()` returned last.
    private(set) var number = 0

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// How far past `start` the buffer is known to hold no LF.
    private var scanned = 0
    private var ended = false
    private var memory: [String]
    private var memoryIndex = 0

    /// Lines already in memory.
    init(file: String, lines: [String]) {
        self.file = file
        descriptor = -1
        memory = lines
    }

    /// The lines of the file at `file`, read as they are asked for.
    init(opening file: String) throws(FileError) {
        self.file = file
        memory = []
        descriptor = PathEncoding.withFileSystemPath(file) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw .unreadable(path: file, reason: errno == EMFILE
                ? "too many files open at once (\(DescriptorWrite.reason(errno))); raise the limit with ulimit -n"
                : DescriptorWrite.reason(errno))
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next line, or nil at the end of the part.
    func next() throws(ShardMerge.Failure) -> String? {
        guard descriptor >= 0 else {
            guard memoryIndex < memory.count else { return nil }
            defer { memoryIndex += 1 }
            number += 1
            return memory[memoryIndex]
        }
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                return try take(upTo: newline, skipping: 1)
            }
            scanned = buffer.count - start
            if scanned > Self.maximumLine {
                throw ShardMerge.Failure(message: "\(PathEncoding.displayed(file)) line \(number + 1) is longer than "
                                         + "\(Self.maximumLine >> 20) MiB: give the file filterocr batch wrote, unchanged")
            }
            if ended { return start < buffer.count ? try take(upTo: buffer.count, skipping: 0) : nil }
            try fill()
        }
    }

    private func take(upTo end: Int, skipping separator: Int) throws(ShardMerge.Failure) -> String {
        number += 1
        let text = try ShardMerge.text(of: buffer[start..<end], number: number, file: file)
        start = end + separator
        scanned = 0
        return text
    }

    /// Reads one chunk onto the end of the buffer, first dropping the lines already taken.
    private func fill() throws(ShardMerge.Failure) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunk))
        var got: Int
        var code: Int32 = 0
        repeat {
            got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress.map { $0 + old }, Self.chunk) }
            code = got < 0 ? errno : 0
        } while code == EINTR
        buffer.removeLast(Self.chunk - max(got, 0))
        if got < 0 {
            throw ShardMerge.Failure(message: "\(PathEncoding.displayed(file)) cannot be read (\(DescriptorWrite.reason(code)))")
        }
        if got == 0 { ended = true }
    }
}

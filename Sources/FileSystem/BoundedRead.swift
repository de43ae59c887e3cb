#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files and streams without ever holding more than a limit: the size is
/// checked before reading, and reading stops one byte past the limit.
public enum BoundedRead {
    /// The first bytes of the file at `path` (at most `count`), to check a header before
    /// committing memory to the whole file.
    public static func prefix(of path: String, count: Int) throws(FileError) -> [UInt8] {
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }
        return try readAll(descriptor, limit: count, name: path, stopAtLimit: true, expected: count)
    }

    /// All bytes of the regular file at `path`; more than `limit` is refused.
    public static func file(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : nil
        if let size, size > limit { throw .tooLarge(path: path, bytes: size, limit: limit) }
        return try readAll(descriptor, limit: limit, name: path, stopAtLimit: false, expected: size)
    }

    /// All bytes from `descriptor` (standard input), in bounded chunks; more than `limit`
    /// is refused as soon as it is seen.
    public static func stream(_ descriptor: Int32, limit: Int, name: String) throws(FileError) -> [UInt8] {
        try readAll(descriptor, limit: limit, name: name, stopAtLimit: false)
    }

    /// The next bytes from `descriptor`, at most `count`: fewer only at the end of the stream.
    public static func streamPrefix(_ descriptor: Int32, count: Int, name: String) throws(FileError) -> [UInt8] {
        try readAll(descriptor, limit: count, name: name, stopAtLimit: true, expected: count)
    }

    private static func openRegularFile(_ path: String) throws(FileError) -> Int32 {
        // Special files are refused before opening: opening a FIFO would wait for a writer.
        switch FileKind(at: path) {
        case .missing: throw .notFound(path: path)
        case .regular, .symbolicLink: break
        case let kind: throw .notAFile(path: path, kind: kind)
        }
        let descriptor = PathEncoding.withFileSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: code == EACCES ? "permission denied" : systemReason(code))
        }
        // A link is followed for reading; what it leads to must be a file too.
        let kind = FileKind(descriptor: descriptor)
        guard kind.isRegular else {
            close(descriptor)
            throw .notAFile(path: path, kind: kind)
        }
        return descriptor
    }

    /// Reads until the end, or `limit` bytes when `stopAtLimit`; otherwise more than
    /// `limit` is refused. `expected` (a file's size) sizes the buffers, so that a small
    /// file costs a small read.
    private static func readAll(_ descriptor: Int32, limit: Int, name: String, stopAtLimit: Bool,
                                expected: Int? = nil) throws(FileError) -> [UInt8] {
        let hint = min(limit, expected ?? (64 << 10)) + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hint)
        var chunk = [UInt8](repeating: 0, count: min(1 << 20, max(4096, hint)))
        while true {
            let wanted = stopAtLimit ? min(chunk.count, limit - bytes.count) : chunk.count
            if wanted <= 0 { return bytes }
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A descriptor left non-blocking by another program: wait for data.
                    var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&waiting, 1, -1)
                    continue
                }
                throw .unreadable(path: name, reason: errno == EISDIR ? "is a directory" : systemReason())
            }
            if got == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<got])
            if !stopAtLimit, bytes.count > limit { throw .tooLarge(path: name, bytes: nil, limit: limit) }
        }
    }
}

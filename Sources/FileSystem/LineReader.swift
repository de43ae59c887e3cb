#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines from a file descriptor (standard input), read as bytes so that paths that are not
/// UTF-8 survive (see `PathEncoding`), one buffer at a time, never the whole stream.
public final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// Where each read lands before it joins `buffer`, made once.
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)
    /// A line longer than this is cut there: no path or command is that long.
    public static let maximumLine = 1 << 20

    public init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// The next line without its line break, or nil at the end of input (or when a signal
    /// interrupted the read, so that the caller can look at why).
    public func readLine() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                return take(upTo: newline, skipping: 1)
            }
            if buffer.count - start >= Self.maximumLine { return take(upTo: start + Self.maximumLine, skipping: 0) }
            if ended {
                return start < buffer.count ? take(upTo: buffer.count, skipping: 0) : nil
            }
            guard fill() else { return nil }
        }
    }

    /// The next `count` bytes (fewer at the end of input), still to be read: to tell what
    /// the input holds before reading it as lines.
    public func peek(_ count: Int) -> [UInt8] {
        while buffer.count - start < count && !ended && fill() {}
        return Array(buffer[start..<min(buffer.count, start + count)])
    }

    /// Reads one chunk into the buffer; false when a signal interrupted the read.
    private func fill() -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if got < 0 && errno == EINTR { return false }
        if got <= 0 {
            ended = true
        } else {
            buffer.append(contentsOf: chunk[..<got])
        }
        return true
    }

    private func take(upTo end: Int, skipping separator: Int) -> String {
        var line = buffer[start..<end]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        start = end + separator
        return PathEncoding.decode(line)
    }
}

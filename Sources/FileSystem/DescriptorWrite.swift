#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing all of a buffer to a file descriptor, the one loop every writer of ours uses.
public enum DescriptorWrite {
    /// Writes all of `buffer` to `descriptor`, going on after a signal interrupts; returns
    /// the `errno` of the write that failed, nil when everything was written.
    public static func all(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// The reason for `code` as a sentence gives it: `no space left on device`.
    public static func reason(_ code: Int32) -> String {
        systemReason(code)
    }
}

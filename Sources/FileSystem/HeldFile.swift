#if canImport(Glibc)
import Glibc
#endif

/// A regular file held open by its descriptor, so that what is read and moved is the file that
/// was checked, whatever its name comes to mean meanwhile: readers open it again through
/// `readablePath` (`/proc/self/fd/N`, the same file, never a link someone swapped in), and
/// `isUnchanged` says whether it was written while it was read.
public final class HeldFile: Sendable {
    let descriptor: Int32
    /// The file as it was when opened.
    public let stamp: FileStamp

    init(descriptor: Int32, stamp: FileStamp) {
        (self.descriptor, self.stamp) = (descriptor, stamp)
    }

    deinit { close(descriptor) }

    /// A path that opens this very file (Linux's `/proc/self/fd`), for readers that take paths.
    public var readablePath: String { "/proc/self/fd/\(descriptor)" }

    /// Whether the file is as it was when opened: same size, times and identity.
    public var isUnchanged: Bool { FileStamp(descriptor: descriptor) == stamp }

    /// Writes a copy of the file, flushed to disk, into `folder` under the first of `names` that
    /// is free (nothing is replaced); returns that name.
    func copy(into folder: OpenFolder, names: some Sequence<String>) throws(FileError) -> String {
        try folder.create(names: names) { copyContent(to: $0) }
    }

    /// Copies every byte from the start into `target`; nil, or why it failed.
    private func copyContent(to target: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return systemReason()
            }
            if count == 0 { break }
            if let code = buffer.withUnsafeBytes({ DescriptorWrite.all(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: target) }) {
                return systemReason(code)
            }
            offset += off_t(count)
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystem

/// Where a merge's lines wait until the merge is whole, since a part can be refused after the
/// first lines are merged and a refused merge writes nothing: beside the output file, as its
/// replacement (`FileReplacement`), or, for standard output, in a temporary file no other
/// process can open (unlinked as soon as it is made), copied out at the end. Lines are
/// gathered into large writes.
public final class MergedOutput {
    private enum Destination {
        case file(FileReplacement)
        case held(descriptor: Int32, failure: String?)
    }

    private var destination: Destination
    private var buffer: [UInt8] = []
    private static let bufferSize = 1 << 20

    /// The merge's lines for `path`, or for standard output when `path` is nil.
    public init(path: String?) throws(FileError) {
        if let path {
            destination = .file(try FileReplacement(path))
            return
        }
        let held = PrivateTemporaries(kind: "merge").newFilePath()
        let descriptor = PathEncoding.withFileSystemPath(held) { open($0, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard descriptor >= 0 else { throw Self.holding(DescriptorWrite.reason(errno)) }
        _ = PathEncoding.withFileSystemPath(held) { unlink($0) }
        destination = .held(descriptor: descriptor, failure: nil)
    }

    deinit {
        switch destination {
        case .file(let replacement): replacement.abandon()
        case .held(let descriptor, _): close(descriptor)
        }
    }

    /// Adds `line` and its line end.
    public func append(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Replaces the output file with the lines, flushed to disk.
    /// - Precondition: made with a path.
    public func commit() throws(FileError) {
        flush()
        guard case .file(let replacement) = destination else { preconditionFailure("commit() is for an output file") }
        try replacement.commit()
    }

    /// Gives `write` the lines held for standard output, a large block at a time.
    /// - Precondition: made for standard output.
    public func copyOut(_ write: ([UInt8]) -> Void) throws(FileError) {
        flush()
        guard case .held(let descriptor, let failure) = destination else { preconditionFailure("copyOut is for standard output") }
        if let failure { throw Self.holding(failure) }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw Self.holding(DescriptorWrite.reason(errno)) }
        var block = [UInt8](repeating: 0, count: Self.bufferSize)
        while true {
            let got = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw Self.holding(DescriptorWrite.reason(errno)) }
            if got == 0 { return }
            write(Array(block[..<got]))
        }
    }

    /// The failure of the temporary folder that holds a merge for standard output.
    private static func holding(_ reason: String) -> FileError {
        .cannotWrite(path: PrivateTemporaries.directory, reason: "\(reason) (the merge is held there until every part is "
                     + "checked): give -o FILE, or set TMPDIR to a folder with room")
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        switch destination {
        case .file(let replacement):
            replacement.write(buffer)
        case .held(let descriptor, let failure):
            if failure == nil, let code = buffer.withUnsafeBytes({ DescriptorWrite.all($0, to: descriptor) }) {
                destination = .held(descriptor: descriptor, failure: DescriptorWrite.reason(code))
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

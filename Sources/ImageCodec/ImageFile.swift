import FileSystem

#if canImport(Glibc)
import Glibc
#endif

/// Reads image files and standard input with the decoder's limits: the only file access of
/// the codec. The header is checked from the first bytes before the whole file is read, and
/// no read ever holds more than the byte limit, so an over-limit image costs no more than
/// its header.
public enum ImageFile {
    /// How much of a file is read first, to check its header.
    static let headerLength = 64 << 10

    /// Reads and decodes the image at `path`.
    public static func load(_ path: String, decoder: ImageDecoder = ImageDecoder()) throws(ImageLoadError) -> DecodedImage {
        try decoder.decode(readBytes(path, decoder: decoder), source: path)
    }

    /// How many pixels the image file at `path` says it has, from its header alone; nil when
    /// it cannot be read or does not say (which decoding it reports).
    public static func claimedPixels(_ path: String, decoder: ImageDecoder = ImageDecoder()) -> Int? {
        claimedSize(path, decoder: decoder)?.pixels
    }

    /// `claimedPixels`, with the samples a pixel has where the header says (1 for grey).
    public static func claimedSize(_ path: String, decoder: ImageDecoder = ImageDecoder()) -> (pixels: Int, samplesPerPixel: Int?)? {
        guard let prefix = try? BoundedRead.prefix(of: path, count: headerLength),
              let header = decoder.header(of: prefix) else { return nil }
        return (header.width.multipliedSaturating(by: header.height), header.samplesPerPixel)
    }

    /// The bytes of the image file at `path`, once its header is within the limits.
    public static func readBytes(_ path: String, decoder: ImageDecoder = ImageDecoder()) throws(ImageLoadError) -> [UInt8] {
        let prefix = try mapped(path) { () throws(FileError) in try BoundedRead.prefix(of: path, count: headerLength) }
        // A file shorter than the prefix has been read whole.
        guard prefix.count >= headerLength else { return prefix }
        _ = try decoder.checkHeader(prefix, source: path)
        return try mapped(path) { () throws(FileError) in try BoundedRead.file(path, limit: decoder.maxBytes) }
    }

    /// All of standard input, read in bounded chunks up to the byte limit; as with a file,
    /// the header is checked from the first bytes before the rest is read, so that a stream
    /// that is no image, or too large an image, is refused at once.
    public static func readStandardInput(name: String, decoder: ImageDecoder = ImageDecoder()) throws(ImageLoadError) -> [UInt8] {
        switch FileKind(descriptor: STDIN_FILENO) {
        case .directory, .missing:
            throw ImageLoadError(source: name, problem: .unreadable("standard input is closed or a directory"))
        default:
            break
        }
        let prefix = try mapped(name) { () throws(FileError) in
            try BoundedRead.streamPrefix(STDIN_FILENO, count: min(headerLength, decoder.maxBytes), name: name)
        }
        guard prefix.count >= headerLength else { return prefix }
        _ = try decoder.checkHeader(prefix, source: name)
        let rest = try mapped(name) { () throws(FileError) in
            do throws(FileError) {
                return try BoundedRead.stream(STDIN_FILENO, limit: decoder.maxBytes - prefix.count, name: name)
            } catch .tooLarge {
                // The limit is on the whole image, prefix included.
                throw .tooLarge(path: name, bytes: nil, limit: decoder.maxBytes)
            }
        }
        return prefix + rest
    }

    /// Writes encoded image bytes to `path`: a regular file or nothing is replaced, and only
    /// once the whole new file is written.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try AtomicFile.write(bytes, to: path)
    }

    /// `body`'s bytes, with a file error said as an image error for `source`.
    private static func mapped(_ source: String, _ body: () throws(FileError) -> [UInt8]) throws(ImageLoadError) -> [UInt8] {
        do {
            return try body()
        } catch {
            let problem: ImageLoadError.Problem = switch error {
            case .notFound: .notFound
            case .notAFile(_, .directory): .isDirectory
            case let .notAFile(_, kind): .notAFile(kind: kind.description)
            case let .tooLarge(_, bytes, limit): .tooManyBytes(bytes: bytes, limit: limit)
            case let .unreadable(_, reason): .unreadable(reason)
            case .missingFolder, .cannotWrite: .unreadable(error.errorDescription ?? "cannot be read")
            }
            throw ImageLoadError(source: source, problem: problem)
        }
    }
}

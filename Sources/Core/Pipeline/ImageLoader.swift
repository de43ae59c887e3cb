import Documents
import Foundation
import ImageCodec
import Imaging
import Reports

/// Reads images from files or standard input, and documents' pages, with the decoder's
/// limits, and times it.
public struct ImageLoader: Sendable {
    /// A file's bytes, named, decoded reduced where their reading would shrink them; nil to decode them whole.
    public typealias ReducedLoad = (_ bytes: [UInt8], _ name: String) -> LoadedImage?

    /// The name standard input goes by, as Unix tools write it.
    public static let standardInputName = "-"

    public let decoder: ImageDecoder
    public let truth: TruthSource
    /// The resolution PDF pages are rendered at (`--dpi`); nil for a scan's own, or 300.
    public let pageResolution: Int?
    /// The document of the page read last, for the next.
    private let openDocument = OpenDocument()

    public init(decoder: ImageDecoder, truth: TruthSource = .none, pageResolution: Int? = nil) {
        self.decoder = decoder
        self.truth = truth
        self.pageResolution = pageResolution
    }

    /// Reads and decodes the image at `path` (`-` is standard input), or page `page` (from 1)
    /// of the document there (the first when nil); errors name the file.
    ///
    /// - Parameters:
    ///   - identified: compute the content key the render cache needs.
    ///   - digestsFile: compute the file's digest the result store's renderings need.
    ///   - reduced: for pixels wanted only to be read as they are, an image file's bytes decoded at
    ///     the size their reading shrinks them to, when the text sizing says so (`PageSizing`).
    public func load(_ path: String, page: Int? = nil, identified: Bool = false, digestsFile: Bool = false,
                     reduced: ReducedLoad? = nil) throws -> LoadedImage {
        let stopwatch = Stopwatch()
        var loaded: LoadedImage
        if path != Self.standardInputName,
           let (read, kind) = try openDocument.page(page ?? 1, of: path, dpi: pageResolution, decoder: decoder) {
            loaded = LoadedImage(name: path, decoded: read.decoded, contentKey: nil, decodeTime: 0)
            loaded.page = LoadedImage.Page(number: read.number, count: read.count, kind: kind, survey: read.survey,
                                           sharedTree: read.sharedTree)
        } else {
            let bytes = path == Self.standardInputName
                ? try Self.readStandardInput(decoder: decoder)
                : try ImageFile.readBytes(path, decoder: decoder)
            let digest = digestsFile && path != Self.standardInputName ? RenderingSource.fileDigest(bytes) : nil
            return try load(path, bytes: bytes, digest: digest, identified: identified, since: stopwatch, reduced: reduced)
        }
        return try finish(loaded, identified: identified, since: stopwatch)
    }

    /// The image file at `path`, whose bytes (with their digest, when wanted) were read
    /// already, decoded; `stopwatch` was started before they were read.
    public func load(_ path: String, bytes: [UInt8], digest: String?, identified: Bool, since stopwatch: Stopwatch,
                     reduced: ReducedLoad? = nil) throws -> LoadedImage {
        var loaded = try reduced?(bytes, path) ?? load(bytes: bytes, name: path)
        loaded.fileDigest = digest
        return try finish(loaded, identified: identified, since: stopwatch)
    }

    /// `loaded` with its content key (when `identified`), its truth and the time it took.
    private func finish(_ loaded: LoadedImage, identified: Bool, since stopwatch: Stopwatch) throws -> LoadedImage {
        var (loaded, stopwatch) = (loaded, stopwatch)
        if identified { loaded.contentKey = LoadedImage.contentKey(loaded.image) }
        loaded.truth = try truth.text(for: loaded.name, page: loaded.page?.number)
        loaded.decodeTime = stopwatch.lap()
        return loaded
    }

    /// Decodes image bytes that did not come from a file, named `name` in errors.
    public func load(bytes: [UInt8], name: String) throws -> LoadedImage {
        var stopwatch = Stopwatch()
        let decoded = try decoder.decode(bytes, source: name)
        return LoadedImage(name: name, decoded: decoded, contentKey: nil, decodeTime: stopwatch.lap())
    }

    /// `bytes` decoded at 1/`reduction` of its size (a JPEG, in libjpeg's transform), named
    /// `name`; nil when it cannot be (the reading then decodes it whole).
    func load(bytes: [UInt8], name: String, reduction: Int) -> LoadedImage? {
        var stopwatch = Stopwatch()
        guard let decoded = try? decoder.decode(bytes, source: name, reduction: reduction)
        else { return nil }
        return LoadedImage(name: name, decoded: decoded, contentKey: nil, decodeTime: stopwatch.lap())
    }

    /// All of standard input, which must hold one image: a second one after it (as
    /// `cat a.png b.png` or a multi-page converter gives) is refused rather than ignored.
    static func readStandardInput(decoder: ImageDecoder) throws -> [UInt8] {
        let bytes = try ImageFile.readStandardInput(name: standardInputName, decoder: decoder)
        if let length = ImageExtent.length(ofFirstImageIn: bytes), length < bytes.count,
           ImageExtent.length(ofFirstImageIn: Array(bytes[length...])) != nil {
            throw ApplicationError.severalImagesOnStandardInput(firstLength: length, total: bytes.count)
        }
        return bytes
    }
}

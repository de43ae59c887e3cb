import Documents
import Foundation
import ImageCodec
import Imaging

/// Reads images from files or standard input, and documents' pages, with the decoder's
/// limits, and times it.
public struct ImageLoader: Sendable {
    /// The name standard input goes by, as Unix tools write it.
    public static let standardInputName = "-"

    public let decoder: ImageDecoder
    public let truth: TruthSource
    /// The resolution PDF pages are rendered at (`--dpi`); nil for a scan's own, or 300.
    public let pageResolution: Int?
    /// How pages are sized for reading, which says when a photo may be decoded reduced.
    public let sizing: TextSizing
    public let space: WorkingSpace
    /// The document of the page read last, for the next.
    private let openDocument = OpenDocument()

    public init(decoder: ImageDecoder, truth: TruthSource = .none, pageResolution: Int? = nil, sizing: TextSizing = .off,
                space: WorkingSpace = .linear) {
        self.decoder = decoder
        self.truth = truth
        self.pageResolution = pageResolution
        self.sizing = sizing
        self.space = space
    }

    /// Reads and decodes the image at `path` (`-` is standard input), or page `page` (from 1)
    /// of the document there (the first when nil); errors name the file.
    ///
    /// - Parameters:
    ///   - identified: compute the content key the render cache needs.
    ///   - digestsFile: compute the file's digest the result store's renderings need.
    ///   - reducing: the pixels are wanted only to be read as they are: an image file may be
    ///     decoded at the size its reading shrinks it to (`loadReduced`).
    public func load(_ path: String, page: Int? = nil, identified: Bool = false, digestsFile: Bool = false,
                     reducing: Bool = false) throws -> LoadedImage {
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
            return try load(path, bytes: bytes, digest: digest, identified: identified, since: stopwatch, reducing: reducing)
        }
        return try finish(loaded, identified: identified, since: stopwatch)
    }

    /// The image file at `path`, whose bytes (with their digest, when wanted) were read
    /// already, decoded; `stopwatch` was started before they were read.
    public func load(_ path: String, bytes: [UInt8], digest: String?, identified: Bool, since stopwatch: Stopwatch,
                     reducing: Bool = false) throws -> LoadedImage {
        var loaded = try (reducing ? loadReduced(bytes: bytes, name: path) : nil) ?? load(bytes: bytes, name: path)
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
        let decoded = try LibraryDiagnostics.silenced { try decoder.decode(bytes, source: name) }
        return LoadedImage(name: name, decoded: decoded, contentKey: nil, decodeTime: stopwatch.lap())
    }

    /// `bytes` decoded at half its size in libjpeg's transform, where `sizing` reads the half as
    /// it is (`TextSizing.readsHalf`): a JPEG photo of at least `TextSizing.autoLeastPixels`
    /// (and under four times that, so that the half is not sized again) whose letters are tall.
    /// Decoding half of a 12 MP photo costs a third of the whole, and the half needs no
    /// resampling. nil where that does not hold: the image is decoded whole.
    func loadReduced(bytes: [UInt8], name: String) -> LoadedImage? {
        let reduction = 2
        guard sizing == .auto, let header = decoder.header(of: bytes), header.format == .jpeg else { return nil }
        let pixels = header.width * header.height
        guard pixels >= TextSizing.autoLeastPixels, pixels < 4 * TextSizing.autoLeastPixels else { return nil }
        var stopwatch = Stopwatch()
        guard let decoded = try? LibraryDiagnostics.silenced({ try decoder.decode(bytes, source: name, reduction: reduction) }),
              decoded.image.width < header.width, !decoded.image.isBilevel,
              let letters = LetterSize.measure(decoded.image, in: space, halving: false),
              sizing.readsHalf(letters, pixels: pixels) else { return nil }
        var loaded = LoadedImage(name: name, decoded: decoded, contentKey: nil, decodeTime: stopwatch.lap())
        loaded.reduced = ReducedDecoding(fileWidth: header.width, fileHeight: header.height, scale: 1 / Double(reduction))
        return loaded
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

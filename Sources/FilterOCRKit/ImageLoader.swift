import Foundation
import ImageCodec
import Imaging

/// Reads images from files or standard input, with the decoder's limits, and times it.
public struct ImageLoader: Sendable {
    /// The name standard input goes by, as Unix tools write it.
    public static let standardInputName = "-"

    public let decoder: ImageDecoder
    public let truth: TruthSource

    public init(decoder: ImageDecoder, truth: TruthSource = .none) {
        self.decoder = decoder
        self.truth = truth
    }

    /// Reads and decodes the image at `path` (`-` is standard input); errors name the file.
    ///
    /// - Parameter identified: compute the content key the render cache needs.
    public func load(_ path: String, identified: Bool = false) throws -> LoadedImage {
        var stopwatch = Stopwatch()
        let bytes = path == Self.standardInputName
            ? try Self.readStandardInput(decoder: decoder)
            : try ImageFile.readBytes(path, decoder: decoder)
        var loaded = try load(bytes: bytes, name: path)
        if identified { loaded.contentKey = LoadedImage.contentKey(loaded.image) }
        loaded.truth = try truth.text(for: path)
        loaded.decodeTime = stopwatch.lap()
        return loaded
    }

    /// Decodes image bytes that did not come from a file, named `name` in errors.
    public func load(bytes: [UInt8], name: String) throws -> LoadedImage {
        var stopwatch = Stopwatch()
        let decoded = try LibraryDiagnostics.silenced { try decoder.decode(bytes, source: name) }
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

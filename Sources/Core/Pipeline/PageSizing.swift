import ImageCodec
import Imaging

/// The one place a page's reading scale is decided (`TextSizing`'s rule), after the result
/// store has been asked: a file read as it is, once the store has no reading of its bytes,
/// may be decoded at the size its reading shrinks it to (`reducedDecoding`); any other page,
/// once the store has no reading of its pixels, is read at `scale` (`PageReader`).
public struct PageSizing: Sendable {
    public let rule: TextSizing
    let space: WorkingSpace

    /// The scale `image`, rendered by `operations`, is read at: 1 when a filter that scales
    /// chose its size (`scale`), or when it is a file decoded reduced, which was sized already.
    func scale(for image: RGBImage, rendering operations: [FilterOperation], reduced: ReducedDecoding? = nil) -> Double {
        Self.readsAsRendered(operations) || reduced != nil ? 1 : rule.scale(for: image, in: space)
    }

    /// Whether a rendering by `operations` is read as rendered: a filter that scales chose its size.
    static func readsAsRendered(_ operations: [FilterOperation]) -> Bool {
        operations.contains { $0.kind == .scale }
    }

    /// `bytes` decoded at half its size in libjpeg's transform, where the rule reads the half as
    /// it is (`TextSizing.readsHalf`): a JPEG photo of at least `TextSizing.autoLeastPixels`
    /// (and under four times that, so that the half is not sized again) whose letters are tall.
    /// Decoding half of a 12 MP photo costs a third of the whole, and the half needs no
    /// resampling. nil where that does not hold: the image is decoded whole.
    func reducedDecoding(of bytes: [UInt8], name: String, by loader: ImageLoader) -> LoadedImage? {
        let reduction = 2
        guard rule == .auto, let header = loader.decoder.header(of: bytes), header.format == .jpeg else { return nil }
        let pixels = header.width * header.height
        guard pixels >= TextSizing.autoLeastPixels, pixels < 4 * TextSizing.autoLeastPixels,
              var loaded = loader.load(bytes: bytes, name: name, reduction: reduction),
              loaded.image.width < header.width, !loaded.image.isBilevel,
              let letters = LetterSize.measure(loaded.image, in: space, halving: false),
              rule.readsHalf(letters, pixels: pixels) else { return nil }
        loaded.reduced = ReducedDecoding(fileWidth: header.width, fileHeight: header.height, scale: 1 / Double(reduction))
        return loaded
    }
}

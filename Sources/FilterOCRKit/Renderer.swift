import Imaging
import Recognition
import Session

/// Renders an image through filter operations. With a cache it keeps every rendering (and
/// the recognition of it, once made), so a state seen before needs no filtering, and a
/// compounding step filters only its last operation.
public struct Renderer: Sendable {
    public typealias Cache = RenderCache<RecognizedText>

    public let space: WorkingSpace
    public private(set) var cache: Cache?

    /// - Parameter cacheBudget: bytes of renderings to keep; nil for no cache.
    public init(space: WorkingSpace, cacheBudget: Int? = nil) {
        self.space = space
        cache = cacheBudget.map { Cache(budget: $0) }
    }

    /// The key of `original` rendered with `operations`, when renderings are cached.
    public func key(_ original: LoadedImage, _ operations: [FilterOperation]) -> Cache.Key? {
        guard cache != nil, let content = original.contentKey else { return nil }
        return Cache.Key(original: content, operations: operations, space: space)
    }

    /// A rendering seen before, with its recognition.
    public mutating func cached(_ original: LoadedImage, _ operations: [FilterOperation]) -> (RGBImage, RecognizedText)? {
        guard let key = key(original, operations), let entry = cache?.entry(for: key),
              let recognition = entry.recognition else { return nil }
        return (entry.image, recognition)
    }

    /// The image after `operations`, starting from the longest prefix already rendered.
    public mutating func render(_ original: LoadedImage, operations: [FilterOperation]) -> RGBImage {
        var done = operations.count
        var image = original.image
        while done > 0 {
            if let key = key(original, Array(operations.prefix(done))), cache?.contains(key) == true,
               let entry = cache?.entry(for: key) {
                image = entry.image
                break
            }
            done -= 1
        }
        for index in done..<operations.count {
            image = operations[index].apply(to: image, in: space)
            if let key = key(original, Array(operations.prefix(index + 1))) { cache?.store(image, for: key) }
        }
        return image
    }

    /// Remembers the recognition of a rendering.
    public mutating func store(_ recognition: RecognizedText, image: RGBImage, for original: LoadedImage,
                               _ operations: [FilterOperation]) {
        if let key = key(original, operations) { cache?.store(image, recognition: recognition, for: key) }
    }
}

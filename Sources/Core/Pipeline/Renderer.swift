import Imaging
import Recognition
import Session
import Threading

/// Renders an image through filter operations. With a cache it keeps every rendering (and
/// the recognition of it, once made), so a state seen before needs no filtering, and a
/// compounding step filters only its last operation.
public struct Renderer: Sendable {
    public typealias Cache = RenderCache<RecognizedText>

    /// What the filters are applied with: the values they work on, and the run's orientation detector.
    public let context: FilterContext
    public var space: WorkingSpace { context.space }
    public private(set) var cache: Cache?

    /// - Parameter cacheBudget: bytes of renderings to keep; nil for no cache.
    public init(context: FilterContext, cacheBudget: Int? = nil) {
        self.context = context
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
        let (base, done) = renderedPrefix(original, operations)
        let images = Self.steps(operations[done...], from: base, in: context)
        keep(images, of: original, operations, after: done)
        return images.last ?? base
    }

    /// Like `render`, but filters on a thread of its own, so that the caller stops waiting as
    /// soon as `stop` is raised: nil then, and the filtering finishes unseen, its images dropped.
    public mutating func render(_ original: LoadedImage, operations: [FilterOperation], unless stop: StopSignal) -> RGBImage? {
        let (base, done) = renderedPrefix(original, operations)
        guard done < operations.count else { return base }
        let (remaining, context) = (operations[done...], context)
        guard let images = Aside.run(unless: stop, { Self.steps(remaining, from: base, in: context) }) else { return nil }
        keep(images, of: original, operations, after: done)
        return images.last ?? base
    }

    /// `base` after `operations`, uncached: a rendering that goes on from one made elsewhere
    /// (the rendering shown, a righted page, a page as loaded by another pipeline).
    public func render(_ operations: some Sequence<FilterOperation>, from base: RGBImage) -> RGBImage {
        operations.reduce(base) { image, operation in operation.apply(to: image, in: context) }
    }

    /// The longest prefix of `operations` already rendered: its image and its length.
    private mutating func renderedPrefix(_ original: LoadedImage, _ operations: [FilterOperation]) -> (RGBImage, Int) {
        for done in stride(from: operations.count, to: 0, by: -1) {
            if let key = key(original, Array(operations.prefix(done))), cache?.contains(key) == true,
               let entry = cache?.entry(for: key) {
                return (entry.image, done)
            }
        }
        return (original.image, 0)
    }

    /// Each rendering of `operations`, each from the one before, the first from `base`.
    private static func steps(_ operations: ArraySlice<FilterOperation>, from base: RGBImage, in context: FilterContext) -> [RGBImage] {
        var images: [RGBImage] = []
        for operation in operations { images.append(operation.apply(to: images.last ?? base, in: context)) }
        return images
    }

    /// Caches `images`, the renderings of the operations after the first `done`.
    private mutating func keep(_ images: [RGBImage], of original: LoadedImage, _ operations: [FilterOperation], after done: Int) {
        for (offset, image) in images.enumerated() {
            if let key = key(original, Array(operations.prefix(done + offset + 1))) { cache?.store(image, for: key) }
        }
    }

    /// Remembers the recognition of a rendering.
    public mutating func store(_ recognition: RecognizedText, image: RGBImage, for original: LoadedImage,
                               _ operations: [FilterOperation]) {
        if let key = key(original, operations) { cache?.store(image, recognition: recognition, for: key) }
    }
}

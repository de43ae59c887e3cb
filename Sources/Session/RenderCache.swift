import Imaging

/// Renderings already made in this session, keyed by the original's content and the
/// operations applied, least recently used first out when over its memory budget.
///
/// Keeping every intermediate lets a compounding step filter only its last operation, and
/// `original` or any state seen before answer without filtering again.
public struct RenderCache<Recognition: Sendable>: Sendable {
    public struct Key: Hashable, Sendable {
        public var original: Int
        public var operations: [FilterOperation]
        public var space: WorkingSpace

        public init(original: Int, operations: [FilterOperation], space: WorkingSpace) {
            self.original = original
            self.operations = operations
            self.space = space
        }
    }

    public struct Entry: Sendable {
        public var image: RGBImage
        public var recognition: Recognition?
    }

    public let budget: Int
    private var entries: [Key: Entry] = [:]
    private var lastUse: [Key: Int] = [:]
    private var clock = 0
    public private(set) var bytes = 0
    public private(set) var hits = 0
    public private(set) var misses = 0

    /// - Parameter budget: bytes of pixels kept at most (the newest entry is always kept).
    public init(budget: Int) {
        self.budget = budget
    }

    public var count: Int { entries.count }

    public mutating func entry(for key: Key) -> Entry? {
        guard let entry = entries[key] else {
            misses += 1
            return nil
        }
        hits += 1
        touch(key)
        return entry
    }

    /// Peeks without counting a hit or changing the order.
    public func contains(_ key: Key) -> Bool { entries[key] != nil }

    public mutating func store(_ image: RGBImage, recognition: Recognition? = nil, for key: Key) {
        if let old = entries[key] { bytes -= old.image.samples.count }
        let kept = recognition ?? entries[key]?.recognition
        entries[key] = Entry(image: image, recognition: kept)
        bytes += image.samples.count
        touch(key)
        evict(keeping: key)
    }

    private mutating func touch(_ key: Key) {
        clock += 1
        lastUse[key] = clock
    }

    private mutating func evict(keeping newest: Key) {
        while bytes > budget, entries.count > 1 {
            guard let oldest = lastUse.filter({ $0.key != newest }).min(by: { $0.value < $1.value })?.key else { return }
            bytes -= entries.removeValue(forKey: oldest)?.image.samples.count ?? 0
            lastUse.removeValue(forKey: oldest)
        }
    }
}

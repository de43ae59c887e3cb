import Recognition
import Session
import WordFrequency

/// The words counted over a session or a run: what `top` and the feed's `sessionTopWords`
/// show. They belong to the session, not to the feed, so they are there with `--no-feed`
/// too; each distinct rendering counts once, so going back to a state seen before does not
/// count its words again.
public struct SessionWords: Sendable {
    private var counts: WordCounts
    private var counted: Set<RenderCache<RecognizedText>.Key> = []

    public init(ignoring: Set<String> = []) {
        counts = WordCounts(ignoring: ignoring)
    }

    /// Counts `text`, unless the rendering `key` (`Renderer.Cache.Key`) was counted before; nil
    /// always counts.
    public mutating func add(_ text: String, rendering key: RenderCache<RecognizedText>.Key?) {
        if let key, !counted.insert(key).inserted { return }
        counts.add(text)
    }

    public func top(_ limit: Int = 3) -> [WordCount] { counts.top(limit) }
}

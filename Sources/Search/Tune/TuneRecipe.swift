import Core
import Imaging

/// A chain of filters a tuning tries on every page of a corpus: each link one filter at one
/// strength, as `then FILTER; slider V` sets it. Its script is `FilterState`'s, the notation
/// `--ops` parses, so the recipe printed is exactly the one `batch --ops` applies.
public struct TuneRecipe: Sendable, Hashable, CustomStringConvertible {
    /// Each link's filter and strength, in the order they are applied.
    public private(set) var links: [FilterOperation]

    /// The original: no filter at all.
    public static let original = TuneRecipe(links: [])

    public init(links: [FilterOperation]) {
        self.links = links
    }

    /// The state the recipe's script leads to: `select` the first filter, `then` each other,
    /// each followed by `slider` unless at the default strength.
    public var state: FilterState {
        var state = FilterState()
        for (index, link) in links.enumerated() {
            // Every command here is valid: a filter is selected before its slider is set.
            state = (try? state.applying(index == 0 ? .select(link.kind) : .then(link.kind))) ?? state
            if link.intensity != FilterOperation.defaultIntensity {
                state = (try? state.applying(.slider(link.intensity))) ?? state
            }
        }
        return state
    }

    /// The operations that render it.
    public var operations: [FilterOperation] { links }

    /// The command script: `original`, `median`, `median; then sauvola; slider 12.5%`.
    public var description: String { state.description }

    /// This recipe with link `index` at `intensity`.
    public func with(intensity: Double, at index: Int) -> TuneRecipe {
        var copy = self
        copy.links[index] = FilterOperation(links[index].kind, intensity: intensity)
        return copy
    }

    /// This recipe followed by `other`'s links.
    public func followed(by other: TuneRecipe) -> TuneRecipe {
        TuneRecipe(links: links + other.links)
    }
}

/// Which segment is selected and the operations that render the current image from the
/// original: the filter part of a session, as pure data.
///
/// The operations form a chain of links. Choosing a filter starts a new chain on the
/// original; `then FILTER` adds a link on top of the current image. Within the last link
/// the brief's rules hold: 25% and 75% compound on the current image, and the slider
/// starts again from what the link started from (the original, for a chain of one). The
/// rendered image is always `operations` applied to the original, so `original` reverts
/// exactly.
public struct FilterState: Sendable, Hashable {
    /// Each link's operations: the filter as chosen (or set by the slider), then its steps.
    private var links: [[FilterOperation]] = []
    /// How the engine reads the rendering; `original` and new filters keep it.
    public private(set) var engine = EngineSettings()

    public init() {}

    /// The original, read with `engine`.
    public init(engine: EngineSettings) {
        self.engine = engine
    }

    /// The segment of the last link's filter, or `original`.
    public var segment: Segment {
        links.last?.first.map { Segment($0.kind) } ?? .original
    }

    /// Every operation of the chain, in the order they are applied.
    public var operations: [FilterOperation] { links.flatMap { $0 } }

    /// The operations before the last link: the image the current filter's slider starts from.
    public var base: [FilterOperation] { links.dropLast().flatMap { $0 } }

    /// The state after `command`; a refused command throws and changes nothing.
    public func applying(_ command: FilterCommand) throws(FilterCommandError) -> FilterState {
        var next = self
        switch command {
        case .original:
            next.links = []
        case .select(let kind):
            next.links = [[FilterOperation(kind)]]
        case .then(let kind):
            next.links.append([FilterOperation(kind)])
        case .step(let intensity):
            guard let kind = segment.filter else { throw .needsFilter(command) }
            next.links[next.links.count - 1].append(FilterOperation(kind, intensity: intensity))
        case .slider(let intensity):
            guard let kind = segment.filter else { throw .needsFilter(command) }
            next.links[next.links.count - 1] = [FilterOperation(kind, intensity: intensity)]
        case .pageSegmentation(let mode):
            next.engine.pageSegmentation = mode
        case .thresholding(let method):
            next.engine.thresholding = method
        }
        return next
    }

    /// `self` and then `next`'s chain on top of its rendering, each of `next`'s links a
    /// `then`: `rotate; then borders` followed by `median; 75%` is
    /// `rotate; then borders; then median; 75%`. The original followed by a state is that state.
    public func followed(by next: FilterState) -> FilterState {
        var chained = self
        chained.links += next.links
        chained.engine = engine.overridden(by: next.engine)
        return chained
    }

    /// The same filters read with the run's own engine settings.
    public var withoutEngineSettings: FilterState {
        var state = self
        state.engine = EngineSettings()
        return state
    }

    /// The operations as strings, as the JSON output and the feed list them.
    public var operationNames: [String] { operations.map(\.description) }
}

extension FilterState: CustomStringConvertible {
    /// The state as the command script that leads to it, the one notation of a chain that
    /// `--ops`, the prompt, `status` and the feed all use: `original`, `blur; 75%`,
    /// `binarize; slider 150%`, `greyscale; then scale; slider 50%; then sauvola`.
    public var description: String {
        // The engine's settings come first, so that the script reads as it is run.
        let settings = engine.commands
        guard !links.isEmpty else { return settings.isEmpty ? "original" : settings.joined(separator: "; ") }
        return (settings + links.enumerated().map { index, link in
            let first = link[0]
            let choose = index == 0 ? first.kind.rawValue : "then \(first.kind.rawValue)"
            let head = first.intensity == FilterOperation.defaultIntensity
                ? [choose] : [choose, "slider \(FilterOperation.percent(first.intensity))"]
            return (head + link.dropFirst().map { FilterOperation.percent($0.intensity) }).joined(separator: "; ")
        }).joined(separator: "; ")
    }
}

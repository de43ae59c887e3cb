/// What a command script does to the page beyond its pixels' values, as a caller that lays the
/// text read over the page it gave needs to know before it runs the script (the OCRmyPDF
/// plugin): whether the text's boxes would still lie over that page. Classified from the state
/// the script leads to, so `rotate; original; median` moves nothing and `Rotate`, `THEN rotate`
/// and a rotate on its own line are all a rotate, as the parser reads them.
public struct ScriptEffects: Sendable, Equatable {
    /// The state the script leads to: its chain and engine settings.
    public let state: FilterState

    /// Parses `script` and runs it from the original; an error names the bad command.
    public init(script: String) throws(CommandScriptError) {
        state = try CommandScript(script).finalState()
    }

    public init(state: FilterState) {
        self.state = state
    }

    /// The filters of the chain that move the page's content off its places.
    public var moving: [FilterKind] { kinds { $0.placement == .moved } }
    /// The filters of the chain that resize the page, its content in place but larger or smaller.
    public var resizing: [FilterKind] { kinds { $0.placement == .resized } }

    /// Whether the text read lies elsewhere than on the page given: the chain turns, crops,
    /// straightens or unwarps it.
    public var movesPage: Bool { !moving.isEmpty }
    /// Whether the text read lies over the page given only once scaled to it.
    public var resizesPage: Bool { !resizing.isEmpty }

    /// The engine settings the script sets.
    public var engine: EngineSettings { state.engine }

    /// Each filter once, in the chain's order.
    private func kinds(_ include: (FilterKind) -> Bool) -> [FilterKind] {
        var seen: [FilterKind] = []
        for operation in state.operations where include(operation.kind) && !seen.contains(operation.kind) {
            seen.append(operation.kind)
        }
        return seen
    }
}

extension FilterKind {
    /// Where a filter leaves the page's content, for a reader that puts the text over the page.
    public enum Placement: Sendable, Equatable {
        /// Every pixel where it was: the text's boxes are the page's.
        case inPlace
        /// The page scaled whole: the boxes are the page's, scaled.
        case resized
        /// Content turned, cropped, rotated by a few degrees or remapped: the boxes are not the page's.
        case moved
    }

    /// Where this filter leaves the page's content. The filters that turn or crop say so in
    /// their entries (`movesPage`), and so do those that redraw its geometry (`redrawsPage`:
    /// a sheet's perspective, a deskew's few degrees, a dewarp's remapping), which no
    /// placement a PDF could follow describes.
    public var placement: Placement {
        if movesPage || redrawsPage { return .moved }
        return Self.resampling.contains(self) ? .resized : .inPlace
    }

    /// The filters that resize the page.
    private static let resampling: Set<FilterKind> = [.scale]
}

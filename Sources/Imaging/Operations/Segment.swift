/// The segment of the brief's screen that is selected: the image as loaded, or a filter (the
/// last of a chain). Written as `original` or the filter's word.
public enum Segment: Sendable, Hashable, CaseIterable, WordCoded {
    case original
    case filter(FilterKind)

    public static var allCases: [Segment] { [.original] + FilterKind.allCases.map(Segment.filter) }

    public init(_ filter: FilterKind) {
        self = .filter(filter)
    }

    public init?(rawValue word: String) {
        if word == "original" {
            self = .original
        } else if let filter = FilterKind(rawValue: word) {
            self = .filter(filter)
        } else {
            return nil
        }
    }

    /// `original`, `blur`, `sauvola`.
    public var rawValue: String { filter?.rawValue ?? "original" }

    /// The filter this segment applies, if any.
    public var filter: FilterKind? {
        guard case .filter(let filter) = self else { return nil }
        return filter
    }

}

/// Which segment is selected and the operations that render the current image from the
/// original: the filter part of a session, as pure data.
///
/// The rendered image is always `operations` applied to the original, so `original`
/// reverts exactly, steps compound and the slider starts again from the original.
public struct FilterState: Sendable, Hashable {
    public private(set) var segment: Segment = .original
    public private(set) var operations: [FilterOperation] = []

    public init() {}

    /// The state after `command`; a refused command throws and changes nothing.
    public func applying(_ command: FilterCommand) throws(FilterCommandError) -> FilterState {
        var next = self
        switch command {
        case .original:
            next = FilterState()
        case .select(let kind):
            next.segment = Segment(kind)
            next.operations = [FilterOperation(kind)]
        case .step(let intensity):
            guard let kind = segment.filter else { throw .needsFilter(command) }
            next.operations.append(FilterOperation(kind, intensity: intensity))
        case .slider(let intensity):
            guard let kind = segment.filter else { throw .needsFilter(command) }
            next.operations = [FilterOperation(kind, intensity: intensity)]
        }
        return next
    }

    /// The operations as strings, as the JSON output and the feed list them.
    public var operationNames: [String] { operations.map(\.description) }
}

extension FilterState: CustomStringConvertible {
    /// The state as a command script that leads to it: `original`, `blur; 75%`,
    /// `binarize; slider 150%`.
    public var description: String {
        guard let first = operations.first else { return "original" }
        let head = first.intensity == FilterOperation.defaultIntensity
            ? [first.kind.rawValue]
            : [first.kind.rawValue, "slider \(FilterOperation.percent(first.intensity))"]
        return (head + operations.dropFirst().map { FilterOperation.percent($0.intensity) }).joined(separator: "; ")
    }
}

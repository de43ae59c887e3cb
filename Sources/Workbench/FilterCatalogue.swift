import Imaging

/// The filters as the workbench page learns them from `GET /api/filters`: the page names no
/// filter itself, so a filter added to `FilterKind`'s table appears on it with no change there.
struct FilterCatalogue: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        /// The word the REPL takes: `blur`.
        var name: String
        /// How the page labels it: `Blur`.
        var label: String
        var reproduces: String
        var summary: String
        var parameter: Parameter
        /// One of the brief's segments, shown beside Original; the others go in a second row.
        var brief: Bool
        /// The key that chooses it, for the brief's segments.
        var shortcut: String?
    }

    struct Parameter: Encodable, Sendable {
        var name: String
        var symbol: String
        var title: String
    }

    var filters: [Entry]
    /// What "Sweep" sweeps while the original is shown.
    var defaultSweep: String

    /// The keys of the brief's segments, as its figures give them (b for blur, z for
    /// binarize); a filter not listed has none.
    static let shortcuts: [FilterKind: String] = [.blur: "b", .binarize: "z"]

    static let current = FilterCatalogue(
        filters: FilterKind.allCases.map { kind in
            Entry(name: kind.rawValue, label: kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst(),
                  reproduces: kind.reproduces, summary: kind.summary,
                  parameter: Parameter(name: kind.parameterScale.name, symbol: kind.parameterScale.symbol,
                                       title: kind.parameterScale.title),
                  brief: kind.isBriefSegment, shortcut: shortcuts[kind])
        },
        defaultSweep: (FilterKind.brief.first ?? FilterKind.allCases[0]).rawValue)
}

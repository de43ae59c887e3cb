import Imaging

extension FilterState {
    /// The chain of `links`, each a filter at its strength on the rendering of the ones before:
    /// `chain(FilterOperation(.greyscale), FilterOperation(.sauvola))` is
    /// `greyscale; then sauvola`, and `chain(FilterOperation(.blur, intensity: 0.01))` is
    /// `blur; slider 1%`. `--auto`'s candidates are written this way rather than parsed from
    /// scripts, so that a misspelt filter is a compile error, not a candidate dropped.
    package static func chain(_ links: FilterOperation...) -> FilterState {
        links.reduce(FilterState()) { $0.then($1) }
    }

    /// `self` and then `link` on its rendering (`then FILTER`, at the link's strength).
    package func then(_ link: FilterOperation) -> FilterState {
        let chosen = after(.then(link.kind))
        return link.intensity == FilterOperation.defaultIntensity ? chosen : chosen.after(.slider(link.intensity))
    }

    /// `self` with its last filter at `intensity` instead, from what that filter started from
    /// (`slider`): `median` at 0.5 is `median; slider 50%`.
    package func withLastFilter(at intensity: Double) -> FilterState {
        precondition(segment.filter != nil, "\(self) has no filter to set")
        return after(.slider(intensity))
    }

    /// `self` after `command`, which the callers above never give where it is refused: `then`
    /// is refused nowhere, and `slider` only on a state without a filter, which both rule out.
    private func after(_ command: FilterCommand) -> FilterState {
        do {
            return try applying(command)
        } catch {
            preconditionFailure("\(command) refused on \(self): \(error)")
        }
    }
}

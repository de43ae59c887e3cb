import Search

extension AutoSearch.Progress {
    /// What a progress line says of a search under way: what the engines are reading now, how
    /// many candidates were read, and the best so far.
    public var text: String {
        let reading = reading.isEmpty ? "" : "reading " + reading.map { "'\($0)'" }.joined(separator: ", ") + " · "
        return reading + "\(tried) tried · best so far: \(best) (score \(Int(bestScore.rounded())))"
    }
}

extension Array {
    /// The element at `index`, or nil when there is none: for `try #require(lines.at(2))`,
    /// which fails one test where `lines[2]` would crash the runner.
    public func at(_ index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

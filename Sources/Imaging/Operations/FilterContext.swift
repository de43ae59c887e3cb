/// What a filter is applied with besides its image and strength: the values it works on, and
/// for `orient`, the detector that says which way up a page is. A run hands its own down (from
/// its `Runtime`), so that two runs in one process never share one.
///
/// Which way up text is cannot be told from pixels by a rule: it takes a model of scripts'
/// shapes (Tesseract's `osd.traineddata`). Imaging links no model, so the application, which
/// does, gives the detector here. Without one (the pure tests), `orient` leaves every page as it is.
public struct FilterContext: Sendable {
    public var space: WorkingSpace
    public var orientation: OrientationDetector?

    public init(space: WorkingSpace, orientation: OrientationDetector? = nil) {
        self.space = space
        self.orientation = orientation
    }
}

extension FilterContext {
    /// Linear light, with no detector: what the pure tests and tools apply filters in.
    public static let linear = FilterContext(space: .linear)
}

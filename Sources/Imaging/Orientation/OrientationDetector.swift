import Threading

/// What a detector says of a page: the quarter turns clockwise that bring it upright, and how
/// sure it is, on the detector's own scale (Tesseract's OSD: about 10 and above is sure).
public struct OrientationEstimate: Sendable, Equatable {
    /// Quarter turns clockwise that make the page upright, 0...3.
    public let clockwiseTurns: Int
    public let confidence: Double

    public init(clockwiseTurns: Int, confidence: Double) {
        self.clockwiseTurns = ((clockwiseTurns % 4) + 4) % 4
        self.confidence = confidence
    }
}

/// Finds which way up a page is; nil when it cannot tell (too little text).
public typealias OrientationDetector = @Sendable (RGBImage) -> OrientationEstimate?

/// The one orientation detector the `orient` filter asks.
///
/// Which way up text is cannot be told from pixels by a rule: it takes a model of scripts'
/// shapes (Tesseract's `osd.traineddata`). Imaging is pure Swift and links no model, so the
/// application, which does, installs a detector once at start; filters are values in a
/// table and cannot be handed one per call. Without a detector (the pure tests), `orient`
/// leaves every page as it is.
public enum OrientationDetection {
    private static let installed = Locked<OrientationDetector?>(nil)

    /// Makes `detector` the one `orient` uses; nil removes it.
    public static func install(_ detector: OrientationDetector?) {
        installed.withLock { $0 = detector }
    }

    /// The installed detector, if any.
    public static var detector: OrientationDetector? {
        installed.withLock { $0 }
    }
}

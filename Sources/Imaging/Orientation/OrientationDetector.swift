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

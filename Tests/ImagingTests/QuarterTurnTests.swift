import Imaging
import Testing

@Suite("Rotate by quarter turns and orient (cv2.rotate, Tesseract's OSD)")
struct QuarterTurnTests {
    /// The image turned clockwise `turns` times, one quarter turn at a time, by the
    /// definition: the pixel at (x, y) goes to (height − 1 − y, x).
    static func reference(_ image: RGBImage, turns: Int) -> RGBImage {
        var turned = image
        for _ in 0..<turns {
            var next = RGBImage(width: turned.height, height: turned.width)
            for y in 0..<turned.height {
                for x in 0..<turned.width { next[turned.height - 1 - y, x] = turned[x, y] }
            }
            turned = next
        }
        return turned
    }

    @Test("Each turn is the pixels transposed exactly", arguments: [0, 1, 2, 3], [(1, 1), (33, 7), (7, 130), (517, 301)])
    func matchesReference(turns: Int, size: (Int, Int)) {
        let image = patternImage(width: size.0, height: size.1)
        #expect(QuarterTurn(clockwise: turns).apply(to: image) == Self.reference(image, turns: turns))
    }

    @Test("Four turns, or a turn and its opposite, give the page back")
    func roundTrip() {
        let image = patternImage(width: 45, height: 19)
        let once = QuarterTurn(clockwise: 1)
        #expect(once.apply(to: once.apply(to: once.apply(to: once.apply(to: image)))) == image)
        #expect(QuarterTurn(clockwise: -1).apply(to: once.apply(to: image)) == image)
        #expect(QuarterTurn(clockwise: 4).turns == 0 && QuarterTurn(clockwise: -1).turns == 3)
    }

    @Test("Each 25% is one more quarter turn; 100% is a full turn")
    func intensityMapping() {
        let image = patternImage(width: 12, height: 5)
        for (intensity, turns) in [(0.0, 0), (0.25, 1), (0.5, 2), (0.75, 3), (1.0, 0), (1.25, 1), (3.0, 0)] {
            #expect(FilterKind.rotate.apply(at: intensity, to: image, in: .linear) == Self.reference(image, turns: turns))
        }
    }

    @Test("Orient without a detector, or below its threshold, leaves the page unchanged")
    func orientIdentity() {
        let image = patternImage(width: 40, height: 30)
        #expect(Orient(threshold: 0).apply(to: image, detector: nil) == image)
        let unsure: OrientationDetector = { _ in OrientationEstimate(clockwiseTurns: 1, confidence: 3) }
        #expect(Orient(threshold: 5).apply(to: image, detector: unsure) == image)
        #expect(Orient(threshold: 2).apply(to: image, detector: unsure) == Self.reference(image, turns: 1))
        #expect(Orient(threshold: Orient.threshold(at: 0)).apply(to: image, detector: unsure) == image)
        let blind: OrientationDetector = { _ in nil }
        #expect(Orient(threshold: 0).apply(to: image, detector: blind) == image)
    }
}

import Core
import Foundation
import Imaging
import Recognition
import Synchronization

/// A recognizer that answers at once with text made from the pixels: `common w123 size17`,
/// where 123 is a checksum of the samples and 17 the image's width. Different renderings
/// read differently, the same rendering the same; the calls are counted.
public final class FakeRecognizer: Recognizer, Sendable {
    public let calls = Atomic<Int>(0)
    /// Milliseconds to take per image whose width is odd, to make workers finish out of order.
    public let slowOddWidths: Int

    public init(slowOddWidths: Int = 0) {
        self.slowOddWidths = slowOddWidths
    }

    public func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        calls.add(1, ordering: .relaxed)
        if image.width % 2 == 1, slowOddWidths > 0 { usleep(UInt32(slowOddWidths * 1000)) }
        let checksum = image.samples.reduce(0) { ($0 &* 31 &+ Int($1)) % 1_000_003 }
        let text = "common w\(checksum) size\(image.width)\n"
        let box = BoundingBox(x: 0, y: 0, width: image.width, height: image.height)
        return RecognizedText(text: text, meanConfidence: 90,
                              words: text.split(separator: " ").map { RecognizedWord(text: String($0), confidence: 90, box: box) })
    }

    /// A factory that hands out this recognizer.
    public var factory: RecognizerFactory { { _ in self } }
}

import FilterOCRKit
import Foundation
import ImageCodec
import Imaging
import Recognition
import Synchronization
import TestSupport
import Testing

/// A recognizer that answers at once with text made from the pixels: `common w123 size17`,
/// where 123 is a checksum of the samples and 17 the image's width. Different renderings
/// read differently, the same rendering the same; the calls are counted.
final class FakeRecognizer: Recognizer, Sendable {
    let calls = Atomic<Int>(0)
    /// Milliseconds to take per image whose width is odd, to make workers finish out of order.
    let slowOddWidths: Int

    init(slowOddWidths: Int = 0) {
        self.slowOddWidths = slowOddWidths
    }

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        calls.add(1, ordering: .relaxed)
        if image.width % 2 == 1, slowOddWidths > 0 { usleep(UInt32(slowOddWidths * 1000)) }
        let checksum = image.samples.reduce(0) { ($0 &* 31 &+ Int($1)) % 1_000_003 }
        let text = "common w\(checksum) size\(image.width)\n"
        let box = BoundingBox(x: 0, y: 0, width: image.width, height: image.height)
        return RecognizedText(text: text, meanConfidence: 90,
                              words: text.split(separator: " ").map { RecognizedWord(text: String($0), confidence: 90, box: box) })
    }

    /// A factory that hands out this recognizer.
    var factory: RecognizerFactory { { _ in self } }
}

/// Images written as PNG files in a new temporary folder.
enum TestImages {
    /// A white image `width` wide with a black square in it, as PNG bytes.
    static func png(width: Int, height: Int = 16) throws -> [UInt8] {
        try PNGEncoder.encode(image(width: width, height: height), resolution: 300)
    }

    /// A white image with a black square in it.
    static func image(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        image.withUnsafeMutableSamples { samples in
            for y in height / 4..<height * 3 / 4 {
                for x in width / 4..<width * 3 / 4 {
                    for channel in 0..<RGBImage.channels { samples[(y * width + x) * RGBImage.channels + channel] = 0 }
                }
            }
        }
        return image
    }

    /// Writes images of the given widths as `w<width>.png` and returns their paths.
    static func files(widths: [Int], in folder: String? = nil) throws -> [String] {
        let folder = try folder ?? Paths.temporaryDirectory()
        return try widths.map { width in
            let path = "\(folder)/w\(width).png"
            try Data(try png(width: width)).write(to: URL(fileURLWithPath: path))
            return path
        }
    }
}

/// The report of the first output, which must be a recognition.
func firstReport(_ outputs: [ReplOutput]) throws -> RecognitionReport {
    let output = try #require(outputs.first)
    guard case .recognition(let report) = output.content else {
        Issue.record("expected a recognition, got \(output.kind)")
        throw CancellationError()
    }
    return report
}

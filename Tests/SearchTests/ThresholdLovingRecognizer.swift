import Core
import Imaging
import Recognition
import Synchronization

/// Reads black-and-white images well and anything else poorly, as a recogniser that needs a
/// threshold would.
final class ThresholdLovingRecognizer: Recognizer, Sendable {
    let calls = Atomic<Int>(0)

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        calls.add(1, ordering: .relaxed)
        let binary = image.samples.allSatisfy { $0 == 0 || $0 == 255 }
        let words = binary ? ["Harbor", "Road", "whole", "milk", "bread", "total"] : ["Harbor", "R0ad"]
        let box = BoundingBox(x: 0, y: 0, width: 8, height: 8)
        return RecognizedText(text: words.joined(separator: " "), meanConfidence: 80, words: words.map {
            RecognizedWord(text: $0, confidence: 80, box: box, inDictionary: !$0.contains("0"))
        })
    }
}

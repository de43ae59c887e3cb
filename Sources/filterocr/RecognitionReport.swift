import Foundation
import Recognition
import WordFrequency

/// One recognition as filterocr reports it in JSON (`ocr --json`, `repl --json`, `batch`).
struct RecognitionReport: Encodable {
    /// Milliseconds per stage.
    struct Timings: Encodable {
        var decode: Double
        var filter: Double
        var ocr: Double
        var total: Double

        /// - Parameter lookup: time spent otherwise, such as a cache lookup, counted in the total.
        init(decode: Double, filter: Double, ocr: Double, lookup: Double = 0) {
            (self.decode, self.filter, self.ocr) = (decode, filter, ocr)
            total = Milliseconds.round(decode + filter + ocr + lookup)
        }
    }

    var image: String
    var segment: String
    var operations: [String]
    var recognized: RecognizedText
    var topWords: [WordCount]
    var cached: Bool
    var timings: Timings

    /// Words in the text, as the top words count them.
    var wordCount: Int { WordCounts.words(in: recognized.text).count }

    private enum CodingKeys: String, CodingKey {
        case image, segment, operations, text, meanConfidence, words, topWords, cached, timings
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(image, forKey: .image)
        try container.encode(segment, forKey: .segment)
        try container.encode(operations, forKey: .operations)
        try container.encode(recognized.text, forKey: .text)
        try container.encode(recognized.meanConfidence, forKey: .meanConfidence)
        try container.encode(recognized.words, forKey: .words)
        try container.encode(topWords, forKey: .topWords)
        try container.encode(cached, forKey: .cached)
        try container.encode(timings, forKey: .timings)
    }
}

/// An image that could not be processed, as a JSON line.
struct ErrorReport: Encodable {
    var image: String?
    var error: String
}

/// JSON Lines: one compact object per line, keys sorted, so equal input gives equal bytes.
enum JSONLines {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func line(_ value: some Encodable) -> String {
        // Encoding these plain structs cannot fail.
        String(decoding: try! encoder.encode(value), as: UTF8.self)
    }
}

import Imaging
import Recognition

/// What `--auto` knows of a page before it searches: measures of the image (`ImageStatistics`)
/// and of its first reading (how many words, how sure, how they lie), each a number under a
/// name. They are what a decision of whether and what to search is learned from (`--explain`
/// lists them, so a corpus run gives a learner every page's), so each is a plain function of the
/// pixels and the reading: the same page, settings and version give the same values anywhere.
package struct PageFeatures: Sendable, Equatable {
    package private(set) var values: [String: Double] = [:]

    package init(image: RGBImage, reading: RecognizedText, ink: UncoveredInk? = nil) {
        let statistics = ImageStatistics(of: image)
        set("imageNoise", statistics.noise)
        set("imageSharpness", statistics.sharpness)
        set("imageSeparability", statistics.separability)
        set("imageInk", statistics.ink)
        set("imagePaper", statistics.paper)
        set("imageBlockiness", statistics.blockiness)
        set("imageMegapixels", Double(image.pixelCount) / 1_000_000)
        set("imageAspect", Double(image.height) / Double(max(1, image.width)))
        set("imageGrey", image.isGreyscale ? 1 : 0)
        set("looksFaded", AutoCandidates.looksFaded(image) ? 1 : 0)

        let words = reading.words
        let characters = words.reduce(0) { $0 + $1.text.count }
        set("words", Double(words.count))
        set("characters", Double(characters))
        set("meanConfidence", Double(reading.meanConfidence))
        let confidences = words.map(\.confidence).sorted()
        for quantile in [10, 25, 50] {
            set("confidenceP\(quantile)", confidences.isEmpty ? 0 : confidences[(confidences.count - 1) * quantile / 100])
        }
        for below in [50.0, 70.0, 88.0] {
            let unsure = words.filter { $0.confidence < below }.reduce(0) { $0 + $1.text.count }
            set("charactersBelow\(Int(below))", Self.share(unsure, of: characters))
        }
        let score = ReadingScore(reading)
        set("scorePerCharacter", characters == 0 ? 0 : score.value / Double(characters))
        set("likelyShare", characters == 0 ? 0 : score.likelyCharacters / Double(characters))
        set("dictionaryShare", Self.share(score.dictionaryCharacters, of: characters))
        set("numberShare", Self.share(score.numberCharacters, of: characters))
        set("otherShare", Self.share(score.otherCharacters, of: characters))
        set("fragmentShare", Self.share(words.filter { WordShape.isFragment($0.text) }.count, of: words.count))
        let rare = words.reduce(0) { $0 + $1.text.filter(LineJudgement.rarelyRight.contains).count }
        set("rareCharacters", Double(rare))

        let heights = words.map(\.box.height).filter { $0 > 0 }.sorted()
        set("wordHeight", heights.isEmpty ? 0 : Double(heights[heights.count / 2]))
        if let lines = TextLines(reading) {
            let unsure = lines.lines.filter { LineJudgement.doubt(about: $0) != nil }
            set("lines", Double(lines.lines.count))
            set("unsureLines", Self.share(unsure.count, of: lines.lines.count))
            set("unsureCharacters", Self.share(unsure.reduce(0) { $0 + $1.characterCount }, of: characters))
        } else {
            (values["lines"], values["unsureLines"], values["unsureCharacters"]) = (0, 1, 1)
        }
        let blocks = reading.layout?.blocks ?? []
        set("blocks", Double(blocks.count))
        set("textBlocks", Double(blocks.filter { !$0.paragraphs.isEmpty }.count))
        let crossing = ColumnCrossing(reading)
        set("crossingLines", Double(crossing.lines))
        set("crossingCharacters", Self.share(crossing.characters, of: characters))
        set("crossingProseLines", Double(crossing.proseLines))
        let hints = LayoutHints(image: image, reading: reading)
        set("labelAmountRows", Double(hints.labelAmountRows))
        set("rowsOfWords", Double(hints.rowsOfWords))
        set("narrow", hints.isNarrow ? 1 : 0)
        let uncovered = ink ?? UncoveredInk(image: image, reading: reading)
        set("uncoveredInk", uncovered.share)
        set("uncoveredCells", Double(uncovered.uncoveredCells))
    }

    private mutating func set(_ name: String, _ value: Double) {
        values[name] = value.isFinite ? value : 0
    }

    private static func share(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 0 : Double(part) / Double(whole)
    }
}

import Core
import Recognition

/// What a candidate's reading loses of the original's surest words, judged without the truth.
///
/// `ReadingScore` rates each reading on its own, so a filter that reads the words it keeps more
/// cleanly can win while it loses lines the original read, or changes how the page is cut into
/// blocks so that its lines come out in another order: on speckled pages a median cleared the
/// specks and scored higher, yet dropped a line and moved three, and the truth's error rate rose
/// from 0.21 to 0.28. The original's dictionary words read with high confidence are almost
/// always right; a candidate is charged for each of them it no longer reads, and for each it
/// reads out of the original's order, each with its space (as an error rate would count them:
/// once for a word missing, twice for one moved).
///
/// A candidate that loses much of the text outright is not chosen whatever it scores: one that
/// no longer reads a third of the original's sure words (by characters). Sure words here are
/// also words of letters alone read with `lettersConfidence`, since the dictionary is the first
/// language's: French read with English loaded gave almost no anchors, and on a dithered fax
/// page a median that kept 114 of the original's 355 words scored higher for the noise it
/// removed (CER 0.43 → 0.83). They are not charged for order, as anchors are: where the
/// original's order is wrong (a streak cut its columns), the right order would be charged.
public struct ReadingAgreement: Sendable, Equatable {
    /// How sure an original word must be to be held against the candidates.
    static let anchorConfidence = 80.0
    static let lettersConfidence = 88.0
    static let anchorLength = 4

    /// Characters (each with its space) of the original's anchors the candidate no longer
    /// reads, and of those it reads out of the original's order.
    public let lostCharacters: Int
    public let movedCharacters: Int
    /// Characters (each with its space) of the original's sure words, and of those lost.
    public let sureCharacters: Int
    public let sureLostCharacters: Int

    /// The charge, in the score's units (characters): once for a word missing, twice for one
    /// moved, as an error rate would count them.
    public var penalty: Double { Double(lostCharacters) + 2 * Double(movedCharacters) }

    /// Whether the candidate keeps enough of the original's sure words to be chosen.
    public var keepsTheText: Bool { sureLostCharacters * 3 <= sureCharacters }

    /// - Parameter countsOrder: false for a candidate read with another page segmentation,
    ///   which orders the lines its own way by design (`psm 6` reads a receipt's label and price
    ///   as one line where the automatic mode reads two columns): only words lost count.
    public init(_ candidate: RecognizedText, against original: RecognizedText, countsOrder: Bool = true) {
        let read = candidate.words.map { Self.normalized($0.text) }
        func words(_ isWanted: (RecognizedWord) -> Bool) -> [String] {
            original.words.filter(isWanted).map { Self.normalized($0.text) }.filter { $0.count >= Self.anchorLength }
        }
        let anchors = words { $0.inDictionary && $0.confidence >= Self.anchorConfidence }
        let sure = words(Self.isSure)
        lostCharacters = Self.lost(anchors, read)
        movedCharacters = anchors.isEmpty || !countsOrder ? 0 : Self.moved(anchors, read)
        sureCharacters = sure.reduce(0) { $0 + $1.count + 1 }
        sureLostCharacters = Self.lost(sure, read)
    }

    /// The charge of `candidate` against `original`.
    public static func penalty(_ candidate: RecognizedText, against original: RecognizedText) -> Double {
        ReadingAgreement(candidate, against: original).penalty
    }

    static func isSure(_ word: RecognizedWord) -> Bool {
        if word.inDictionary { return word.confidence >= anchorConfidence }
        return word.confidence >= lettersConfidence && WordShape(word.text, inDictionary: false) == .letters
    }

    /// Characters (each with its space) of `words` that `read` lacks, each read word matching once.
    static func lost(_ words: [String], _ read: [String]) -> Int {
        var available: [String: Int] = [:]
        for word in read { available[word, default: 0] += 1 }
        var lost = 0
        for word in words {
            if let count = available[word], count > 0 { available[word] = count - 1 } else { lost += word.count + 1 }
        }
        return lost
    }

    /// Characters of the anchors read once in each that are out of the original's order (with
    /// a space each): those
    /// outside the longest run the candidate keeps in order.
    static func moved(_ anchors: [String], _ read: [String]) -> Int {
        var countsInOriginal: [String: Int] = [:]
        for word in anchors { countsInOriginal[word, default: 0] += 1 }
        var positions: [String: Int] = [:]
        var countsInCandidate: [String: Int] = [:]
        for (index, word) in read.enumerated() {
            countsInCandidate[word, default: 0] += 1
            positions[word] = index
        }
        let shared = anchors.filter { countsInOriginal[$0] == 1 && countsInCandidate[$0] == 1 }
        let sequence = shared.compactMap { positions[$0] }
        let kept = longestIncreasing(sequence, weights: shared.map { $0.count + 1 })
        return shared.reduce(0) { $0 + $1.count + 1 } - kept
    }

    /// The largest total weight of an increasing subsequence (quadratic: a page has a few
    /// hundred anchors).
    static func longestIncreasing(_ values: [Int], weights: [Int]) -> Int {
        var best = [Int](repeating: 0, count: values.count)
        for i in values.indices {
            best[i] = weights[i]
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + weights[i]) }
        }
        return best.max() ?? 0
    }

    /// Lower case, without the punctuation around it.
    static func normalized(_ text: String) -> String {
        String(text.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed()).lowercased()
    }
}

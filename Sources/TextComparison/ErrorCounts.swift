/// The counts a page's error rates are made of, characters and words (each an `ErrorCount`):
/// edit distances and the truth's lengths, as `Accuracy` measures them. Rates over many pages
/// are made from these, not from rounded rates.
public struct ErrorCounts: Sendable, Equatable, Codable {
    /// The Levenshtein distance over Unicode scalars between the normalised texts.
    public var characterErrors: Int
    /// The normalised truth's length in Unicode scalars.
    public var characters: Int
    /// The Levenshtein distance over words (separated by white space).
    public var wordErrors: Int
    /// The truth's words.
    public var words: Int

    public init(characterErrors: Int, characters: Int, wordErrors: Int, words: Int) {
        self.characterErrors = characterErrors
        self.characters = characters
        self.wordErrors = wordErrors
        self.words = words
    }

    /// Character and word counts together.
    public init(characters: ErrorCount, words: ErrorCount) {
        self.init(characterErrors: characters.errors, characters: characters.length, wordErrors: words.errors, words: words.length)
    }

    /// The counts of `recognized` against `truth`.
    public init(truth: String, recognized: String) {
        let characters = ErrorCount(charactersOf: recognized, truth: truth)
        self.init(characterErrors: characters.errors, characters: characters.length,
                  normalisedTruth: Accuracy.normalized(truth), normalisedRecognition: Accuracy.normalized(recognized))
    }

    /// The counts of an alignment, whose distance is the character errors.
    public init(_ alignment: TextAlignment) {
        self.init(characterErrors: alignment.distance, characters: alignment.truth.unicodeScalars.count,
                  normalisedTruth: alignment.truth, normalisedRecognition: alignment.recognized)
    }

    private init(characterErrors: Int, characters: Int, normalisedTruth: String, normalisedRecognition: String) {
        let truthWords = Accuracy.tokens(normalisedTruth), readWords = Accuracy.tokens(normalisedRecognition)
        self.init(characterErrors: characterErrors, characters: characters,
                  wordErrors: EditDistance.between(truthWords, readWords), words: truthWords.count)
    }

    /// The character counts alone, which add up across pages.
    public var characterCount: ErrorCount { ErrorCount(errors: characterErrors, length: characters) }
    /// The word counts alone.
    public var wordCount: ErrorCount { ErrorCount(errors: wordErrors, length: words) }

    /// The character error rate, not rounded: `Accuracy.characterErrorRate` is this to six decimals.
    public var characterErrorRate: Double { characterCount.rate }
    /// The word error rate, not rounded.
    public var wordErrorRate: Double { wordCount.rate }
}

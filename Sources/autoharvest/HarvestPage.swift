import Recognition

/// One page's lines, each with its readings: the page's own first, then one per rendering read
/// by rectangle on the page's layout. What `lines` writes and `columns` reads.
struct HarvestPage: Codable {
    var name: String
    var width: Int
    var height: Int
    /// The scale the page was read at (1: as it is).
    var scale: Double
    /// Wall seconds of the page's reading (`page`) and of each rendering's line readings.
    var seconds: [String: Double]
    var lines: [Line]

    struct Line: Codable {
        /// The box around the line's words, and the rectangle read (with its margins).
        var box: BoundingBox
        var rectangle: BoundingBox
        var readings: [Reading]
    }

    struct Reading: Codable {
        /// `page`, or the rendering's name.
        var source: String
        var words: [RecognizedWord]
    }
}

/// A page's truth cut into its lines (by bench/lines66.py): the truth of each of the harvest's
/// lines in order, nil where none could be placed, and how the truth is compared (score.py's
/// scorings: `casefold` ignores case).
struct LineTruth: Codable {
    var lines: [String?]
    var scoring: String
}

import Imaging

/// The renderings an unsure line's crop is read under, each with Tesseract set to read one
/// line (`psm 7`), and what reading them costs.
///
/// On the development set's tune split, a 3×3 median read more unsure lines right than any
/// other single filter (noise and specks are what make a line unsure most often); enlarging
/// was next, on small text only; Otsu's threshold and the crop as it is, read alone, lost as
/// many lines as they mended, and so are left out. The crop as the page rendered it is read
/// too: where it reads the page's words again, it is a vote for them.
enum LineRenderings {
    /// Tesseract's mode for a single line of text.
    static let lineMode = 7
    /// Lines shorter than this (in the page's pixels) are enlarged: Tesseract reads capital
    /// letters best at about 20-30 px.
    static let smallLine = 28

    /// The renderings for a line `height` px tall, in the order they are read and listed.
    static func renderings(lineHeight height: Int) -> [FilterState] {
        let small = height < smallLine
        let chains: [FilterState] = small
            ? [.chain(FilterOperation(.scale)), .chain(FilterOperation(.scale), FilterOperation(.median)), FilterState()]
            : [.chain(FilterOperation(.median)), FilterState(), .chain(FilterOperation(.background))]
        return chains.map { FilterState(engine: EngineSettings(pageSegmentation: lineMode)).followed(by: $0) }
    }

    /// What reading the lines costs, in readings of the page: each crop's share of the page's
    /// pixels as rendered (an enlarged crop costs its enlarged pixels), plus `perReading` for
    /// each, which Tesseract spends on any image however small.
    static let perReading = 0.01

    static func cost(pixels: Int, page: Int) -> Double {
        Double(pixels) / Double(max(1, page)) + perReading
    }
}

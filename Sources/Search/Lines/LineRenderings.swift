import Imaging

/// The renderings an unsure line's crop is read under, each with Tesseract set to read one
/// line (`psm 7`), and what reading them costs.
///
/// On the development set's tune split, a 3×3 median read more unsure lines right than any
/// other single filter (noise and specks are what make a line unsure most often); enlarging
/// was next, on small text only; Otsu's threshold and the crop as it is, read alone, lost as
/// many lines as they mended, and so are left out. The crop as the page rendered it is read
/// too: where it reads the page's words again, it is a vote for them.
package enum LineRenderings {
    /// Tesseract's mode for a single line of text.
    static let lineMode = 7
    /// Lines shorter than this (in the page's pixels) are enlarged: Tesseract reads capital
    /// letters best at about 20-30 px.
    static let smallLine = 28

    /// The renderings for a line `height` px tall, in the order they are read and listed. Each
    /// renders the crop alone: a crop is small enough that Tesseract's own threshold is a
    /// local one, and the filters that answer a page's defects (noise, specks, stains, a
    /// fine pattern) answer them in a line as well.
    package static func renderings(lineHeight height: Int) -> [FilterState] {
        let chains: [FilterState] = height < smallLine
            ? [FilterState(), .chain(FilterOperation(.scale)), .chain(FilterOperation(.scale), FilterOperation(.median)),
               .chain(FilterOperation(.median))]
            : [FilterState(), .chain(FilterOperation(.median)), .chain(FilterOperation(.despeckle)),
               .chain(FilterOperation(.background))]
        return chains.map { FilterState(engine: EngineSettings(pageSegmentation: lineMode)).followed(by: $0) }
    }

    /// What reading a crop costs, in readings of the page: a share of the crop's part of the
    /// page's pixels (before any enlarging: Tesseract reads a line at a fixed height, so an
    /// enlarged crop costs it little more), plus what any reading costs however small.
    /// Measured on the development set's tune split: 119 crops of a 2.1 MP page of prose took
    /// 1.2 times the page's reading on two engines (about 0.02 of the page each).
    static let pixelShare = 0.3
    static let perReading = 0.01

    package static func cost(cropPixels: Int, page: Int) -> Double {
        pixelShare * Double(cropPixels) / Double(max(1, page)) + perReading
    }
}

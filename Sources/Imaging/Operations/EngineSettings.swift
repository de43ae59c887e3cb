/// The engine's own settings for one reading, beside the filters: Tesseract's page
/// segmentation mode (`psm 6`) and its thresholding method (`thresholding sauvola`). They
/// change how the engine reads the rendering, not its pixels, so they are part of a state's
/// script and of the result store's key, and `--auto` weighs them as it weighs filters. Nil
/// settings are the run's own (`--psm`, Tesseract's Otsu).
public struct EngineSettings: Sendable, Hashable {
    /// Tesseract's page segmentation mode, by the numbers of its command line; nil for the run's.
    public var pageSegmentation: Int?
    /// How Tesseract thresholds the page it is given; nil for its default (Otsu).
    public var thresholding: EngineThresholding?

    public init(pageSegmentation: Int? = nil, thresholding: EngineThresholding? = nil) {
        self.pageSegmentation = pageSegmentation
        self.thresholding = thresholding
    }

    /// The modes a script may set: those that read text (1 and 3-13); 0 finds orientation
    /// only and 2 reads nothing.
    public static let pageSegmentationModes = [1] + Array(3...13)

    /// Whether these are the run's own settings.
    public var isDefault: Bool { self == EngineSettings() }

    /// `self` with every setting `other` makes replacing this one's.
    public func overridden(by other: EngineSettings) -> EngineSettings {
        EngineSettings(pageSegmentation: other.pageSegmentation ?? pageSegmentation,
                       thresholding: other.thresholding ?? thresholding)
    }

    /// The commands that make these settings, in a script's order: `psm 6`, `thresholding sauvola`.
    public var commands: [String] {
        [pageSegmentation.map { "psm \($0)" }, thresholding.map { "thresholding \($0.rawValue)" }].compactMap { $0 }
    }
}

/// Tesseract's thresholding methods (its `thresholding_method` variable), by the word a script uses.
public enum EngineThresholding: String, Sendable, Hashable, CaseIterable {
    /// Tesseract's own global Otsu threshold: its default.
    case otsu
    /// Leptonica's tiled Otsu, adapting to light that changes across the page.
    case tiled
    /// Leptonica's Sauvola, a local threshold for shadows and stains.
    case sauvola

    /// The value of Tesseract's `thresholding_method` variable.
    public var tesseractValue: Int {
        switch self {
        case .otsu: 0
        case .tiled: 1
        case .sauvola: 2
        }
    }
}

/// The filters a session can apply, each a segment of the brief's screen.
///
/// One table: the word a user types, what the filter reproduces and how the 0-300%
/// intensity maps to its parameter. Parsers, help, sweeps and the README's table come from it.
public enum FilterKind: String, Sendable, CaseIterable, Codable {
    case blur
    case binarize
    case greyscale
    case contrast
    case sharpen
    case median
    case erode
    case dilate
    case scale
    case invert
    case otsu
    case sauvola
    case deskew

    /// The filter's own parameter at an intensity: what it is called and its value.
    public struct Parameter: Sendable, Equatable {
        /// `sigma`, `threshold`, `radius`, ...: a name for JSON and CSV columns.
        public let name: String
        /// `σ`, `>`, `r`, `×`: how a chart's axis and a label write it.
        public let symbol: String
        public let value: Double
    }

    /// The Core Image filter an iOS app would use, or what stands in for one.
    public var reproduces: String {
        switch self {
        case .blur: "CIGaussianBlur"
        case .binarize: "CIColorThreshold"
        case .greyscale: "CIPhotoEffectMono"
        case .contrast: "CIColorControls"
        case .sharpen: "CIUnsharpMask"
        case .median: "CIMedianFilter"
        case .erode: "CIMorphologyMinimum"
        case .dilate: "CIMorphologyMaximum"
        case .scale: "CILanczosScaleTransform"
        case .invert: "CIColorInvert"
        case .otsu: "CIColorThresholdOtsu"
        case .sauvola: "Sauvola's adaptive threshold"
        case .deskew: "Leptonica's pixDeskew"
        }
    }

    /// One line for help: what the filter does at the default 25%.
    public var summary: String {
        switch self {
        case .blur: "Gaussian blur at 25% (σ = 100 × intensity px) on the original"
        case .binarize: "colour threshold at 25% (0.5 × intensity, per channel) on the original"
        case .greyscale: "luminance only (fully grey from 25%; below, part of the colour kept)"
        case .contrast: "contrast about mid-grey, × (1 + 4 × intensity): 2× at 25%"
        case .sharpen: "unsharp mask, radius 2.5 px, amount 2 × intensity: 0.5 at 25%"
        case .median: "median of a square window of radius 4 × intensity px: 3×3 at 25% (denoise)"
        case .erode: "minimum over radius 4 × intensity px: dark text grows, 1 px at 25%"
        case .dilate: "maximum over radius 4 × intensity px: dark text thins, 1 px at 25%"
        case .scale: "Lanczos resize by 8 × intensity: 2× at 25%, 1× at 12.5% (1/16× to 64 MP)"
        case .invert: "negative (fully from 25%; below, blended with the image)"
        case .otsu: "black and white at Otsu's level × 4 × intensity: Otsu's own at 25%"
        case .sauvola: "black and white by local mean and deviation, k = 1.4 × intensity: 0.35 at 25%"
        case .deskew: "straighten text lines, searching ±28 × intensity degrees: ±7° at 25%"
        }
    }

    /// The parameter this filter takes at `intensity`.
    public func parameter(at intensity: Double) -> Parameter {
        switch self {
        case .blur: Parameter(name: "sigma", symbol: "σ", value: 100 * intensity)
        case .binarize: Parameter(name: "threshold", symbol: ">", value: 0.5 * intensity)
        case .greyscale, .invert: Parameter(name: "amount", symbol: "amount ", value: min(1, 4 * intensity))
        case .contrast: Parameter(name: "contrast", symbol: "×", value: 1 + 4 * intensity)
        case .sharpen: Parameter(name: "amount", symbol: "amount ", value: 2 * intensity)
        case .median, .erode, .dilate: Parameter(name: "radius", symbol: "r", value: (4 * intensity).rounded())
        case .scale: Parameter(name: "factor", symbol: "×", value: max(Self.smallestScale, 8 * intensity))
        case .otsu: Parameter(name: "bias", symbol: "Otsu ×", value: 4 * intensity)
        case .sauvola: Parameter(name: "k", symbol: "k ", value: 1.4 * intensity)
        case .deskew: Parameter(name: "maximum-angle", symbol: "±", value: 28 * intensity)
        }
    }

    /// The slider's 0% shrinks to this factor rather than to nothing.
    public static let smallestScale = 1.0 / 16

    /// The brief's two filters, whose segments behave exactly as the brief says; the others
    /// follow the same rules.
    public static let brief: [FilterKind] = [.blur, .binarize]
}

extension FilterKind {
    /// The parameter's axis title on a chart: `σ (pixels)`, `threshold (linear light)`.
    public var parameterTitle: String {
        switch self {
        case .blur: "σ (pixels)"
        case .binarize: "threshold (working space)"
        case .greyscale, .invert: "amount (0-1)"
        case .contrast: "contrast (×)"
        case .sharpen: "unsharp amount"
        case .median, .erode, .dilate: "radius (pixels)"
        case .scale: "scale factor (×)"
        case .otsu: "bias (× Otsu's level)"
        case .sauvola: "Sauvola k"
        case .deskew: "search range (± degrees)"
        }
    }
}

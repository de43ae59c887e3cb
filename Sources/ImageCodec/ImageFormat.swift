internal import CTesseract

/// The file formats filterocr reads.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, tiff, bmp, pnm, webp, gif, jpeg2000

    /// The file name extensions of this format, lower case, without the dot.
    public var fileExtensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .tiff: ["tif", "tiff"]
        case .bmp: ["bmp"]
        case .pnm: ["pnm", "ppm", "pgm", "pbm"]
        case .webp: ["webp"]
        case .gif: ["gif"]
        case .jpeg2000: ["jp2", "j2k"]
        }
    }

    /// Every extension of every format: what folders and image sets are searched for.
    public static let fileExtensions: Set<String> = Set(allCases.flatMap(\.fileExtensions))

    /// Whether `path` names a file of a supported format by its extension.
    public static func hasImageExtension(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return fileExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    init?(leptonicaFormat format: Int32) {
        switch Int(format) {
        case IFF_PNG: self = .png
        case IFF_JFIF_JPEG: self = .jpeg
        case IFF_BMP: self = .bmp
        case IFF_PNM: self = .pnm
        case IFF_WEBP: self = .webp
        case IFF_GIF: self = .gif
        case IFF_JP2: self = .jpeg2000
        case IFF_TIFF...IFF_TIFF_ZIP, IFF_TIFF_JPEG:
            self = .tiff
        default: return nil
        }
    }

    /// Upper-case name as written in messages ("PNG", "JPEG").
    public var displayName: String {
        switch self {
        case .webp: "WebP"
        case .jpeg2000: "JPEG 2000"
        default: rawValue.uppercased()
        }
    }
}

internal import CTesseract

/// The file formats filterocr reads.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, tiff, bmp, pnm, webp, gif, jpeg2000

    /// The names users know, for error messages.
    public static let supportedList = "PNG, JPEG, TIFF, BMP, PNM, WebP, GIF or JPEG 2000"

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

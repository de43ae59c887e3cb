/// Every kind of file filterocr reads, by the names users know: the image formats this module
/// decodes, then PDF, whose pages the Documents module renders. Messages and help name the
/// formats from here, so that none of them leaves one out.
public enum ReadableFormats {
    /// What is read that is not an `ImageFormat`: documents, whose pages are rendered.
    public static let documentNames = ["PDF"]

    /// The names in the order messages list them.
    public static let names = ImageFormat.allCases.map(\.displayName) + documentNames

    /// `PNG, JPEG, TIFF, BMP, PNM, WebP, GIF, JPEG 2000 or PDF`.
    public static let list: String = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
}

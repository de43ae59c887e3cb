import Imaging

/// An image as read from a file: its pixels and what the file said about them.
public struct DecodedImage: Sendable, Equatable {
    public var image: RGBImage
    /// The file's format; nil for a page a library rendered from a document (a PDF page).
    public var format: ImageFormat?
    /// Dots per inch recorded in the file, if it records any.
    public var resolution: Int?

    public init(image: RGBImage, format: ImageFormat?, resolution: Int?) {
        self.image = image
        self.format = format
        self.resolution = resolution
    }
}

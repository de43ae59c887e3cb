import Imaging
import Recognition

/// An image file decoded at a fraction of its size (a JPEG, scaled in libjpeg's transform)
/// because its reading would shrink it to that size anyway: what the reading needs to give its
/// words, its size and its resolution as the file's.
public struct ReducedDecoding: Sendable, Equatable {
    /// The file's own size.
    public var fileWidth: Int
    public var fileHeight: Int
    /// The fraction of that size in each direction the pixels were decoded at (0.5).
    public var scale: Double

    package init(fileWidth: Int, fileHeight: Int, scale: Double) {
        (self.fileWidth, self.fileHeight, self.scale) = (fileWidth, fileHeight, scale)
    }

    /// The resolution the reduced pixels have when the file's is `resolution`.
    package func resolution(_ resolution: Int?) -> Int? {
        PageReader.resolution(resolution, at: scale)
    }

    /// `recognized`, a reading of the reduced pixels `image`, with its words in the file's
    /// pixels and the scale it was read at, as a reading shrunk by the text sizing gives them.
    package func inFilePixels(_ recognized: RecognizedText, read image: RGBImage) -> RecognizedText {
        PageReader.inPagePixels(recognized, read: image, at: scale, width: fileWidth, height: fileHeight)
    }
}

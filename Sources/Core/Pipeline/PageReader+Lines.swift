import Imaging
import Recognition

extension PageReader {
    /// Each of `lines` (rectangles in `image`'s pixels) read as one line, on one layout: the
    /// rectangles of the lines a page's reading found, read again in a rendering that leaves
    /// its pixels in place. The rendering is read at `scale`, the scale the page's own reading
    /// was made at, so that a line's letters reach the engine at the size they had there; each
    /// reading's words are in `image`'s pixels.
    ///
    /// Not asked of the result store: a line is read as part of a page's search, whose choice the
    /// store keeps.
    package func readLines(_ image: RGBImage, resolution: Int?, lines: [BoundingBox], scale: Double, engine reading: EngineSettings,
                           symbolChoices: Bool, monitor: RecognitionMonitor?, with engine: any Recognizer) throws -> [RecognizedText] {
        guard scale != 1 else {
            return try engine.recognizeLines(image, lines: lines, resolution: resolution, engine: reading, monitor: monitor,
                                             symbolChoices: symbolChoices)
        }
        let scaled = LanczosScale(factor: scale).apply(to: image, in: .sRGB)
        let (x, y) = (Double(scaled.width) / Double(image.width), Double(scaled.height) / Double(image.height))
        let rectangles = lines.map { $0.mapped(by: x, y, within: scaled.width, scaled.height) }
        return try engine.recognizeLines(scaled, lines: rectangles, resolution: Self.resolution(resolution, at: scale),
                                         engine: reading, monitor: monitor, symbolChoices: symbolChoices)
            .map { Self.inPagePixels($0, read: scaled, at: scale, width: image.width, height: image.height) }
    }
}

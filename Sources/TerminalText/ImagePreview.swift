import Core
import Imaging

/// A colour preview of an image for a terminal with 24-bit colour: each character cell
/// shows two pixels, the upper as the foreground of `▀`, the lower as its background.
public enum ImagePreview {
    public static func render(_ image: RGBImage, fitting terminal: (width: Int, height: Int)) -> String {
        let columns = max(1, terminal.width)
        let pixelRows = max(2, (terminal.height - 2) * 2)
        // Terminal cells are about twice as tall as wide: one cell is a square of two pixels.
        let scale = max(Double(image.width) / Double(columns), Double(image.height) / Double(pixelRows), 1)
        let width = max(1, Int(Double(image.width) / scale))
        let height = max(2, Int(Double(image.height) / scale)) & ~1
        let small = image.boxResized(width: width, height: height)
        var output = ""
        output.reserveCapacity(width * height * 20)
        for row in stride(from: 0, to: height, by: 2) {
            for x in 0..<width {
                let top = small[x, row], bottom = small[x, min(row + 1, height - 1)]
                output += "\u{1B}[38;2;\(top.red);\(top.green);\(top.blue)m\u{1B}[48;2;\(bottom.red);\(bottom.green);\(bottom.blue)m▀"
            }
            output += "\u{1B}[0m\n"
        }
        return output
    }
}

import ArgumentParser
import ImageCodec
import Imaging

/// Options of every command that reads images.
struct ImageOptions: ParsableArguments {
    @Option(name: .long, help: "Values the filters work on: linear light (as Core Image) or gamma-encoded sRGB.")
    var colorSpace: WorkingSpace = .linear

    @Option(name: .long, parsing: .unconditional,
            help: "Refuse images with more pixels than this (checked from the header).")
    var maxPixels = ImageDecoder.defaultMaxPixels

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Refuse image files and standard input larger than this many bytes (checked before reading).",
        discussion: "By default 8 bytes per allowed pixel, plus 1 MiB."))
    var maxBytes: Int?

    func validate() throws {
        guard maxPixels > 0 else {
            throw ValidationError("--max-pixels must be a positive number of pixels, e.g. --max-pixels 100000000")
        }
        if let maxBytes, maxBytes <= 0 {
            throw ValidationError("--max-bytes must be a positive number of bytes, e.g. --max-bytes 50000000")
        }
    }

    var decoder: ImageDecoder {
        ImageDecoder(maxPixels: maxPixels, maxBytes: maxBytes ?? ImageDecoder.defaultMaxBytes(forPixels: maxPixels))
    }
}

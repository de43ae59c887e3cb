import ArgumentParser

/// `--optimize 0|1`: whether a searchable PDF is made smaller losslessly, as OCRmyPDF's
/// `--optimize` levels 0 and 1 (1 its default too). Its lossy levels, 2 and 3, are refused:
/// filterocr never changes an image's pixels.
struct OptimizeOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "How a searchable PDF is written: 1 (the default) makes it smaller losslessly, as OCRmyPDF's "
            + "--optimize 1: resources no page uses dropped, objects packed into object streams, streams "
            + "recompressed where that is smaller (images' pixels never change); 0 writes it as assembled.",
        valueName: "level"),
            transform: OptimizeOption.level)
    var optimize: Int?

    /// Whether a PDF is optimised: unless `--optimize 0`.
    var optimized: Bool { optimize != 0 }

    /// Refuses `--optimize` given for a run that writes no PDF.
    func check(writesPDF: Bool) throws {
        if optimize != nil, !writesPDF { throw ValidationError("--optimize is for --format pdf") }
    }

    static func level(_ text: String) throws -> Int {
        switch text {
        case "0": 0
        case "1": 1
        case "2", "3":
            throw ValidationError("--optimize \(text) is OCRmyPDF's lossy level; filterocr keeps every pixel of the "
                                  + "images: give --optimize 1 (the default) or 0")
        default:
            throw ValidationError("--optimize takes 0 (write the PDF as assembled) or 1 (smaller, losslessly; the default)")
        }
    }
}

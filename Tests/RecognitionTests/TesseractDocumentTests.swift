import Foundation
import ImageCodec
import Imaging
import Recognition
import TestSupport
import Testing

@Suite("Tesseract's output formats, written from memory")
struct TesseractDocumentTests {
    /// The same bytes as `tesseract IMAGE base FORMAT` writes, for the same image and settings.
    @Test("TSV, hOCR, ALTO and text equal the tesseract command line's", arguments: [
        TesseractDocument.Format.txt, .tsv, .hocr, .alto,
    ])
    func equalsCommandLine(format: TesseractDocument.Format) async throws {
        for image in [Paths.corpus + "/phototest.tif", Paths.images + "/receipt.png"] {
            let folder = try Paths.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let cli = try await Command.run("/usr/bin/tesseract", [image, folder + "/cli", format.rawValue],
                                      environment: ["OMP_THREAD_LIMIT": "1"])
            #expect(cli.status == 0, "\(cli.standardError)")

            let decoded = try ImageFile.load(image)
            let engine = try TesseractEngine()
            _ = try engine.recognize(decoded.image, resolution: decoded.resolution)
            let document = try TesseractDocument(format: format, outputBase: folder + "/ours")
            try document.begin(title: "")
            try engine.addLastPage(to: document, showing: PageImage(image: decoded.image, file: image))
            try document.end()

            let expected = try String(contentsOfFile: folder + "/cli." + format.fileExtension, encoding: .utf8)
            let written = try String(contentsOfFile: document.path, encoding: .utf8)
            #expect(!written.isEmpty)
            #expect(written == expected, "\(format) of \(image) differs")
        }
    }
}

import Foundation
import ImageCodec
import Imaging
import PageDocuments
import Recognition
import Synchronization
import TestSupport
import Testing

/// A document's pages through the checked writes: whole at the end, nothing left on failure,
/// from several threads at once.
@Suite("Page documents through checked writes")
struct PageDocumentTests {
    private func page() throws -> RGBImage {
        try ImageFile.load(Paths.images + "/price_tag.bmp").image
    }

    @Test("Pages handed in from several threads, last first, all arrive whole", arguments: [TesseractDocument.Format.txt, .hocr, .pdf])
    func pagesInOrder(format: TesseractDocument.Format) async throws {
        let folder = try Paths.temporaryDirectory()
        let destination = folder + "/out." + format.fileExtension
        let document = try PageDocument(format: format, destination: destination)
        let image = try page()
        let pages = 4
        // A thread per page (not a pool, which could run the later pages' threads first and
        // none of the earlier ones), handing pages in the reverse of input order.
        let done = DispatchGroup()
        // Failures on the page threads, reported on the test's own: an engine that cannot start
        // or read fails the test rather than leaving a page out unnoticed.
        let failures = Mutex<[String]>([])
        for index in 0..<pages {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                // Each thread its own engine, as the runner's engines are.
                do {
                    let engine = try TesseractEngine()
                    let recognized = try engine.recognize(image, resolution: 300)
                    try document.addPage(pages - 1 - index) { document in
                        try document.add(page: recognized, inputName: nil, showing: PageImage(image: image, file: nil))
                    }
                } catch {
                    failures.withLock { $0.append("page \(pages - 1 - index): \(error)") }
                }
            }
        }
        #expect(await done.ended(within: 300), "every page added")
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        try document.finish()
        let written = try Data(contentsOf: URL(fileURLWithPath: destination))
        #expect(!written.isEmpty)
        let text = format == .pdf ? try await Command.run("/usr/bin/pdftotext", [destination, "-"]).standardOutput
            : String(decoding: written, as: UTF8.self)
        #expect(text.components(separatedBy: "SPECIAL").count - 1 == pages, "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out." + format.fileExtension])
    }

    @Test("An abandoned document leaves the old file and no temporary")
    func abandoned() async throws {
        let folder = try Paths.temporaryDirectory()
        let destination = folder + "/out.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: destination))
        let document = try PageDocument(format: .txt, destination: destination)
        document.abandon()
        document.abandon()
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.txt"])
    }
}

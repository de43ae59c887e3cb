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

    @Test("Pages made ready on several threads, last first, go in whole and in input order",
          arguments: [TesseractDocument.Format.txt, .hocr, .pdf])
    func pagesInOrder(format: TesseractDocument.Format) async throws {
        let folder = try Paths.temporaryDirectory()
        let destination = folder + "/out." + format.fileExtension
        let document = try PageDocument(format: format, destination: destination)
        #expect(document.addsInInputOrder)
        let image = try page()
        let pages = 4
        // A thread per page (not a pool, which could run the later pages' threads first and
        // none of the earlier ones), making pages ready in the reverse of input order; each
        // page is told apart by the name of its image.
        let done = DispatchGroup()
        let ready = Mutex<[Int: PageDocument.ReadyPage]>([:])
        // Failures on the page threads, reported on the test's own: an engine that cannot start
        // or read fails the test rather than leaving a page out unnoticed.
        let failures = Mutex<[String]>([])
        for index in 0..<pages {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                let ticket = pages - 1 - index
                // Each thread its own engine, as the runner's engines are.
                do {
                    let engine = try TesseractEngine()
                    let recognized = try engine.recognize(image, resolution: 300)
                    let page = try document.prepare(ticket) { showingImage in
                        TesseractDocument.Page(recognized, inputName: "page-\(ticket).bmp",
                                               showing: showingImage ? PageImage(image: image, file: nil) : nil)
                    }
                    ready.withLock { $0[ticket] = page }
                } catch {
                    failures.withLock { $0.append("page \(ticket): \(error)") }
                }
            }
        }
        #expect(await done.ended(within: 300), "every page made ready")
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        for ticket in 0..<pages {
            try document.add(try #require(ready.withLock { $0[ticket] }, "page \(ticket)"))
        }
        try document.finish()
        let written = try Data(contentsOf: URL(fileURLWithPath: destination))
        #expect(!written.isEmpty)
        let text = format == .pdf ? try await Command.run("/usr/bin/pdftotext", [destination, "-"]).standardOutput
            : String(decoding: written, as: UTF8.self)
        #expect(text.components(separatedBy: "SPECIAL").count - 1 == pages, "\(text)")
        if format == .hocr {
            let names = (0..<pages).map { "page-\($0).bmp" }
            let order = names.compactMap { text.range(of: $0)?.lowerBound }
            #expect(order.count == pages && order == order.sorted(), "the pages in input order")
        }
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

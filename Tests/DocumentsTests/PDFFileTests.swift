import Documents
import Foundation
import Imaging
import TestSupport
import Testing

@Suite struct PDFFileTests {
    @Test func rendersAScannedPageAtItsOwnResolution() async throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pdf = folder + "/scan.pdf"
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: pdf)
        let file = try PDFFile(pdf)
        #expect(file.pageCount == 2)
        let survey = try file.survey(page: 2)
        #expect(survey.isScan)
        #expect(!survey.hasText)
        #expect(abs((survey.imageResolution ?? 0) - 300) < 0.5, "\(String(describing: survey.imageResolution))")
        let image = try file.render(page: 2, dpi: 300, maxPixels: 10_000_000)
        #expect(image.width == 1024 && image.height == 800)
        #expect(throws: DocumentError(source: pdf, problem: .noSuchPage(page: 3, count: 2))) {
            try file.render(page: 3, dpi: 300, maxPixels: 10_000_000)
        }
    }
}

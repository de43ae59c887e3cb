import Foundation
import TestSupport
import Testing

/// The REPL over a two-page PDF of the corpus (phototest, then eurotext), through the built
/// binary with Tesseract: `printf 'page next\n...' | filterocr repl --image scan.pdf`.
@Suite("filterocr repl on a document")
struct ReplDocumentTests {
    /// A PDF whose page 1 is phototest and page 2 eurotext, made from the corpus.
    private func scan() async throws -> String {
        let path = try Paths.temporaryDirectory() + "/scan.pdf"
        try await TestDocuments.pdf(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: path)
        return path
    }

    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not JSON: \($0)")
        }
    }

    @Test("page next reads page 2 with the filters kept; status says page 2 of 2; moves past the end or on an image are refused")
    func pagesOfAPDF() async throws {
        let pdf = try await scan()
        let script = ["page next", "status", "binarize", "page previous", "page 3", "open \(Paths.corpus)/phototest.tif",
                      "page next"]
        let result = try await Command.filterocr(["repl", "--json", "--no-feed", "--no-truth", "--image", pdf],
                                           input: Data((script.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 1, "a script with refused commands fails")
        let objects = try objects(result.standardOutput)
        #expect(objects.map { $0["command"] as? String } == ["open", "page", "status", "binarize", "page", "page", "open", "page"])
        #expect(objects.map { $0["kind"] as? String }
                == ["recognition", "recognition", "status", "recognition", "recognition", "error", "recognition", "error"])

        let pageOne = try #require(objects.first)
        let pageTwo = try #require(objects.at(1))
        #expect(pageOne["page"] as? Int == 1 && pageOne["pageCount"] as? Int == 2)
        #expect(pageTwo["page"] as? Int == 2 && pageTwo["pageCount"] as? Int == 2)
        // phototest's "quick brown dog" against eurotext's fox in three languages.
        let (textOne, textTwo) = (try #require(pageOne["text"] as? String), try #require(pageTwo["text"] as? String))
        #expect(textOne.contains("12 point text") && textOne.contains("quick brown dog"), "\(textOne)")
        #expect(!textOne.contains("Fuchs"))
        #expect(textTwo.contains("Fuchs") && textTwo.contains("renard") && textTwo.contains("quick"), "\(textTwo)")
        #expect(!textTwo.contains("12 point"))

        let status = try #require(objects.at(2)?["status"] as? [String: Any])
        let image = try #require(status["image"] as? [String: Any])
        #expect(image["page"] as? Int == 2 && image["pageCount"] as? Int == 2 && image["format"] as? String == "PDF")
        #expect((image["path"] as? String)?.hasSuffix("scan.pdf") == true)

        // The filters go with the page: page 1 binarized, measured against page 1's original.
        let back = try #require(objects.at(4))
        #expect(back["page"] as? Int == 1 && back["operations"] as? [String] == ["binarize 25%"])
        #expect(back["changes"] != nil)

        #expect(objects.at(5)?["error"] as? String == "there is no page 3: scan.pdf has 2 pages")
        #expect(objects.at(6)?["page"] == nil, "an image is no document")
        #expect(objects.at(7)?["error"] as? String == "phototest.tif has one page; page moves within a PDF or a multi-page TIFF")
        #expect(result.errorLines.count == 2, "\(result.errorLines)")
    }

    @Test("A person's report names the page, and the status line too")
    func humanReport() async throws {
        let pdf = try await scan()
        let result = try await Command.filterocr(["repl", "--no-feed", "--no-truth", "--image", pdf],
                                           input: Data("page 2\nstatus\n".utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("scan.pdf page 1 of 2 · original") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("scan.pdf page 2 of 2 · original") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("image:") && $0.contains("scan.pdf page 2 of 2 (") && $0.contains("PDF") }, "\(lines)")
    }

    @Test("save writes a page's recognition as a searchable PDF of that page")
    func savePage() async throws {
        let pdf = try await scan()
        let folder = try Paths.temporaryDirectory()
        let result = try await Command.filterocr(["repl", "--no-feed", "--no-truth", "--image", pdf],
                                           input: Data("page 2\nsave \(folder)/page2.pdf\nsave \(folder)/page2.txt\n".utf8))
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let saved = try Data(contentsOf: URL(fileURLWithPath: folder + "/page2.pdf"))
        #expect(saved.starts(with: Data("%PDF-".utf8)) && saved.count > 10_000)
        let text = try String(contentsOfFile: folder + "/page2.txt", encoding: .utf8)
        #expect(text.contains("Fuchs") && !text.contains("12 point"), "\(text)")
    }
}

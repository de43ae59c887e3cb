import Foundation
import TestSupport
import Testing

/// `--format txt|tsv|hocr|alto|pdf` and `-o`: Tesseract's documents, with the text and the words
/// and boxes its command line writes.
@Suite("Tesseract's output formats from ocr and batch")
struct DocumentFormatTests {
    static let receipt = Paths.images + "/receipt.png"
    static let sign = Paths.images + "/street_sign.jpg"
    static let pages = [Paths.images + "/receipt.png", Paths.corpus + "/phototest.tif", Paths.images + "/form.png"]

    /// The characters of a text apart from white space, sorted: what a PDF's text layer must
    /// hold, whatever spacing and reading order a PDF reader gives it.
    private static func characters(_ text: String) -> [Character] {
        text.filter { !$0.isWhitespace }.sorted()
    }

    private static func tesseract(_ input: String, _ format: String, in folder: String) async throws -> Data {
        let run = try await Command.run("/usr/bin/tesseract", [input, folder + "/cli", format], environment: ["OMP_THREAD_LIMIT": "1"])
        #expect(run.status == 0, "\(run.standardError)")
        let fileExtension = format == "alto" ? "xml" : format
        return try Data(contentsOf: URL(fileURLWithPath: folder + "/cli." + fileExtension))
    }

    /// The same text, or the same words with the same boxes, in a document's bytes.
    private static func sameWords(_ ours: Data, _ theirs: Data, format: String) {
        let (mine, cli) = (String(decoding: ours, as: UTF8.self), String(decoding: theirs, as: UTF8.self))
        guard format != "txt" else {
            #expect(mine == cli)
            return
        }
        let words = WrittenWords.of(mine, format: format)
        #expect(words != nil, "filterocr's \(format) is well-formed")
        #expect(words?.isEmpty == false)
        #expect(words == WrittenWords.of(cli, format: format), "the \(format) words differ from tesseract's")
    }

    @Test("ocr --format txt, tsv, hocr and alto print the text and the words tesseract IMAGE out FORMAT writes",
          arguments: ["txt", "tsv", "hocr", "alto"])
    func oneImage(format: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let ours = try await Command.filterocr(["ocr", Self.receipt, "--format", format, "--no-feed"])
        #expect(ours.status == 0, "\(ours.standardError)")
        Self.sameWords(await ours.outputData, try await Self.tesseract(Self.receipt, format, in: folder), format: format)
    }

    @Test("batch -o writes one document with a page per image, in input order, as tesseract does for a list",
          arguments: ["tsv", "hocr"])
    func manyImages(format: String) async throws {
        let folder = try Paths.temporaryDirectory()
        let list = folder + "/list.txt"
        try (Self.pages.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
        let output = folder + "/ours." + format
        let ours = try await Command.filterocr(["batch"] + Self.pages + ["-j", "2", "--format", format, "-o", output, "--no-feed"])
        #expect(ours.status == 0, "\(ours.standardError)")
        #expect(ours.standardOutput.isEmpty)
        Self.sameWords(try Data(contentsOf: URL(fileURLWithPath: output)), try await Self.tesseract(list, format, in: folder),
                       format: format)
    }

    @Test("The searchable PDF shows the original images, at their size and resolution, under the filtered recognition's text")
    func searchablePDF() async throws {
        let folder = try Paths.temporaryDirectory()
        let pdf = folder + "/scans.pdf"
        let inputs = [Self.sign, Self.receipt]
        let run = try await Command.filterocr(["batch"] + inputs + ["--ops", "greyscale; then sauvola", "--format", "pdf", "-o", pdf, "--no-feed"])
        #expect(run.status == 0, "\(run.standardError)")

        // Spaces collapsed: pdfinfo aligns its columns.
        let info = try await Command.run("/usr/bin/pdfinfo", ["-f", "1", "-l", "2", pdf]).standardOutput
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        #expect(info.contains("Pages: 2"))
        // street_sign.jpg is 2000x1500 at 300 dpi: 480 x 360 points; receipt.png 750x1370 at 300 dpi.
        #expect(info.contains("Page 1 size: 480 x 360 pts"), "\(info)")
        #expect(info.contains("Page 2 size: 180 x 328.8 pts"), "\(info)")

        // The JPEG is embedded as the file is: not the filtered (black and white) image, not re-encoded.
        let list = try await Command.run("/usr/bin/pdfimages", ["-list", pdf]).standardOutput
        let rows = list.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.count == 2)
        #expect(rows.first.map { Array($0[3...5]) + [$0[8]] } == ["2000", "1500", "rgb", "jpeg"], "\(list)")
        #expect(rows.last.map { Array($0[3...5]) } == ["750", "1370", "rgb"], "\(list)")
        _ = try await Command.run("/usr/bin/pdfimages", ["-all", "-f", "1", "-l", "1", pdf, folder + "/embedded"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/embedded-000.jpg"))
                    == Data(contentsOf: URL(fileURLWithPath: Self.sign)))

        // The text layer is what the filtered images read.
        let lines = try await Command.filterocr(["batch"] + inputs + ["--ops", "greyscale; then sauvola", "--no-feed"])
        let filtered = lines.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }.map { $0["text"] as? String ?? "" }.joined(separator: " ")
        let layer = try await Command.run("/usr/bin/pdftotext", [pdf, "-"]).standardOutput
        #expect(filtered.contains { !$0.isWhitespace })
        #expect(Self.characters(layer) == Self.characters(filtered))
    }

    @Test("With --auto, the PDF's text layer is the chosen filters' recognition, over the image as loaded")
    func automaticChoice() async throws {
        let folder = try Paths.temporaryDirectory()
        let pdf = folder + "/sign.pdf"
        let document = try await Command.filterocr(["ocr", Self.sign, "--auto", "--format", "pdf", "-o", pdf, "--no-feed"])
        #expect(document.status == 0, "\(document.standardError)")
        // The choice depends on the time budget; standard error names it, and its script
        // reproduces the chosen rendering's recognition.
        let chosen = try #require(document.standardError.firstMatch(of: /auto: chose "([^"]+)"/)?.output.1,
                                  "the choice on standard error: \(document.standardError)")
        let report = try await Command.filterocr(["ocr", Self.sign, "--ops", String(chosen), "--json", "--no-feed"])
        let object = try #require(try JSONSerialization.jsonObject(with: report.outputData) as? [String: Any])
        let layer = try await Command.run("/usr/bin/pdftotext", [pdf, "-"]).standardOutput
        #expect(Self.characters(layer) == Self.characters(object["text"] as? String ?? ""), "chose \(chosen)")
        #expect(try await Command.run("/usr/bin/pdfimages", ["-list", pdf]).standardOutput.contains("2000  1500  rgb     3   8  jpeg"))
    }

    @Test("A missing folder or a failing run leaves no file behind")
    func refusals() async throws {
        let folder = try Paths.temporaryDirectory()
        let missing = try await Command.filterocr(["ocr", Self.receipt, "--format", "pdf", "-o", folder + "/no/x.pdf", "--no-feed"])
        #expect(missing.status == 1 && !FileManager.default.fileExists(atPath: folder + "/no"))

        // One image that cannot be read: the others' pages are written, and the run says it failed.
        let broken = folder + "/broken.png"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: broken))
        let output = folder + "/some.hocr"
        let partial = try await Command.filterocr(["batch", Self.receipt, broken, "--format", "hocr", "-o", output, "--no-feed"])
        #expect(partial.status == 1 && partial.standardError.contains("broken.png"))
        let document = try String(contentsOfFile: output, encoding: .utf8)
        #expect(document.components(separatedBy: "class='ocr_page'").count == 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") || $0.contains(".tmp.") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("save in the REPL writes the current recognition in a Tesseract format, and a PDF of the image as loaded")
    func replSave() async throws {
        let folder = try Paths.temporaryDirectory()
        let script = ["binarize", "slider 100%", "save \(folder)/r.tsv", "save \(folder)/r.pdf", "original", "save \(folder)/o.tsv"]
        let run = try await Command.filterocr(["repl", "--json", "--no-feed", "--image", Self.receipt],
                                        input: Data((script.joined(separator: "\n") + "\n").utf8))
        #expect(run.status == 0, "\(run.standardError)")
        let filtered = try String(contentsOfFile: folder + "/r.tsv", encoding: .utf8)
        let original = try String(contentsOfFile: folder + "/o.tsv", encoding: .utf8)
        Self.sameWords(Data(original.utf8), try await Self.tesseract(Self.receipt, "tsv", in: folder), format: "tsv")
        #expect(filtered != original && filtered.hasPrefix("level\tpage_num"))
        let list = try await Command.run("/usr/bin/pdfimages", ["-list", folder + "/r.pdf"]).standardOutput
        #expect(list.contains("750  1370  rgb"), "\(list)")
    }
}

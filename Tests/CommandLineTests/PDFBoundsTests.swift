import Foundation
import TestSupport
import Testing

/// A searchable PDF costs what its document draws: objects nothing refers to are never decoded,
/// one budget bounds what a document may decode, and the optimiser changes no pixel. Each input
/// is made on the spot by Tests/PDFBounds/make_pdfs.py and run through the built binary.
@Suite("A PDF costs what it draws")
struct PDFBoundsTests {
    /// The most memory writing one of these PDFs may take (each took gigabytes).
    private static let peakLimit = 500 << 20

    /// Makes the generator's PDF `name` in a new folder; returns the folder and the PDF's path.
    private static func make(_ name: String) async throws -> (folder: String, pdf: String) {
        let folder = try Paths.temporaryDirectory()
        try await TestDocuments.tool("/usr/bin/python3", [Paths.packageRoot + "/Tests/PDFBounds/make_pdfs.py", folder, name])
        return (folder, folder + "/\(name).pdf")
    }

    /// `ocr --format pdf` of `pdf` into `output`, measured.
    private static func searchable(_ pdf: String, _ output: String, _ extra: [String] = []) async throws -> MeasuredResult {
        try await Command.measuredFilterocr(["ocr", "--no-feed", "--format", "pdf"] + extra + ["-o", output, pdf])
    }

    /// The page as MuPDF draws it in grey at 72 dpi, as PGM bytes.
    private static func drawn(_ pdf: String, in folder: String) async throws -> Data {
        let image = folder + "/\(UUID().uuidString).pgm"
        _ = try await Command.run("/usr/bin/mutool", ["draw", "-q", "-r", "72", "-c", "gray", "-o", image, pdf])
        return try Data(contentsOf: URL(fileURLWithPath: image))
    }

    @Test("An image a Type 3 glyph draws through the page's resources is kept by --optimize 1")
    func type3GlyphKeepsPageResources() async throws {
        let (folder, pdf) = try await Self.make("type3-page-resources")
        let output = folder + "/out.pdf"
        let result = try await Self.searchable(pdf, output, ["--optimize", "1"])
        #expect(result.status == 0, "\(result.standardError)")
        let before = try await Self.drawn(pdf, in: folder), after = try await Self.drawn(output, in: folder)
        #expect(!before.isEmpty && before == after, "the page draws otherwise after optimising")
    }

    @Test("A stream typed /Metadata that is not XMP (an image) is left byte for byte by --optimize 1")
    func onlyXMPIsTrimmed() async throws {
        let (folder, pdf) = try await Self.make("metadata-typed-image")
        let output = folder + "/out.pdf"
        let result = try await Self.searchable(pdf, output, ["--optimize", "1"])
        #expect(result.status == 0, "\(result.standardError)")
        let before = try await Self.drawn(pdf, in: folder), after = try await Self.drawn(output, in: folder)
        #expect(!before.isEmpty && before == after, "the image's pixels moved")
    }

    @Test("A page whose contents inflate to 256 MiB is written in bounded memory", arguments: ["0", "1"])
    func contentBomb(optimize: String) async throws {
        let (folder, pdf) = try await Self.make("content-bomb")
        let result = try await Self.searchable(pdf, folder + "/out.pdf", ["--optimize", optimize])
        #expect(result.peakBytes < Self.peakLimit, "peak \(result.peakMegabytes) MB")
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test("Contents that decode to more than the document's budget are refused in one line")
    func contentsPastTheBudget() async throws {
        let (folder, pdf) = try await Self.make("content-bomb-thrice")
        let output = folder + "/out.pdf"
        let result = try await Self.searchable(pdf, output)
        #expect(result.peakBytes < Self.peakLimit, "peak \(result.peakMegabytes) MB")
        #expect(result.status != 0)
        let refusals = result.errorLines.filter { $0.contains("decode to more than the 512 MB") }
        #expect(refusals.count == 1 && refusals[0].contains("page 1's contents"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("An object stream nothing refers to is never inflated", arguments: ["0", "1"])
    func unreferencedObjectStream(optimize: String) async throws {
        let (folder, pdf) = try await Self.make("objstm-bomb")
        let output = folder + "/out.pdf"
        let result = try await Self.searchable(pdf, output, ["--optimize", optimize])
        #expect(result.peakBytes < Self.peakLimit, "peak \(result.peakMegabytes) MB")
        #expect(result.status == 0, "\(result.standardError)")
        let check = try await Command.run("/usr/bin/qpdf", ["--check", output])
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test("A stream that inflates past the optimiser's cap costs no more than the cap")
    func inflationCapHoldsFromTheFirstTry() async throws {
        let (folder, pdf) = try await Self.make("inflate-cap")
        let result = try await Self.searchable(pdf, folder + "/out.pdf", ["--optimize", "1"])
        #expect(result.peakBytes < Self.peakLimit, "peak \(result.peakMegabytes) MB")
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test("A stream the optimiser may read that inflates past its cap is counted, never held: no buffer for what it would inflate to")
    func inflationPastTheCapIsNeverHeld() async throws {
        let (folder, pdf) = try await Self.make("inflate-past-cap")
        let stored = try Data(contentsOf: URL(fileURLWithPath: pdf)).count
        let plain = try await Self.searchable(pdf, folder + "/plain.pdf", ["--optimize", "0"])
        let optimized = try await Self.searchable(pdf, folder + "/optimized.pdf", ["--optimize", "1"])
        #expect(plain.status == 0 && optimized.status == 0, "\(plain.standardError) \(optimized.standardError)")
        // Counting what the stream inflates to holds a window of it; a buffer made for it to
        // inflate into (the optimiser's 128 MiB cap, four times the stored size, as before)
        // raised the peak by 50 MB over --optimize 0, against 0.3 MB counted.
        let extra = optimized.peakBytes - plain.peakBytes
        #expect(extra < 24 << 20, "--optimize 1 peaked \(extra >> 20) MB over --optimize 0, for \(stored >> 20) MB stored")
    }
}

import FileSystem
import Foundation
import Testing
import Workbench

@Suite("What uploads keep on disk, and which folders a new server removes")
struct UploadRulesTests {
    @Test("The server's budget counts every session's uploads and refuses what does not fit")
    func budget() {
        var budget = UploadBudget(limit: 100)
        #expect(budget.reserve(60, for: "a") == .granted)
        #expect(budget.reserve(50, for: "b") == .overServer(kept: 60, limit: 100))
        #expect(budget.reserve(40, for: "b") == .granted)
        #expect(budget.total == 100)
        budget.release(60, for: "a")
        #expect(budget.total == 40)
        #expect(budget.reserve(50, for: "a") == .granted)
        budget.releaseAll(for: "b")
        budget.release(1_000, for: "a")  // never more than it holds
        #expect(budget.total == 0)
        #expect(budget.bytes(of: "a") == 0)
    }

    @Test("The pixel check refuses an image over the limit from its header, and lets a PDF through to be measured page by page")
    func pixelCheck() throws {
        let header = Array("P5\n4000 3000\n255\n".utf8) + [UInt8](repeating: 255, count: 64)
        #expect(throws: (any Error).self) { try UploadChecks.checkPixels(header, name: "big.pgm", limit: 1_000_000) }
        #expect(throws: Never.self) { try UploadChecks.checkPixels(header, name: "big.pgm", limit: 12_000_000) }
        for pdf in ["%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj", "junk before\n%PDF-1.4\n"] {
            #expect(throws: Never.self) { try UploadChecks.checkPixels(Array(pdf.utf8), name: "scan.pdf", limit: 1) }
        }
    }

    @Test("An upload folder's name gives its server's process id; other names give none")
    func owner() {
        let uploads = PrivateTemporaries.uploads
        #expect(uploads.owner(of: "filterocr-serve-1234-9f1c0a7e") == 1234)
        #expect(uploads.owner(of: uploads.name(pid: 77, random: "abc")) == 77)
        #expect(PrivateTemporaries.pdfParts.owner(of: "filterocr-pdf-88-ab.pdf") == 88, "a file's extension is not its name's")
        for other in ["filterocr-serve-x-9f1c", "filterocr-serve-12", "filterocr-serve-12-", "filterocr-serve--1-ab",
                      "filterocr-serve-12-zz", "other-12-ab", "filterocr-serve-0-ab"] {
            #expect(uploads.owner(of: other) == nil, "\(other)")
        }
    }

    @Test("Only what dead runs left is removed; a live run's and other files stay")
    func removesDeadOnly() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        for name in ["filterocr-serve-111-aa", "filterocr-serve-222-bb", "unrelated-333-cc"] {
            try FileManager.default.createDirectory(at: temporary.appendingPathComponent(name + "/1"), withIntermediateDirectories: true)
        }
        _ = FileManager.default.createFile(atPath: temporary.appendingPathComponent("filterocr-serve-444-dd").path, contents: Data())
        try FileManager.default.createSymbolicLink(atPath: temporary.appendingPathComponent("filterocr-serve-555-ee").path,
                                                   withDestinationPath: temporary.appendingPathComponent("unrelated-333-cc").path)
        let removed = PrivateTemporaries.uploads.removeStale(in: temporary.path, isAlive: { $0 == 222 })
        #expect(removed == ["filterocr-serve-111-aa", "filterocr-serve-444-dd"])
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted()
        #expect(left == ["filterocr-serve-222-bb", "filterocr-serve-555-ee", "unrelated-333-cc"])
    }

    @Test("Images are named within the set's folder, uploads by their name; never by the server's paths")
    func displayNames() {
        let names = DisplayNames(imageFolder: "/srv/images", uploads: "/tmp/filterocr-serve-1-ab")
        #expect(names.name(for: "/srv/images/receipt.png") == "receipt.png")
        #expect(names.name(for: "/srv/images/scans/page 1.png") == "scans/page 1.png")
        #expect(names.name(for: "/tmp/filterocr-serve-1-ab/abcd/3/mine.png") == "mine.png")
        #expect(names.name(for: "/elsewhere/secret/x.png") == "x.png")
        #expect(DisplayNames(imageFolder: "images/", uploads: "/tmp/u").name(for: "images/a.png") == "a.png")
        #expect(names.scrubbed("/srv/images/bad.png: is a corrupt or truncated PNG file") == "bad.png: is a corrupt or truncated PNG file")
    }
}

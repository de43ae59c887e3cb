import Formats
import PageDocuments
import Testing

@Suite("The output format an -o file's extension names")
struct OutputFormatPathTests {
    @Test("Each document format's extensions, any case, and .jsonl; nothing else")
    func byExtension() {
        #expect(OutputFormat(path: "out/scan.PDF") == .document(.pdf))
        #expect(OutputFormat(path: "a.txt") == .document(.txt))
        #expect(OutputFormat(path: "a.tsv") == .document(.tsv))
        #expect(OutputFormat(path: "a.hocr") == .document(.hocr))
        #expect(OutputFormat(path: "a.xml") == .document(.alto))
        #expect(OutputFormat(path: "a.alto") == .document(.alto))
        #expect(OutputFormat(path: "results.JSONL") == .jsonl)
        for unknown in ["a.json", "a.dat", "jsonl", "a.pdf.bak", "a"] {
            #expect(OutputFormat(path: unknown) == nil, "\(unknown)")
        }
        #expect(OutputFormat.extensionList == ".txt, .tsv, .hocr, .xml or .alto (ALTO), .pdf or .jsonl")
    }
}

import Formats
import Testing

@Suite("The document formats' one table")
struct DocumentFormatTests {
    @Test("A file's format is found by its extension in any case; ALTO by .xml or .alto")
    func formatByPath() {
        #expect(DocumentFormat(path: "out/scan.PDF") == .pdf)
        #expect(DocumentFormat(path: "page.hocr") == .hocr)
        #expect(DocumentFormat(path: "page.xml") == .alto)
        #expect(DocumentFormat(path: "page.ALTO") == .alto)
        #expect(DocumentFormat(path: "page.html") == nil)
        #expect(DocumentFormat(path: "pdf") == nil, "a name without a dot has no extension")
    }

    @Test("Each format has an extension of its own, and the lists name them all in order")
    func lists() {
        let extensions = DocumentFormat.allCases.map(\.fileExtension)
        #expect(Set(extensions).count == extensions.count)
        #expect(DocumentFormat.nameList == "txt, tsv, hocr, alto or pdf")
        #expect(DocumentFormat.extensionList == ".txt, .tsv, .hocr, .xml or .alto (ALTO) or .pdf")
        #expect(DocumentFormat.allCases.allSatisfy { !$0.summary.isEmpty && !$0.summary.contains("\n") })
    }
}

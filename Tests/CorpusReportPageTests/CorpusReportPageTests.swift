import CorpusReportPage
import Foundation
import Runs
import Testing
import TextComparison

@Suite("The corpus report as HTML")
struct CorpusReportPageTests {
    private let hostile = "<script>alert(1)</script> </textarea><img src=x onerror=alert(2)> \"quoted\" & 'single'"

    private func page(_ entries: [CorpusEntry], source: String = "corpus/") -> String {
        CorpusReportPage.html(CorpusReport(source: source, entries: entries))
    }

    /// The page without its style sheet, which holds no text from the corpus.
    private func body(_ html: String) throws -> String {
        let start = try #require(html.range(of: "</style>"))
        return String(html[start.upperBound...])
    }

    @Test("Truths, recognitions, file names and errors are text: no element of theirs reaches the page")
    func escaping() throws {
        let html = page([
            CorpusEntry(image: "<b>name</b>.png", outcome: .read(hostile + " read"), truth: hostile),
            CorpusEntry(image: "other\"'.png", outcome: .read(hostile)),
            CorpusEntry(image: "</textarea>.png", outcome: .failed(hostile)),
        ], source: "<i>source</i>")
        let rest = try body(html)
        for tag in ["<script", "</textarea", "<img", "<b>", "<i>"] {
            #expect(!rest.contains(tag), "\(tag) reached the page")
        }
        #expect(rest.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(rest.contains("&lt;/textarea&gt;"))
        #expect(rest.contains("&lt;b&gt;name&lt;/b&gt;.png"))
        #expect(rest.contains("other&quot;&#39;.png"))
        #expect(html.contains("<title>Corpus report: &lt;i&gt;source&lt;/i&gt;</title>"))
    }

    @Test("Control characters from a file are shown as their pictures, never raw")
    func controls() {
        let html = page([CorpusEntry(image: "a.png", outcome: .read("bell\u{07} esc\u{1B}[31m"), truth: "bell esc")])
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(html.contains("bell<ins class=\"i\">\u{2407}</ins>"))
        #expect(html.contains("<ins class=\"i\">\u{241B}[31m</ins>"))
    }

    @Test("The page loads nothing: its policy allows one style sheet by hash, and it has no script or link")
    func selfContained() throws {
        let html = page([CorpusEntry(image: "a.png", outcome: .read("tho cat"), truth: "the cat")])
        let policy = CorpusReportPage.contentSecurityPolicy
        #expect(policy.hasPrefix("default-src 'none'; style-src 'sha256-"))
        #expect(!policy.contains("unsafe"))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"))
        #expect(html.components(separatedBy: "<style>").count == 2)
        for needle in ["<script", "<link", "<img", "src=", "style=\"", "http://", "https://", "@import", "url("] {
            #expect(!html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains(needle), "\(needle)")
        }
    }

    @Test("The summary shows micro beside macro; the chart has a bar per scored page linking to its aligned view")
    func content() throws {
        let html = page([
            CorpusEntry(image: "long.png", outcome: .read("the quick brown fox jumps over the lazy dog"),
                        truth: "the quick brown fox jumps over the lazy dog."),
            CorpusEntry(image: "short.png", outcome: .read("cot"), truth: "cat"),
            CorpusEntry(image: "none.png", outcome: .read("no truth here")),
        ])
        // micro 2/47, macro (1/44 + 1/3) / 2.
        #expect(html.contains("<td class=\"number\" id=\"micro-cer\">4.26%</td>"))
        #expect(html.contains("<td class=\"number\" id=\"macro-cer\">17.80%</td>"))
        #expect(html.components(separatedBy: "<rect class=\"bar\"").count - 1 == 2)
        // Worst first: the short page is page-1, and its bar and its row link there.
        #expect(html.components(separatedBy: "href=\"#page-1\"").count - 1 == 2)
        #expect(html.contains("<article class=\"page\" id=\"page-1\">\n<h3>short.png"))
        #expect(html.contains("<article class=\"page\" id=\"page-3\">\n<h3>none.png"))
        #expect(html.contains("no truth: counted in no rate"))
    }

    @Test("Errors are marked by element as well as colour: deletions and substitutions struck, insertions underlined")
    func marks() {
        let html = page([CorpusEntry(image: "a.png", outcome: .read("tho quick brwn foxes"), truth: "the quick brown fox")])
        #expect(html.contains("<td class=\"truth\">th<del class=\"s\">e</del> quick br<del class=\"d\">o</del>wn fox"
                              + "<span class=\"gap\" aria-hidden=\"true\">  </span></td>"))
        #expect(html.contains("<td class=\"read\">th<ins class=\"s\">o</ins> quick br"
                              + "<span class=\"gap\" aria-hidden=\"true\"> </span>wn fox<ins class=\"i\">es</ins></td>"))
    }

    @Test("The same report gives the same bytes")
    func deterministic() {
        let entries = [CorpusEntry(image: "a.png", outcome: .read("tho cat sat"), truth: "the cat sat"),
                       CorpusEntry(image: "b.png", outcome: .read("dgo"), truth: "dog")]
        #expect(page(entries) == page(entries))
    }
}

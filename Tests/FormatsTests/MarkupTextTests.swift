import Formats
import Testing

@Suite("Text made safe for markup")
struct MarkupTextTests {
    @Test("Markup text escapes what would break out of an element or an attribute, and shows controls as their pictures")
    func escaping() {
        #expect(MarkupText.escaped(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(MarkupText.escaped("a\u{1B}b\u{85}") == "a\u{241B}b\u{FFFD}")
        #expect(MarkupText.escaped("tab\tand\nline") == "tab\tand\nline")
    }
}

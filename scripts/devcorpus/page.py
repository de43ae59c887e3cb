"""Page: one page's HTML and its truth, built together in reading order, on the CSS every
page starts from (no ligatures, no hyphenation) and with the check every page carries."""
import html
import re

from .check import CHECK_JS

BASE_CSS = """
html, body { margin: 0; padding: 0; }
* { box-sizing: border-box; }
body { position: relative; overflow: hidden; background: #fff; color: #000;
  font-variant-ligatures: none; font-feature-settings: "liga" 0, "clig" 0, "dlig" 0, "hlig" 0;
  font-kerning: normal; hyphens: none; -webkit-hyphens: none; overflow-wrap: normal;
  word-break: normal; text-rendering: geometricPrecision; }
p { margin: 0; }
table { border-collapse: collapse; }
"""

UNIT_RE = re.compile(r"(?<![\w.#-])(-?\d+(?:\.\d+)?)(pt|mm|in)\b")


class Page:
    """One page: its HTML body and its truth, built together in reading order."""

    def __init__(self, name, kind, size, dpi, fonts, sources, lang="en", phys=True,
                 note="", tess_lang="eng"):
        self.name, self.kind = name, kind
        self.w, self.h = size
        self.dpi = dpi            # CSS pt/mm/in are scaled to this resolution
        self.phys = phys          # write the resolution into the PNG (document pages)
        self.fonts = fonts
        self.sources = sources    # excerpt ids used, or "synthetic"
        self.lang = lang
        self.note = note
        self.tess_lang = tess_lang
        self.css = []
        self.body = []
        self.truth = []
        self.stack = []

    # -- units and markup --
    def px(self, value, unit="pt"):
        per_inch = {"pt": 72.0, "in": 1.0, "mm": 25.4}[unit]
        return value * self.dpi / per_inch

    def style(self, css):
        scale = lambda m: "%.2fpx" % self.px(float(m.group(1)), m.group(2))
        self.css.append(UNIT_RE.sub(scale, css))

    @staticmethod
    def inline(text, ital=True):
        """(html, truth) of a text with _italic_ spans (Project Gutenberg's convention)."""
        text = re.sub(r"\s+", " ", text).strip()
        if not ital:
            return html.escape(text, quote=False), text
        parts = re.split(r"_([^_]+)_", text)
        out = []
        for i, part in enumerate(parts):
            e = html.escape(part, quote=False)
            out.append("<i>%s</i>" % e if i % 2 else e)
        return "".join(out), re.sub(r"\s+", " ", "".join(parts)).strip()

    # -- building --
    def raw(self, markup):
        """Decoration: markup with no text in it."""
        assert not re.sub(r"<[^>]*>", "", markup).strip(), markup
        self.body.append(markup)

    def open(self, tag="div", cls="", style=""):
        attrs = (' class="%s"' % cls if cls else "") + (' style="%s"' % style if style else "")
        self.body.append("<%s%s>" % (tag, attrs))
        self.stack.append(tag)

    def close(self, count=1):
        for _ in range(count):
            self.body.append("</%s>" % self.stack.pop())

    def t(self, tag, text, cls="", style="", ital=True):
        """One block of text; a verse block ('\n' between lines) keeps its lines."""
        lines = text.split("\n")
        htmls, truths = zip(*(self.inline(line, ital) for line in lines))
        attrs = (' class="%s"' % cls if cls else "") + (' style="%s"' % style if style else "")
        self.body.append("<%s%s>%s</%s>" % (tag, attrs, "<br>".join(htmls), tag))
        self.truth.extend(t for t in truths if t)

    def line(self, parts, tag="div", cls="", style="", sep=" "):
        """Several spans read as one line: parts are (text, class) pairs or plain strings.
        Text inside a span is markup-free; sep is the HTML between spans."""
        attrs = (' class="%s"' % cls if cls else "") + (' style="%s"' % style if style else "")
        spans, words = [], []
        for part in parts:
            text, pcls = (part, "") if isinstance(part, str) else part
            h, tr = self.inline(text, ital=False)
            spans.append('<span class="%s">%s</span>' % (pcls, h) if pcls else "<span>%s</span>" % h)
            if tr:
                words.append(tr)
        self.body.append("<%s%s>%s</%s>" % (tag, attrs, sep.join(spans), tag))
        if words:
            self.truth.append(" ".join(words))

    def rich(self, tag, parts, cls="", style=""):
        """One block whose parts are (text, element) pairs, element '' or e.g. 'b', 'i';
        the parts are joined with nothing between them."""
        attrs = (' class="%s"' % cls if cls else "") + (' style="%s"' % style if style else "")
        out = []
        for text, el in parts:
            e = html.escape(text, quote=False)
            out.append("<%s>%s</%s>" % (el, e, el) if el else e)
        self.body.append("<%s%s>%s</%s>" % (tag, attrs, "".join(out), tag))
        self.truth.append(re.sub(r"\s+", " ", "".join(t for t, _ in parts)).strip())

    def table(self, rows, cls="", head=1, col_cls=None):
        """A table; its truth is row by row, cells separated by spaces."""
        out = ['<table class="%s">' % cls if cls else "<table>"]
        for r, row in enumerate(rows):
            out.append("<tr>")
            cells = []
            for c, cell in enumerate(row):
                tag = "th" if r < head else "td"
                ccls = col_cls[c] if col_cls and c < len(col_cls) and col_cls[c] else ""
                h, tr = self.inline(cell, ital=False)
                out.append("<%s%s>%s</%s>" % (tag, ' class="%s"' % ccls if ccls else "", h, tag))
                if tr:
                    cells.append(tr)
            out.append("</tr>")
            if cells:
                self.truth.append(" ".join(cells))
        out.append("</table>")
        self.body.append("".join(out))

    def document(self):
        assert not self.stack, self.stack
        named = set(re.findall(r"font-family:\s*'([^']+)'", "\n".join(self.css + self.body)))
        if named != set(self.fonts):
            raise SystemExit("%s: fonts named in the page %s differ from its list %s"
                             % (self.name, sorted(named), sorted(self.fonts)))
        js = CHECK_JS % dict(w=self.w, h=self.h, fams=repr(sorted(self.fonts)))
        return ('<!DOCTYPE html>\n<html lang="%s"><head><meta charset="utf-8"><title>%s</title>'
                '<style>%s\nbody { width: %dpx; height: %dpx; }\n%s</style></head>\n<body>\n%s\n'
                '<script>%s</script>\n</body></html>\n'
                % (self.lang, self.name, BASE_CSS, self.w, self.h, "\n".join(self.css),
                   "\n".join(self.body), js))

    def truth_text(self):
        lines = [re.sub(r"\s+", " ", l).strip() for l in self.truth]
        return "\n".join(l for l in lines if l) + "\n"

#!/usr/bin/env python3
"""Render the development corpus of page images whose truth is exact by construction.

usage: python3 scripts/make_devcorpus.py OUTDIR [--only NAME[,NAME...]] [--keep-html DIR] [--score]

Every page is written as HTML (public-domain excerpts embedded at the end of this file, or
synthetic forms, tables and receipts), laid out by headless Chromium with Debian's fonts and
saved as NAME.png, with the text a reader sees, in reading order, as NAME.txt beside it.
Before a page is saved, a second Chromium run dumps the laid-out DOM with what a check in
the page measured: every piece of text lies inside the window, no box overflows, every font
family named was found (not a fallback), and the words of the rendered text (innerText)
are exactly the words of the truth. Any failure stops the script.

Chromium's RGB screenshot is re-encoded here: as 8-bit greyscale when every pixel is grey,
with a pHYs chunk giving the page's resolution for the document pages. Output is the same
on every run (no dates, sorted, deterministic encoding). OUTDIR/README.md is written too.
--score also runs Tesseract on each page (eng, one thread) and adds CER and word recall to
the README table, scored by bench/score.py.

Needs Python 3.11 (standard library only), Debian's chromium, fonts-dejavu-core,
fonts-dejavu-extra and fonts-urw-base35; --score needs tesseract-ocr (eng, deu, fra).
"""
import argparse
import html
import html.parser
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from collections import Counter

CHROMIUM = os.environ.get("CHROMIUM", "chromium")

# ---------------------------------------------------------------------------------------
# Sources: the books the excerpts come from (see EXCERPTS at the end of this file).

BOOKS = {
    "pp": dict(title="Pride and Prejudice", author="Jane Austen (1775-1817)", published="1813",
               lang="English", pg=1342, repo="GITenberg/Pride-and-Prejudice_1342",
               commit="81db45c9c48c592f0b77f01fc59e677ad0a5634e", path="1342-0.txt", enc="UTF-8"),
    "alice": dict(title="Alice's Adventures in Wonderland", author="Lewis Carroll (1832-1898)",
                  published="1865", lang="English", pg=11,
                  repo="GITenberg/Alice-s-Adventures-in-Wonderland_11",
                  commit="7f18748e114b994d5d9454d5793581bc0b9cf9d7", path="11-0.txt", enc="UTF-8"),
    "devil": dict(title="The Devil's Dictionary", author="Ambrose Bierce (1842-c.1914)",
                  published="1906/1911", lang="English", pg=972,
                  repo="GITenberg/The-Devil-s-Dictionary_972",
                  commit="fcea6b9736136ae4bd6bb76b398d56b7cd62e3c8", path="972.txt", enc="ISO-8859-1"),
    "kafka": dict(title="Die Verwandlung", author="Franz Kafka (1883-1924)", published="1915",
                  lang="German", pg=22367, repo="GITenberg/Die-Verwandlung_22367",
                  commit="dd2beec59176851bfb071689539d6091b3d95d11", path="22367-8.txt",
                  enc="ISO-8859-1"),
    "quijote": dict(title="Don Quijote", author="Miguel de Cervantes Saavedra (1547-1616)",
                    published="1605", lang="Spanish", pg=2000, repo="GITenberg/Don-Quijote_2000",
                    commit="7879f2c1653ec515d125f49b177c3ef7f596bc3f", path="2000-8.txt",
                    enc="ISO-8859-1"),
    "verne": dict(title="Le tour du monde en quatre-vingts jours", author="Jules Verne (1828-1905)",
                  published="1873", lang="French", pg=800,
                  repo="GITenberg/Le-tour-du-monde-en-quatre-vingts-jours_800",
                  commit="28573e09606c48b809d9e50c66c619822fefe0ea", path="800-8.txt",
                  enc="ISO-8859-1"),
    "holmes": dict(title="The Adventures of Sherlock Holmes", author="Arthur Conan Doyle (1859-1930)",
                   published="1892", lang="English", pg=1661,
                   repo="GITenberg/The-Adventures-of-Sherlock-Holmes_1661",
                   commit="7e5dd2703fbf503c004063e96ab7c61262375e5f", path="1661-8.txt",
                   enc="ISO-8859-1"),
    "frank": dict(title="Frankenstein; or, the Modern Prometheus",
                  author="Mary Wollstonecraft Shelley (1797-1851)", published="1818 (1831 text)",
                  lang="English", pg=84, repo="GITenberg/Frankenstein_84",
                  commit="c98a483bd1f34e7366126b81bcedd1a6faee636e", path="84-0.txt", enc="UTF-8"),
    "dante": dict(title="La Divina Commedia", author="Dante Alighieri (1265-1321)",
                  published="c. 1320", lang="Italian", pg=1012,
                  repo="GITenberg/La-Divina-Commedia-di-Dante_1012",
                  commit="fefdc3a2d26e9fb3882d0e8deed620f98c5ede5e", path="1012-0.txt", enc="UTF-8"),
    "two": dict(title="A Tale of Two Cities", author="Charles Dickens (1812-1870)", published="1859",
                lang="English", pg=98, repo="GITenberg/A-Tale-of-Two-Cities_98",
                commit="0f6111bc7237af7375295ec1754c2e57e19f67f1", path="98-0.txt", enc="UTF-8"),
    "moby": dict(title="Moby-Dick; or, The Whale", author="Herman Melville (1819-1891)",
                 published="1851", lang="English", pg=2701,
                 repo="GITenberg/Moby-Dick--Or-The-Whale_2701",
                 commit="bdf1948e6cd00963730971e5624e764a35f238c3", path="2701-0.txt", enc="UTF-8"),
    "candide": dict(title="Candide, ou l'Optimisme", author="Voltaire (1694-1778)", published="1759",
                    lang="French", pg=4650, repo="GITenberg/Candide_4650",
                    commit="3460a8007cb70647d58967f12ff6b97015b73949", path="4650-8.txt",
                    enc="ISO-8859-1"),
    "sense": dict(title="Common Sense", author="Thomas Paine (1737-1809)", published="1776",
                  lang="English", pg=147, repo="GITenberg/Common-Sense_147",
                  commit="83b86080b873e9ab3799ee3ff37ed208c10daa86", path="147-0.txt", enc="UTF-8"),
}

FONT_PACKAGES = {
    "DejaVu Serif": "fonts-dejavu-core", "DejaVu Sans": "fonts-dejavu-core",
    "DejaVu Sans Mono": "fonts-dejavu-core", "DejaVu Serif Condensed": "fonts-dejavu-extra",
    "DejaVu Sans Condensed": "fonts-dejavu-extra", "Nimbus Roman": "fonts-urw-base35",
    "Nimbus Sans": "fonts-urw-base35", "Nimbus Mono PS": "fonts-urw-base35",
    "C059": "fonts-urw-base35", "P052": "fonts-urw-base35", "URW Bookman": "fonts-urw-base35",
    "URW Gothic": "fonts-urw-base35", "Z003": "fonts-urw-base35",
}

LICENCES = {
    "fonts-dejavu-core": "Bitstream Vera Fonts licence (copyright 2003 Bitstream, Inc.); DejaVu "
                         "changes in the public domain",
    "fonts-dejavu-extra": "Bitstream Vera Fonts licence (copyright 2003 Bitstream, Inc.); DejaVu "
                          "changes in the public domain",
    "fonts-urw-base35": "AGPL-3 with a font exception (copyright 2015 URW Software, 2013-2014 "
                        "(URW)++ Design & Development)",
}


def excerpt(eid):
    """The paragraphs of one excerpt (list of str; a verse paragraph has '\n' between lines)."""
    return list(EXCERPTS[eid])


# ---------------------------------------------------------------------------------------
# Pages.

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

CHECK_JS = r"""
(function () {
  var W = %(w)d, H = %(h)d, fams = %(fams)s, probs = [];
  var tw = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), n, r = document.createRange();
  var boxes = [], k = 0;
  var padB = parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
  function placed(e) {  // inside an absolutely positioned box (footers, folios)
    for (; e && e != document.body; e = e.parentElement) {
      var p = getComputedStyle(e).position;
      if (p == 'absolute' || p == 'fixed') return true;
    }
    return false;
  }
  while ((n = tw.nextNode())) {
    if (!n.data.trim() || n.parentElement.closest('script')) continue;
    r.selectNodeContents(n);
    var rs = r.getClientRects();
    k++;
    for (var i = 0; i < rs.length; i++) {
      var q = rs[i];
      if (q.width < 0.5) continue;
      boxes.push([q.left, q.top, q.right, q.bottom, k, n.data.trim().slice(0, 30)]);
      // Nothing may cover the text (a box drawn over it would hide it from the image).
      var hit = document.elementFromPoint((q.left + q.right) / 2, (q.top + q.bottom) / 2);
      if (hit && !hit.contains(n) && !n.parentElement.contains(hit)) {
        probs.push('covered by <' + hit.tagName.toLowerCase() + ' class="' + hit.className + '">: ' +
                   n.data.trim().slice(0, 40)); break;
      }
      if (q.left < -0.5 || q.top < -0.5 || q.right > W + 0.5 || q.bottom > H + 0.5) {
        probs.push('outside the page: ' + n.data.trim().slice(0, 50)); break;
      }
      if (!placed(n.parentElement) && q.bottom > H - padB + 1) {
        probs.push('in the bottom margin: ' + n.data.trim().slice(0, 50)); break;
      }
    }
  }
  // Text of one node must not overlap text of another (e.g. a footer over the last line).
  var bad = 0;
  for (var i = 0; i < boxes.length && bad < 5; i++) for (var j = i + 1; j < boxes.length; j++) {
    var a = boxes[i], b = boxes[j];
    if (a[4] == b[4]) continue;
    var ow = Math.min(a[2], b[2]) - Math.max(a[0], b[0]), oh = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
    if (ow > 2 && oh > 0.35 * Math.min(a[3] - a[1], b[3] - b[1])) {
      probs.push('text overlaps: "' + a[5] + '" and "' + b[5] + '"'); bad++; break;
    }
  }
  var els = document.body.getElementsByTagName('*');
  for (var i = 0; i < els.length; i++) {
    var e = els[i];
    if (e.tagName == 'SCRIPT' || e.tagName == 'BR') continue;
    if (e.clientHeight > 0 && (e.scrollHeight > e.clientHeight + 2 || e.scrollWidth > e.clientWidth + 2))
      probs.push('overflow: <' + e.tagName.toLowerCase() + ' class="' + e.className + '"> content ' +
                 e.scrollWidth + 'x' + e.scrollHeight + ' in ' + e.clientWidth + 'x' + e.clientHeight);
  }
  var c = document.createElement('canvas').getContext('2d');
  var s = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  fams.forEach(function (f) {
    var found = false;
    ['monospace', 'serif', 'sans-serif'].forEach(function (g) {
      c.font = '40px ' + g; var a = c.measureText(s).width;
      c.font = "40px '" + f + "', " + g; var b = c.measureText(s).width;
      if (Math.abs(a - b) > 0.01) found = true;
    });
    if (!found) probs.push('font not found: ' + f);
  });
  document.documentElement.setAttribute('data-probs', probs.join('\n'));
  document.documentElement.setAttribute('data-text', document.body.innerText);
})();
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


PAGES = []


def page(fn):
    PAGES.append(fn)
    return fn


# ---------------------------------------------------------------------------------------
# Rendering, checking and PNG re-encoding.

def chromium(args, timeout=180):
    cmd = [CHROMIUM, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
           "--force-device-scale-factor=1"] + args
    return subprocess.run(cmd, capture_output=True, timeout=timeout)


class _RootAttrs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.attrs = None

    def handle_starttag(self, tag, attrs):
        if tag == "html" and self.attrs is None:
            self.attrs = dict(attrs)


def check_page(pg, html_path):
    """Lay the page out in Chromium and compare what it measured with the truth."""
    res = chromium(["--window-size=%d,%d" % (pg.w, pg.h), "--dump-dom", "file://" + html_path])
    parser = _RootAttrs()
    parser.feed(res.stdout.decode("utf-8"))
    attrs = parser.attrs or {}
    if "data-text" not in attrs:
        raise SystemExit("%s: Chromium did not run the page's check:\n%s"
                         % (pg.name, res.stderr.decode("utf-8", "replace")[-2000:]))
    probs = [p for p in (attrs.get("data-probs") or "").split("\n") if p]
    seen, want = attrs["data-text"].split(), pg.truth_text().split()
    if seen != want:
        i = next((k for k, (a, b) in enumerate(zip(seen, want)) if a != b), min(len(seen), len(want)))
        probs.append("rendered words differ from the truth at word %d: rendered %r, truth %r"
                     % (i, " ".join(seen[max(0, i - 3):i + 5]), " ".join(want[max(0, i - 3):i + 5])))
    if probs:
        raise SystemExit("%s: %s" % (pg.name, "\n  ".join(probs)))


def read_png(path):
    """(width, height, channels, rows) of an 8-bit RGB or RGBA PNG, rows as bytearrays."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG")
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        n, = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = ihdr
    if depth != 8 or interlace or ctype not in (2, 6):
        raise ValueError("%s: unexpected PNG format %r" % (path, ihdr))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(h):
        f = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if f == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif f == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif f != 0:
            raise ValueError("%s: bad PNG filter %d" % (path, f))
        rows.append(line)
        prev = line
    if bpp == 4:
        rows = [bytearray(b for i, b in enumerate(r) if i % 4 != 3) for r in rows]
    return w, h, rows


def _chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def write_png(path, w, h, rows, dpi=None):
    """Write the pixels as 8-bit grey if every pixel is grey, else RGB; smallest of two
    filterings; a pHYs chunk when dpi is given."""
    grey = all(r[0::3] == r[1::3] == r[2::3] for r in rows)
    if grey:
        rows = [bytes(r[0::3]) for r in rows]
    bpp = 1 if grey else 3
    best = None
    for filt in (0, 2):
        out, prev = bytearray(), bytes(len(rows[0]))
        for r in rows:
            if filt == 0:
                out += b"\0" + r
            else:
                out += b"\2" + bytes((a - b) & 255 for a, b in zip(r, prev))
            prev = r
        for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED):
            c = zlib.compressobj(9, zlib.DEFLATED, 15, 9, strategy)
            z = c.compress(bytes(out)) + c.flush()
            if best is None or len(z) < len(best):
                best = z
    png = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0 if grey else 2,
                                                              0, 0, 0))
    if dpi:
        ppm = int(round(dpi / 0.0254))
        png += _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1))
    png += _chunk(b"IDAT", best) + _chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)
    return "grey" if grey else "RGB"


def render(pg, outdir, workdir, keep_html=None):
    doc = pg.document()
    html_path = os.path.join(workdir, pg.name + ".html")
    with open(html_path, "w", encoding="utf-8") as f:
        f.write(doc)
    if keep_html:
        shutil.copy(html_path, os.path.join(keep_html, pg.name + ".html"))
    check_page(pg, html_path)
    shot = os.path.join(workdir, pg.name + ".shot.png")
    res = chromium(["--window-size=%d,%d" % (pg.w, pg.h), "--screenshot=" + shot,
                    "file://" + html_path])
    if not os.path.exists(shot):
        raise SystemExit("%s: Chromium wrote no screenshot:\n%s"
                         % (pg.name, res.stderr.decode("utf-8", "replace")[-2000:]))
    w, h, rows = read_png(shot)
    if (w, h) != (pg.w, pg.h):
        raise SystemExit("%s: screenshot is %dx%d, not %dx%d" % (pg.name, w, h, pg.w, pg.h))
    mode = write_png(os.path.join(outdir, pg.name + ".png"), w, h, rows,
                     pg.dpi if pg.phys else None)
    with open(os.path.join(outdir, pg.name + ".txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write(pg.truth_text())
    return mode


# ---------------------------------------------------------------------------------------
# Scoring: bench/score.py's measure, the one every accuracy figure of the project uses.

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
from score import scores  # noqa: E402


def score(truth, ocr):
    """The character error rate and word recall of `ocr` against `truth`."""
    cer, _, recall = scores(truth, ocr)
    return cer, recall


def tesseract(png, lang="eng"):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    res = subprocess.run(["nice", "tesseract", png, "-", "-l", lang], capture_output=True, env=env)
    return res.stdout.decode("utf-8", "replace")


# ---------------------------------------------------------------------------------------
# README.

def readme(pages, outdir, scores):
    used = {}
    for pg in pages:
        for s in pg.sources:
            if s != "synthetic":
                used.setdefault(s.split("_")[0], []).append(pg.name)
    out = []
    w = out.append
    w("# Rendered development pages\n")
    w("Page images rendered from HTML by headless Chromium, each with its exact ground truth. "
      "They are made by `scripts/make_devcorpus.py`; do not edit them by hand. The truth is "
      "exact by construction: the HTML and the truth are built from the same text, and before "
      "a page is saved the script checks in Chromium that the words of the rendered page "
      "(its `innerText`) are exactly the words of the truth, that no text lies outside the "
      "page and no box overflows, and that every font named was found rather than a fallback.\n")
    w("## Regenerate\n")
    w("```sh\napt-get install chromium fonts-dejavu-core fonts-dejavu-extra fonts-urw-base35\n"
      "python3 scripts/make_devcorpus.py devcorpus/rendered            # all pages and this README\n"
      "python3 scripts/make_devcorpus.py devcorpus/rendered --score    # also Tesseract CER (slow)\n"
      "python3 scripts/make_devcorpus.py /tmp/x --only NAME --keep-html /tmp/x   # one page, with its HTML\n"
      "```\n")
    w("The output is deterministic: the script re-encodes Chromium's screenshot itself "
      "(8-bit greyscale when every pixel is grey, otherwise 8-bit RGB), with no dates in it. "
      "Made with Debian 12's Chromium 156; another Chromium or FreeType version may move "
      "antialiasing by a pixel, but not the text.\n")
    w("## Truth conventions\n")
    w("- UTF-8, LF line ends, a final newline. One line per paragraph, heading, table row, form "
      "row or receipt line; lines as wrapped on the page are not kept, verse keeps its lines.\n"
      "- Reading order: top to bottom; in multi-column layouts column 1 top to bottom, then "
      "column 2, and so on; side-by-side boxes on posters and slides left box first.\n"
      "- Table rows: the cells separated by single spaces. Form rows: label then value.\n"
      "- Hyphenation and ligatures are switched off in the CSS, so every word on the page is "
      "whole and every letter is its own glyph.\n"
      "- Decoration is not text: bullets drawn as list markers or boxes, rules, bars of the "
      "charts, barcodes drawn as stripes, and empty check boxes are not in the truth; a tick "
      "written as the letter X is.\n"
      "- Project Gutenberg's conventions in the source are rendered, not copied: `_word_` is set "
      "in italic (truth: `word`) and `--` is set as an em dash `—` (truth: `—`). Quotation "
      "marks, apostrophes and accents are exactly the characters of the source file.\n"
      "- Document pages carry their resolution in a pHYs chunk (the dpi column); slides, "
      "posters, infographics and receipts carry none, like screenshots and phone photos.\n")
    w("## Pages\n")
    head = "| page | kind | size (px) | dpi | fonts | text | PNG |"
    if scores:
        head += " Tesseract CER (eng) | word recall |"
    w(head)
    w("|" + " --- |" * (head.count("|") - 1))
    for pg in pages:
        src = ", ".join("synthetic" if s == "synthetic" else "%s, %s (%s)"
                        % (BOOKS[s.split("_")[0]]["title"],
                           BOOKS[s.split("_")[0]]["author"].split(" (")[0], s) for s in pg.sources)
        size = os.path.getsize(os.path.join(outdir, pg.name + ".png"))
        row = "| %s | %s | %dx%d | %s | %s | %s | %d KB %s |" % (
            pg.name, pg.kind, pg.w, pg.h, pg.dpi if pg.phys else "-", ", ".join(pg.fonts), src,
            (size + 512) // 1024, pg.mode)
        if scores:
            cer, rec = scores[pg.name]["eng"]
            extra = ""
            if pg.tess_lang != "eng" and pg.tess_lang in scores[pg.name]:
                c2, _ = scores[pg.name][pg.tess_lang]
                extra = " (%s: %.4f)" % (pg.tess_lang, c2)
            row += " %.4f%s | %.3f |" % (cer, extra, rec)
        w(row)
    w("")
    notes = [pg for pg in pages if pg.note]
    if notes:
        w("Notes on pages:\n")
        for pg in notes:
            w("- `%s`: %s" % (pg.name, pg.note))
        w("")
    if scores:
        w("CER and word recall as `bench/score.py` computes them, for "
          "`OMP_THREAD_LIMIT=1 tesseract PAGE.png - -l eng` (Tesseract 5.3.0, Debian 12); for "
          "non-English pages the figure with the page's own language, where Debian's data for "
          "it is installed (deu, fra), is given in brackets; Debian's Spanish and Italian data "
          "were not used. These are a baseline, not a target: small print, posters and receipts "
          "are meant to be hard. CER depends on reading order: where Tesseract reads a layout "
          "in another order than the truth (prices to the right of a receipt, two-column "
          "forms, chart labels beside their bars, side-by-side boxes) or drops light-on-colour "
          "text, CER is high though many words are read; word recall shows that.\n")
    w("## Text sources\n")
    w("Every excerpt is copied from a Project Gutenberg text as mirrored by the GITenberg "
      "project on GitHub (one repository per book); the excerpts are embedded in the script "
      "(`EXCERPTS`), so regenerating needs no network. All these works are in the public "
      "domain: each was first published before 1920 (the latest, Die Verwandlung, in 1915) "
      "and each author died more than 70 years ago (the latest, Doyle, in 1930), so they are "
      "free in the USA and wherever copyright lasts for life plus 70 years; none is a "
      "translation. Project Gutenberg distributes them as public domain in the USA. Nothing "
      "of Project Gutenberg's licence header or footer is reproduced.\n")
    w("| key | book | author | first published | language | Gutenberg # | repository | commit | file | used on |")
    w("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for key, b in BOOKS.items():
        if key not in used:
            continue
        w("| %s | %s | %s | %s | %s | %d | github.com/%s | %s | %s (%s) | %s |" % (
            key, b["title"], b["author"], b["published"], b["lang"], b["pg"], b["repo"],
            b["commit"][:12], b["path"], b["enc"], ", ".join(sorted(set(used[key])))))
    w("")
    w("Synthetic content: the forms, tables, receipts and chart figures, every name, address, "
      "number and amount on them, the masthead of the newspaper page, the event details on "
      "the posters, and the short code listings and their captions on the mixed-font pages "
      "were invented for this corpus by its authors; they describe no real person, company "
      "or event.\n")
    w("## Fonts\n")
    w("All fonts are Debian's packages, used as installed (licences as stated in "
      "`/usr/share/doc/PACKAGE/copyright`). The images contain rendered text, not the font "
      "software.\n")
    w("| font family | Debian package | licence |")
    w("| --- | --- | --- |")
    fams = sorted({f for pg in pages for f in pg.fonts})
    for f in fams:
        pkg = FONT_PACKAGES[f]
        w("| %s | %s | %s |" % (f, pkg, LICENCES[pkg]))
    w("")
    with open(os.path.join(outdir, "README.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--only", help="comma-separated page names")
    ap.add_argument("--keep-html", metavar="DIR")
    ap.add_argument("--score", action="store_true")
    ap.add_argument("--keep-going", action="store_true", help="report a failing page and go on")
    args = ap.parse_args()
    if shutil.which(CHROMIUM) is None:
        raise SystemExit("chromium not found (apt-get install chromium)")
    if chromium(["--version"]).returncode != 0:
        raise SystemExit("chromium --version failed")
    pages = [fn() for fn in PAGES]
    names = [pg.name for pg in pages]
    assert len(set(names)) == len(names), "duplicate page names"
    used = Counter(s for pg in pages for s in pg.sources if s != "synthetic")
    assert all(n == 1 for n in used.values()), "an excerpt is used twice: %s" % used
    seen = {}
    for pg in pages:
        for f in pg.fonts:
            assert f in FONT_PACKAGES, f
        for line in pg.truth_text().splitlines():
            if len(line) >= 40:   # no text twice, within a page or across pages
                assert line not in seen, "%s repeats a line of %s: %s" % (pg.name, seen[line], line)
                seen[line] = pg.name
    only = set(args.only.split(",")) if args.only else None
    if only and only - set(names):
        raise SystemExit("no such page: %s" % ", ".join(sorted(only - set(names))))
    os.makedirs(args.outdir, exist_ok=True)
    if args.keep_html:
        os.makedirs(args.keep_html, exist_ok=True)
    scores, failed = {}, []
    with tempfile.TemporaryDirectory() as work:
        for pg in pages:
            if only and pg.name not in only:
                continue
            try:
                pg.mode = render(pg, args.outdir, work, args.keep_html)
            except SystemExit as e:
                if not args.keep_going:
                    raise
                print("FAILED", e, flush=True)
                failed.append(pg.name)
                continue
            size = os.path.getsize(os.path.join(args.outdir, pg.name + ".png"))
            msg = "%-36s %5dx%-5d %-5s %4d KB" % (pg.name, pg.w, pg.h, pg.mode, size // 1024)
            if args.score:
                png = os.path.join(args.outdir, pg.name + ".png")
                truth = pg.truth_text()
                scores[pg.name] = {"eng": score(truth, tesseract(png, "eng"))}
                if pg.tess_lang != "eng":
                    scores[pg.name][pg.tess_lang] = score(truth, tesseract(png, pg.tess_lang))
                msg += "  cer=%.4f word_recall=%.3f" % scores[pg.name]["eng"]
                if pg.tess_lang != "eng":
                    msg += "  (%s cer=%.4f)" % (pg.tess_lang, scores[pg.name][pg.tess_lang][0])
            print(msg, flush=True)
    if failed:
        raise SystemExit("failed: " + ", ".join(failed))
    if not only:
        for pg in pages:
            if not hasattr(pg, "mode"):
                pg.mode = ""
        readme(pages, args.outdir, scores)


# ---------------------------------------------------------------------------------------
# The pages. Sizes: US letter 8.5x11 in and A4 210x297 mm at 150, 200 and 300 dpi, A3,
# tabloid posters, 1920x1080 slides, 576 and 384 px thermal receipts.

LETTER = {150: (1275, 1650), 200: (1700, 2200), 300: (2550, 3300)}
A4 = {150: (1240, 1754), 200: (1654, 2339), 300: (2480, 3508)}


def take(eid, first, count):
    return excerpt(eid)[first:first + count]


# -- one column prose --

@page
def prose_letter150_dejavuserif():
    pg = Page("prose_letter150_dejavuserif", "one-column prose", LETTER[150], 150,
              ["DejaVu Serif"], ["pp_ch1"])
    pg.style("""body { font-family: 'DejaVu Serif'; font-size: 11pt; line-height: 1.45;
      padding: 0.75in 1in; text-align: justify; }
      .run { font-size: 9pt; text-align: center; letter-spacing: 0.08em; margin-bottom: 0.3in; }
      h2 { font-size: 14pt; text-align: center; margin: 0 0 0.2in; font-weight: bold; }
      p { text-indent: 0.3in; margin-bottom: 2pt; }
      .folio { position: absolute; bottom: 0.55in; left: 0; right: 0; text-align: center; font-size: 10pt; }""")
    ps = take("pp_ch1", 0, 20)
    pg.t("div", "PRIDE AND PREJUDICE", "run")
    pg.t("h2", ps[0])
    for p in ps[1:]:
        pg.t("p", p)
    pg.t("div", "1", "folio")
    return pg


@page
def prose_a4_300_c059():
    pg = Page("prose_a4_300_c059", "one-column prose (letter in a novel)", A4[300], 300,
              ["C059"], ["frank_l1"])
    pg.style("""body { font-family: 'C059'; font-size: 11.5pt; line-height: 1.38;
      padding: 25mm 25mm; text-align: justify; }
      h2 { font-size: 15pt; text-align: center; margin: 0 0 4mm; font-weight: normal; letter-spacing: 0.05em; }
      .to { text-align: center; margin-bottom: 5mm; }
      .date { text-align: right; margin-bottom: 4mm; }
      p { text-indent: 8mm; margin-bottom: 1.5mm; }""")
    ps = take("frank_l1", 0, 5)
    pg.t("h2", ps[0])
    pg.t("div", ps[1], "to")
    pg.t("div", ps[2], "date")
    for p in ps[3:]:
        pg.t("p", p)
    return pg


@page
def prose_a4_200_p052():
    pg = Page("prose_a4_200_p052", "one-column prose (book page)", A4[200], 200,
              ["P052"], ["two_ch1"])
    pg.style("""body { font-family: 'P052'; font-size: 11pt; line-height: 1.42;
      padding: 22mm 24mm 20mm 28mm; text-align: justify; }
      .book { text-align: center; font-size: 13pt; margin: 10mm 0 3mm; letter-spacing: 0.04em; }
      h2 { font-size: 17pt; text-align: center; margin: 0 0 9mm; font-weight: normal; font-style: italic; }
      p { text-indent: 6mm; }""")
    ps = take("two_ch1", 0, 5)
    pg.t("div", ps[0], "book")
    pg.t("h2", ps[1])
    for p in ps[2:]:
        pg.t("p", p)
    return pg


@page
def prose_letter200_nimbusroman():
    pg = Page("prose_letter200_nimbusroman", "one-column prose (short-story page)", LETTER[200],
              200, ["Nimbus Roman"], ["holmes_scandal"])
    pg.style("""body { font-family: 'Nimbus Roman'; font-size: 11.5pt; line-height: 1.3;
      padding: 0.75in 1in; text-align: justify; }
      .head { display: flex; justify-content: space-between; font-size: 10pt; font-style: italic;
        border-bottom: 0.6pt solid #000; padding-bottom: 3pt; margin-bottom: 0.25in; }
      p { text-indent: 0.25in; }""")
    pg.line([("THE ADVENTURES OF SHERLOCK HOLMES", ""), ("12", "")], cls="head")
    for p in take("holmes_scandal", 0, 4):
        pg.t("p", p)
    return pg


@page
def prose_letter300_bookman():
    pg = Page("prose_letter300_bookman", "one-column prose (children's book chapter)",
              LETTER[300], 300, ["URW Bookman"], ["alice_ch1"])
    pg.style("""body { font-family: 'URW Bookman'; font-size: 11pt; line-height: 1.5;
      padding: 1.1in 1.05in; text-align: left; }
      h2 { font-size: 17pt; text-align: center; margin: 0.3in 0 0.35in; font-weight: normal; line-height: 1.3; }
      p { text-indent: 0.3in; margin-bottom: 3pt; }""")
    ps = take("alice_ch1", 0, 6)
    chap, title = ps[0].split(". ", 1)
    pg.t("h2", chap + ".\n" + title)
    for p in ps[1:]:
        pg.t("p", p)
    return pg


# -- columns --

@page
def twocol_letter150_dejavusans():
    pg = Page("twocol_letter150_dejavusans", "two columns", LETTER[150], 150, ["DejaVu Sans"],
              ["moby_ch1"])
    pg.style("""body { font-family: 'DejaVu Sans'; font-size: 9.5pt; line-height: 1.4;
      padding: 0.7in 0.75in; }
      h1 { font-size: 20pt; margin: 0 0 4pt; font-weight: bold; }
      .sub { font-size: 11pt; color: #333; margin-bottom: 14pt; border-bottom: 1pt solid #000; padding-bottom: 8pt; }
      .cols { column-count: 2; column-gap: 0.35in; text-align: justify; height: 8.3in; column-fill: auto; }
      p { margin-bottom: 5pt; }""")
    ps = take("moby_ch1", 0, 6)
    pg.t("h1", "MOBY-DICK; or, THE WHALE")
    pg.t("div", ps[0], "sub")
    pg.open("div", "cols")
    for p in ps[1:]:
        pg.t("p", p)
    pg.close()
    return pg


@page
def twocol_a4_200_nimbusroman():
    pg = Page("twocol_a4_200_nimbusroman", "two columns (pamphlet, title across)", A4[200], 200,
              ["Nimbus Roman"], ["sense_1"])
    pg.style("""body { font-family: 'Nimbus Roman'; font-size: 10.5pt; line-height: 1.3;
      padding: 20mm 18mm; }
      .kicker { text-align: center; font-size: 10pt; letter-spacing: 0.15em; margin-bottom: 3mm; }
      h1 { text-align: center; font-size: 15pt; font-weight: bold; margin: 0 12mm 8mm; line-height: 1.25; }
      .cols { column-count: 2; column-gap: 8mm; column-rule: 0.5pt solid #444; text-align: justify; }
      p { text-indent: 5mm; margin-bottom: 1.5mm; }""")
    ps = take("sense_1", 0, 6)
    pg.t("div", "COMMON SENSE", "kicker")
    pg.t("h1", ps[0])
    pg.open("div", "cols")
    for p in ps[1:]:
        pg.t("p", p)
    pg.close()
    return pg


@page
def threecol_letter200_newspaper():
    pg = Page("threecol_letter200_newspaper", "three columns (newspaper page)", LETTER[200], 200,
              ["Nimbus Roman", "URW Bookman", "Nimbus Sans"], ["synthetic", "holmes_red"],
              note="masthead, dateline and price invented; the story is Doyle's.")
    pg.style("""body { font-family: 'Nimbus Roman'; font-size: 9.5pt; line-height: 1.28;
      padding: 0.45in 0.5in; }
      .mast { font-family: 'URW Bookman'; font-weight: bold; font-size: 38pt; text-align: center; line-height: 1.1; }
      .dateline { font-family: 'Nimbus Sans'; font-size: 8pt; display: flex; justify-content: space-between;
        border-top: 2pt solid #000; border-bottom: 0.75pt solid #000; padding: 2pt 0; margin: 4pt 0 10pt; }
      h2 { font-family: 'URW Bookman'; font-size: 22pt; line-height: 1.12; margin: 0 0 4pt; text-align: center; }
      .deck { font-family: 'Nimbus Sans'; font-size: 11pt; text-align: center; margin-bottom: 10pt; }
      .cols { column-count: 3; column-gap: 0.22in; column-rule: 0.5pt solid #000; text-align: justify; }
      p { text-indent: 0.14in; }""")
    pg.t("div", "The Baker Street Courier", "mast")
    pg.line([("VOL. XII, No. 41", ""), ("LONDON, SATURDAY, OCTOBER 8", ""), ("PRICE ONE PENNY", "")],
            cls="dateline")
    pg.t("h2", "THE RED-HEADED LEAGUE")
    pg.t("div", "A Singular Case Brought to Mr. Sherlock Holmes", "deck")
    pg.open("div", "cols")
    for p in take("holmes_red", 0, 22):
        pg.t("p", p)
    pg.close()
    return pg


@page
def threecol_a4_150_dictionary():
    pg = Page("threecol_a4_150_dictionary", "three columns (dictionary)", A4[150], 150,
              ["DejaVu Serif Condensed"], ["devil_a"])
    pg.style("""body { font-family: 'DejaVu Serif Condensed'; font-size: 9pt; line-height: 1.3;
      padding: 15mm 13mm; }
      .head { display: flex; justify-content: space-between; font-weight: bold; font-size: 9pt;
        border-bottom: 0.75pt solid #000; padding-bottom: 2pt; margin-bottom: 5mm; }
      .cols { column-count: 3; column-gap: 5mm; text-align: justify; }
      .letter { font-size: 22pt; font-weight: bold; text-align: center; margin-bottom: 2mm; }
      p { margin-bottom: 1.6mm; text-indent: -3mm; padding-left: 3mm; }
      p.verse { text-align: left; font-style: italic; text-indent: 0; padding-left: 4mm; font-size: 8.5pt; }
      p.sig { text-align: right; font-size: 8pt; }""")
    ps = take("devil_a", 0, 58)
    pg.line([("ABASEMENT", ""), ("THE DEVIL'S DICTIONARY", ""), ("ABSENT", "")], cls="head")
    pg.open("div", "cols")
    pg.t("div", ps[0], "letter")
    for p in ps[1:27]:
        m = re.match(r"([A-Z][A-Z'-]{2,})(.*)$", p, re.S)
        if "\n" in p:
            pg.t("p", p, "verse")
        elif m:
            pg.rich("p", [(m.group(1), "b"), (m.group(2), "")])
        elif len(p) < 25 and "," not in p:
            pg.t("p", p, "sig")
        else:
            pg.t("p", p)
    pg.close()
    return pg


# -- forms (synthetic) --

@page
def form_letter150_library():
    pg = Page("form_letter150_library", "form with labelled fields, filled in", LETTER[150], 150,
              ["DejaVu Sans", "DejaVu Sans Mono"], ["synthetic"],
              note="labels in DejaVu Sans, typed entries in DejaVu Sans Mono.")
    pg.style("""body { font-family: 'DejaVu Sans'; font-size: 9pt; padding: 0.6in 0.7in; }
      .org { font-size: 16pt; font-weight: bold; }
      .title { font-size: 12pt; margin: 2pt 0 10pt; padding-bottom: 6pt; border-bottom: 2pt solid #000; }
      .sec { background: #000; color: #fff; font-weight: bold; font-size: 9.5pt; padding: 3pt 6pt; margin-top: 12pt; }
      .row { display: flex; border: 0.75pt solid #000; border-top: none; }
      .f { flex: 1; padding: 3pt 6pt 5pt; border-left: 0.75pt solid #000; min-height: 0.45in; }
      .f:first-child { border-left: none; }
      .f2 { flex: 2; } .f3 { flex: 3; }
      .l { display: block; font-size: 7.5pt; color: #222; margin-bottom: 3pt; }
      .v { display: block; font-family: 'DejaVu Sans Mono'; font-size: 11pt; }
      .box { display: inline-block; width: 10pt; height: 10pt; border: 0.75pt solid #000;
        vertical-align: -1pt; margin: 0 3pt 0 10pt; font-family: 'DejaVu Sans Mono'; font-size: 9pt;
        line-height: 10pt; text-align: center; }
      .plain { font-size: 9pt; margin-top: 8pt; line-height: 1.4; }
      .sign { display: flex; gap: 0.4in; margin-top: 0.35in; }
      .sign div { flex: 1; border-top: 0.75pt solid #000; padding-top: 3pt; font-size: 7.5pt; }""")
    pg.t("div", "Harrowgate Public Library", "org")
    pg.t("div", "Application for a Borrower's Card", "title")

    def row(fields):
        pg.open("div", "row")
        words = []
        for label, value, cls in fields:
            lh, lt = Page.inline(label, ital=False)
            vh, vt = Page.inline(value, ital=False)
            pg.body.append('<div class="f %s"><span class="l">%s</span><span class="v">%s</span></div>'
                           % (cls, lh, vh))
            words += [lt, vt]
        pg.truth.append(" ".join(w for w in words if w))
        pg.close()

    pg.t("div", "1. APPLICANT", "sec")
    row([("Surname", "OKONKWO-BERG", "f2"), ("Given names", "Adaeze Marit", "f2"), ("Title", "Dr", "")])
    row([("Date of birth (DD/MM/YYYY)", "14/03/1987", ""), ("Telephone", "0161 496 0732", ""),
         ("Email", "a.okberg@example.org", "f2")])
    row([("Street address", "27 Linnet Close, Flat 4B", "f3"), ("Postcode", "HG2 7QW", "")])
    row([("Town", "Harrowgate", ""), ("County", "North Riding", ""), ("Country", "United Kingdom", "")])
    pg.t("div", "2. MEMBERSHIP", "sec")
    pg.open("div", "row")
    pg.body.append('<div class="f"><span class="l">Card type</span><span class="v" style="font-family:\'DejaVu Sans\';font-size:9pt">'
                   '<span class="box">X</span> Adult <span class="box"></span> Junior (under 16) '
                   '<span class="box"></span> Concession <span class="box"></span> Visitor</span></div>')
    pg.truth.append("Card type X Adult Junior (under 16) Concession Visitor")
    pg.close()
    row([("Home branch", "Station Road", ""), ("Card number (office use)", "2041 8836 0057", ""),
         ("Issued", "02/09/2024", "")])
    row([("Preferred language of material", "English, Norwegian", "f2"),
         ("Large-print notices", "No", "")])
    pg.t("div", "3. DECLARATION", "sec")
    pg.t("div", "I apply for membership of the library service and agree to abide by its rules. "
         "I will look after the items I borrow, return them by the date due, and pay any charges "
         "for items lost or damaged while on loan to me. I will tell the library if I change my "
         "address.", "plain")
    pg.open("div", "sign")
    pg.t("div", "Signature of applicant")
    pg.t("div", "Date")
    pg.t("div", "Checked by (staff initials)")
    pg.close()
    return pg


@page
def form_a4_200_claim():
    pg = Page("form_a4_200_claim", "form with labelled fields, filled in", A4[200], 200,
              ["Nimbus Sans", "Nimbus Mono PS"], ["synthetic"],
              note="an insurance claim form; entries typed in a Courier-like font.")
    pg.style("""body { font-family: 'Nimbus Sans'; font-size: 9pt; padding: 14mm 15mm; color: #111; }
      .top { display: flex; justify-content: space-between; align-items: flex-end;
        border-bottom: 1.5pt solid #1d3a6b; padding-bottom: 3mm; }
      .co { font-size: 17pt; font-weight: bold; color: #1d3a6b; }
      .ref { font-size: 9pt; text-align: right; }
      h1 { font-size: 14pt; margin: 4mm 0 3mm; }
      h2 { font-size: 10pt; margin: 5mm 0 1.5mm; color: #1d3a6b; border-bottom: 0.5pt solid #1d3a6b; padding-bottom: 1mm; }
      .grid { display: grid; grid-template-columns: 42mm 1fr 38mm 1fr; row-gap: 2.2mm; column-gap: 3mm; }
      .k { font-size: 8.5pt; padding-top: 1.2mm; }
      .val { font-family: 'Nimbus Mono PS'; font-size: 11pt; border-bottom: 0.5pt solid #000; padding: 0 1mm 0.5mm; }
      .wide { grid-column: span 3; }
      .narr { font-family: 'Nimbus Mono PS'; font-size: 10.5pt; border: 0.5pt solid #000; padding: 2mm 3mm; line-height: 1.45; }
      .cb { display: inline-block; width: 3.2mm; height: 3.2mm; border: 0.6pt solid #000; vertical-align: -0.5mm;
        margin: 0 1.2mm 0 4mm; font-family: 'Nimbus Mono PS'; font-size: 9pt; line-height: 3.2mm; text-align: center; font-weight: bold; }
      .q { margin: 1.8mm 0; }
      table { width: 100%; font-size: 9pt; margin-top: 1mm; }
      th { text-align: left; border-bottom: 0.75pt solid #000; padding: 1mm; font-weight: bold; }
      td { font-family: 'Nimbus Mono PS'; font-size: 10.5pt; padding: 1.2mm 1mm; border-bottom: 0.4pt solid #999; }
      td.n, th.n { text-align: right; }
      .foot { position: absolute; left: 15mm; right: 15mm; bottom: 9mm; font-size: 7pt; color: #333;
        border-top: 0.5pt solid #999; padding-top: 1.5mm; }""")
    pg.open("div", "top")
    pg.t("div", "Northgate Mutual Insurance", "co")
    pg.t("div", "Form HC-7 (rev. 03)\nClaim reference: NM-2024-118406", "ref")
    pg.close()
    pg.t("h1", "Household Contents Claim Form")

    def grid(rows):
        pg.open("div", "grid")
        for row in rows:
            words = []
            for label, value in row:
                lh, lt = Page.inline(label, ital=False)
                vh, vt = Page.inline(value, ital=False)
                wide = " wide" if len(row) == 1 else ""
                pg.body.append('<div class="k">%s</div><div class="val%s">%s</div>' % (lh, wide, vh))
                words += [lt, vt]
            pg.truth.append(" ".join(words))
        pg.close()

    pg.t("h2", "Section A: Policyholder")
    grid([[("Full name", "Henrietta V. Almásy"), ("Policy number", "HHC-447-20931")],
          [("Address", "Kestrel Cottage, 9 Mill Lane, Ashby Parva, LE17 5QT")],
          [("Daytime telephone", "01455 209 814"), ("Date of birth", "22 Jan 1961")]])
    pg.t("h2", "Section B: The loss")
    grid([[("Date of loss", "17 Aug 2024"), ("Time (approx.)", "03:40")],
          [("Cause of loss", "Escape of water from burst pipe in loft")],
          [("Reported to", "Ashby Plumbing Ltd"), ("Reference", "JOB 55172")]])
    pg.open("div", "q")
    pg.body.append('<div>Was the property occupied at the time? <span class="cb">X</span> Yes <span class="cb"></span> No</div>')
    pg.truth.append("Was the property occupied at the time? X Yes No")
    pg.close()
    pg.open("div", "q")
    pg.body.append('<div>Have you claimed for this item before? <span class="cb"></span> Yes <span class="cb">X</span> No</div>')
    pg.truth.append("Have you claimed for this item before? Yes X No")
    pg.close()
    pg.t("div", "Describe what happened:", "k")
    pg.t("div", "Woke to the sound of running water. The cold feed pipe above the landing had "
         "split at a joint and water came through the bedroom ceiling. Stopcock turned off at "
         "03:55. Carpet, bed and a wardrobe of clothes soaked; ceiling plaster fell onto the "
         "dressing table.", "narr")
    pg.t("h2", "Section C: Items claimed")
    pg.table([["Item", "Bought", "Age (yrs)", "Claimed (£)"],
              ["Wool carpet, 4.2 x 3.6 m", "2016", "8", "1,240.00"],
              ["Divan bed and mattress (king)", "2019", "5", "685.50"],
              ["Pine wardrobe", "2009", "15", "310.00"],
              ["Clothing (list attached)", "various", "-", "926.75"],
              ["Dressing table mirror", "2021", "3", "89.99"],
              ["Total", "", "", "3,252.24"]],
             col_cls=["", "", "n", "n"])
    pg.t("h2", "Section D: Declaration")
    pg.t("div", "I declare that the information I have given is true and complete to the best of "
         "my knowledge. I understand that giving false information may make my policy void.",
         style="line-height:1.4")
    grid([[("Signed", "H. V. Almásy"), ("Date", "21/08/2024")]])
    pg.t("div", "Northgate Mutual Insurance is a trading name of Northgate Mutual Society Ltd, "
         "registered office 4 Quay Street, Grimsby DN31 3QR. Calls may be recorded.", "foot")
    return pg


# -- tables (synthetic numbers) --

@page
def table_letter150_quarterly():
    pg = Page("table_letter150_quarterly", "tables with numbers (financial report)", LETTER[150],
              150, ["DejaVu Sans", "DejaVu Serif"], ["synthetic"])
    pg.style("""body { font-family: 'DejaVu Sans'; font-size: 9pt; padding: 0.75in 0.8in; }
      h1 { font-family: 'DejaVu Serif'; font-size: 17pt; margin: 0 0 3pt; }
      .sub { color: #333; margin-bottom: 14pt; font-size: 10pt; }
      h2 { font-family: 'DejaVu Serif'; font-size: 12pt; margin: 16pt 0 5pt; }
      table { width: 100%; }
      th { text-align: right; border-bottom: 1.2pt solid #000; padding: 3pt 5pt; font-size: 8.5pt; }
      th:first-child, td:first-child { text-align: left; }
      td { text-align: right; padding: 3.5pt 5pt; border-bottom: 0.4pt solid #bbb; }
      tr.tot td { font-weight: bold; border-top: 1pt solid #000; border-bottom: 2pt double #000; }
      .note { font-size: 8pt; color: #222; margin-top: 6pt; line-height: 1.35; }""")
    pg.t("h1", "Fenwick & Marr Holdings plc")
    pg.t("div", "Interim report for the nine months ended 30 September 2024 (unaudited)", "sub")
    pg.t("h2", "Table 1. Revenue by segment (£ thousands)")
    pg.table([["Segment", "Q1 2024", "Q2 2024", "Q3 2024", "9M 2024", "9M 2023", "Change"],
              ["Marine coatings", "12,418", "13,906", "14,211", "40,535", "37,872", "+7.0%"],
              ["Industrial adhesives", "8,733", "8,120", "9,457", "26,310", "27,004", "-2.6%"],
              ["Packaging films", "5,091", "5,644", "5,302", "16,037", "14,418", "+11.2%"],
              ["Laboratory services", "1,276", "1,388", "1,412", "4,076", "3,951", "+3.2%"],
              ["Total revenue", "27,518", "29,058", "30,382", "86,958", "83,245", "+4.5%"]])
    pg.body[-1] = pg.body[-1].replace("<tr><td>Total", '<tr class="tot"><td>Total')
    pg.t("h2", "Table 2. Summary income statement (£ thousands)")
    pg.table([["", "Q3 2024", "Q3 2023", "9M 2024", "9M 2023"],
              ["Revenue", "30,382", "28,417", "86,958", "83,245"],
              ["Cost of sales", "(19,604)", "(18,733)", "(56,212)", "(55,086)"],
              ["Gross profit", "10,778", "9,684", "30,746", "28,159"],
              ["Distribution costs", "(2,315)", "(2,207)", "(6,881)", "(6,540)"],
              ["Administrative expenses", "(4,096)", "(3,872)", "(12,019)", "(11,473)"],
              ["Operating profit", "4,367", "3,605", "11,846", "10,146"],
              ["Net finance costs", "(512)", "(598)", "(1,607)", "(1,733)"],
              ["Profit before tax", "3,855", "3,007", "10,239", "8,413"],
              ["Taxation", "(964)", "(722)", "(2,560)", "(2,019)"],
              ["Profit for the period", "2,891", "2,285", "7,679", "6,394"],
              ["Basic earnings per share (p)", "6.42", "5.08", "17.06", "14.21"]])
    pg.body[-1] = pg.body[-1].replace("<tr><td>Profit for the period", '<tr class="tot"><td>Profit for the period')
    pg.t("div", "Figures in brackets are costs or losses. The segment figures for 2023 have been "
         "restated to move the Dundee testing laboratory from Industrial adhesives to Laboratory "
         "services. Earnings per share are based on 45,012,880 ordinary shares in issue.", "note")
    return pg


@page
def table_a4_200_timetable():
    pg = Page("table_a4_200_timetable", "tables with numbers (timetable, shaded rows)", A4[200], 200,
              ["Nimbus Sans"], ["synthetic"])
    pg.style("""body { font-family: 'Nimbus Sans'; font-size: 9.5pt; padding: 16mm 14mm; }
      .band { background: #0b5e3b; color: #fff; padding: 4mm 5mm; }
      .band .a { font-size: 19pt; font-weight: bold; }
      .band .b { font-size: 10.5pt; margin-top: 1mm; }
      .hint { margin: 3mm 0 4mm; font-size: 9pt; }
      table { width: 100%; font-size: 9.5pt; }
      th { background: #d7e9df; padding: 1.8mm 1.5mm; text-align: center; font-weight: bold; border-bottom: 0.8pt solid #0b5e3b; }
      th:first-child, td:first-child { text-align: left; }
      td { padding: 1.6mm 1.5mm; text-align: center; }
      tr:nth-child(odd) td { background: #eef5f1; }
      .foot { margin-top: 4mm; font-size: 8.5pt; line-height: 1.45; }""")
    pg.open("div", "band")
    pg.t("div", "Line 14: Westbrook - Harbour - Castle Hill", "a")
    pg.t("div", "Monday to Friday, from 2 September 2024", "b")
    pg.close()
    pg.t("div", "Times are departures. A dash means the bus does not stop there on that journey.",
         "hint")
    stops = ["Westbrook Bus Station", "Westbrook, Mill Street", "Orchard Park", "Hollins Lane End",
             "Fairfield Hospital", "Canal Bridge", "Market Square", "Harbour Road", "Harbour Ferry Terminal",
             "St Anne's Church", "Castle Hill School", "Castle Hill, Top Road"]
    starts = [6 * 60 + 5, 6 * 60 + 35, 7 * 60 + 2, 7 * 60 + 24, 7 * 60 + 48, 8 * 60 + 15,
              9 * 60 + 15, 10 * 60 + 15, 11 * 60 + 15]
    gaps = [0, 3, 4, 3, 5, 4, 5, 4, 2, 3, 4, 3]
    rows = [["Stop"] + ["%d" % (1401 + i) for i in range(len(starts))]]
    for si, stop in enumerate(stops):
        row = [stop]
        for j, s in enumerate(starts):
            t = s + sum(gaps[:si + 1]) + (2 if j in (3, 4) and si >= 4 else 0)
            skip = (j == 0 and si == 10) or (j in (6, 7, 8) and si == 10) or (j == 8 and si == 4)
            row.append("-" if skip else "%02d:%02d" % (t // 60, t % 60))
        rows.append(row)
    pg.table(rows)
    pg.t("div", "Journeys 1404 and 1405 run up to 2 minutes later on school days. "
         "Castle Hill School is served only in term time. Fares: single 2.20, day ticket 4.80, "
         "weekly 17.50. Lost property: 0113 496 0925.", "foot")
    return pg


@page
def table_letter200_inventory():
    pg = Page("table_letter200_inventory", "tables with numbers (ruled grid)", LETTER[200], 200,
              ["DejaVu Sans Condensed"], ["synthetic"])
    pg.style("""body { font-family: 'DejaVu Sans Condensed'; font-size: 9pt; padding: 0.7in 0.6in; }
      h1 { font-size: 14pt; margin: 0 0 2pt; }
      .meta { display: flex; justify-content: space-between; margin-bottom: 8pt; font-size: 9pt; }
      table { width: 100%; }
      th, td { border: 0.6pt solid #000; padding: 3pt 4pt; }
      th { background: #e4e4e4; font-weight: bold; text-align: center; }
      td.n { text-align: right; }
      .sum { margin-top: 8pt; font-size: 9.5pt; line-height: 1.5; }""")
    pg.t("h1", "Stock count sheet: Unit 3, Bay C (fasteners)")
    pg.line(["Counted 30/06/2024 by R. Kowalczyk and T. Achebe", "Sheet 2 of 4"], cls="meta")
    items = [("FX-1020", "Hex bolt M6 x 20, zinc", "box 200", 48, 0.042),
             ("FX-1025", "Hex bolt M6 x 25, zinc", "box 200", 37, 0.047),
             ("FX-1040", "Hex bolt M8 x 40, zinc", "box 100", 22, 0.118),
             ("FX-1060", "Hex bolt M10 x 60, A2 stainless", "box 50", 9, 0.612),
             ("FX-2006", "Nyloc nut M6", "box 500", 14, 0.019),
             ("FX-2008", "Nyloc nut M8", "box 250", 11, 0.031),
             ("FX-2110", "Flat washer M10, form A", "box 500", 6, 0.012),
             ("FX-3035", "Wood screw 4.0 x 35, pozi", "box 200", 63, 0.021),
             ("FX-3050", "Wood screw 5.0 x 50, pozi", "box 200", 41, 0.034),
             ("FX-3075", "Wood screw 5.0 x 75, pozi", "box 100", 18, 0.055),
             ("FX-4008", "Wall plug 8 mm, brown", "bag 100", 120, 0.009),
             ("FX-4010", "Wall plug 10 mm, blue", "bag 100", 76, 0.013),
             ("FX-5120", "Coach screw M10 x 120", "box 25", 15, 0.486),
             ("FX-6016", "Threaded rod M16 x 1 m", "each", 27, 3.870),
             ("FX-7001", "Rawlbolt M8 shield anchor", "box 50", 8, 0.705),
             ("FX-7002", "Rawlbolt M10 shield anchor", "box 50", 5, 0.962),
             ("FX-8030", "Self-drill screw 5.5 x 32", "box 100", 34, 0.066),
             ("FX-9100", "Cable tie 200 x 4.8, black", "bag 100", 88, 0.011)]
    rows = [["Code", "Description", "Pack", "Packs", "Units", "Unit cost", "Value"]]
    total = 0.0
    for code, desc, pack, n, cost in items:
        per = 1 if pack == "each" else int(pack.split()[1])
        units = n * per
        value = round(units * cost, 2)
        total += value
        rows.append([code, desc, pack, str(n), "{:,}".format(units), "%.3f" % cost, "{:,.2f}".format(value)])
    pg.table(rows, col_cls=["", "", "", "n", "n", "n", "n"])
    pg.t("div", "Total value of this sheet: {:,.2f} (excluding VAT). Discrepancies over 5% "
         "against the system count are marked for recount.".format(total), "sum")
    return pg


@page
def table_a4_150_statistics():
    pg = Page("table_a4_150_statistics", "tables with numbers (statistical, book style)", A4[150],
              150, ["P052"], ["synthetic"])
    pg.style("""body { font-family: 'P052'; font-size: 10pt; padding: 20mm 20mm; }
      .cap { font-size: 10.5pt; margin: 0 0 3mm; }
      table { width: 100%; margin-bottom: 2mm; }
      th { border-top: 1.2pt solid #000; border-bottom: 0.6pt solid #000; padding: 1.5mm 2mm; text-align: right; font-weight: normal; font-style: italic; }
      th:first-child, td:first-child { text-align: left; }
      td { padding: 1.1mm 2mm; text-align: right; }
      tr:last-child td { border-bottom: 1.2pt solid #000; }
      .src { font-size: 8.5pt; margin-bottom: 9mm; line-height: 1.35; }""")
    pg.t("div", "Table 4.2. Population of the county's market towns at each census, 1851-1911.",
         "cap")
    towns = [("Ashby Parva", 2104, 1.021), ("Brackenfold", 3877, 1.064), ("Cold Overton", 1288, 0.987),
             ("Danesmoor", 5412, 1.118), ("Eastwick Regis", 2960, 1.043), ("Fallowfield", 1733, 1.009),
             ("Great Hinton", 4405, 1.091), ("Hartsop", 982, 0.972), ("Kelby", 2541, 1.035),
             ("Long Sutton", 3196, 1.052)]
    years = [1851, 1861, 1871, 1881, 1891, 1901, 1911]
    rows = [["Town"] + [str(y) for y in years]]
    for name, base, g in towns:
        vals, v = [], float(base)
        for k in range(len(years)):
            vals.append("{:,}".format(int(round(v))))
            v *= g + (0.004 if k % 2 else -0.002)
        rows.append([name] + vals)
    pg.table(rows)
    pg.t("div", "Source: printed census reports (synthetic figures for this corpus). Boundaries "
         "as at each census; Danesmoor includes the township of Low Ings from 1881.", "src")
    pg.t("div", "Table 4.3. Occupations of adult males in Danesmoor, 1881 and 1911 (per thousand).",
         "cap")
    rows = [["Occupation", "1881", "1911", "Change"],
            ["Agriculture", "212", "118", "-94"], ["Textiles", "268", "301", "+33"],
            ["Mining and quarrying", "95", "142", "+47"], ["Building", "88", "79", "-9"],
            ["Transport", "61", "97", "+36"], ["Dealing", "104", "111", "+7"],
            ["Professional", "27", "38", "+11"], ["Domestic service", "22", "14", "-8"],
            ["Other and unstated", "123", "100", "-23"], ["All occupations", "1,000", "1,000", ""]]
    pg.table(rows)
    pg.t("div", "Note: the classification of 1911 has been mapped onto that of 1881; small "
         "differences in the Dealing group are due to this mapping.", "src")
    return pg


# -- receipts (synthetic) --

def receipt_lines(pg, lines):
    """Receipt rows: a str is one left-aligned line; a tuple is (left, right)."""
    for ln in lines:
        if isinstance(ln, tuple):
            pg.line([(ln[0], "lft"), (ln[1], "rgt")], cls="lr", sep="")
        elif ln == "---":
            pg.raw('<div class="rule"></div>')
        else:
            pg.t("div", ln, ital=False)


@page
def receipt_576_grocery():
    pg = Page("receipt_576_grocery", "receipt (80 mm thermal, 42 columns)", (576, 1280), 203,
              ["DejaVu Sans Mono"], ["synthetic"], phys=False)
    pg.style("""body { font-family: 'DejaVu Sans Mono'; font-size: 22px; line-height: 1.28;
      padding: 36px 18px; background: #fbfbf8; }
      .c { text-align: center; } .big { font-size: 34px; font-weight: bold; }
      .lr { display: flex; justify-content: space-between; }
      .lft { white-space: pre; }
      .rule { border-top: 2px dashed #000; margin: 8px 0; }
      .tot { font-weight: bold; font-size: 28px; }
      .bar { height: 70px; margin: 16px 60px 4px; background: repeating-linear-gradient(90deg,
        #000 0 3px, #fff 3px 5px, #000 5px 6px, #fff 6px 10px, #000 10px 14px, #fff 14px 16px); }""")
    pg.t("div", "GREENWAY FOODS", "c big")
    pg.t("div", "Store 0412 Riverside Parade", "c")
    pg.t("div", "Tel 01632 960 418", "c")
    pg.t("div", "VAT No. GB 294 1177 36", "c")
    receipt_lines(pg, ["---",
                       ("Semi skimmed milk 2L", "1.45"), ("Wholemeal loaf 800g", "1.15"),
                       ("Free range eggs x12", "3.20"), ("Bananas loose", ""),
                       ("  0.842 kg @ 0.94/kg", "0.79"), ("Cheddar mature 400g", "3.85"),
                       ("Tinned tomatoes 4pk", "2.10"), ("Basmati rice 1kg", "2.49"),
                       ("Olive oil 500ml", "4.75"), ("Coffee beans 227g", "4.60"),
                       ("  Promo: 2nd half price", "-2.30"), ("Coffee beans 227g", "4.60"),
                       ("Washing up liquid", "1.25"), ("Carrier bag", "0.10"),
                       "---", ("12 ITEMS", ""), ("SUBTOTAL", "28.03")])
    pg.line([("TOTAL", "lft"), ("28.03", "rgt")], cls="lr tot", sep="")
    receipt_lines(pg, [("CARD (CONTACTLESS)", "28.03"), ("CHANGE DUE", "0.00"), "---",
                       ("VAT A 20.0%", "0.23"), ("VAT Z 0.0%", "0.00"), "---",
                       "Card ************4417", "AID A0000000031010", "Auth code 662901",
                       "---", ("You saved today", "2.30"), ("Points earned", "28"),
                       ("Points balance", "1,406"), "---"])
    pg.t("div", "14/09/2024 18:42 T03 OP117 #5521", "c")
    pg.raw('<div class="bar"></div>')
    pg.t("div", "0412 03 5521 140924", "c")
    pg.t("div", "Thank you for shopping with us", "c")
    return pg


@page
def receipt_384_cafe():
    pg = Page("receipt_384_cafe", "receipt (58 mm thermal, 32 columns)", (384, 1030), 203,
              ["Nimbus Mono PS"], ["synthetic"], phys=False)
    pg.style("""body { font-family: 'Nimbus Mono PS'; font-weight: bold; font-size: 19.5px;
      line-height: 1.3; padding: 24px 10px; background: #f4f2ec; color: #1a1a1a; }
      .c { text-align: center; } .big { font-size: 30px; }
      .lr { display: flex; justify-content: space-between; }
      .rule { border-top: 2px solid #222; margin: 6px 0; }""")
    pg.t("div", "CAFE LUMEN", "c big")
    pg.t("div", "12 Harbour Steps", "c")
    pg.t("div", "Porthkerris", "c")
    receipt_lines(pg, ["---", "Table 7 Covers 2", "Server: Mireille", "---",
                       ("1 Flat white", "3.40"), ("1 Chai latte oat", "3.95"),
                       ("1 Crab sandwich", "9.50"), ("1 Soup of the day", "6.25"),
                       ("  + sourdough", "1.20"), ("2 Saffron bun", "5.60"),
                       ("1 Sparkling water", "2.10"), "---", ("Subtotal", "32.00"),
                       ("Service 10%", "3.20"), ("TOTAL", "35.20"), "---",
                       ("Visa", "35.20"), "Auth 040517", "---",
                       "19/08/24 13:07", "Check 2291 Till 2", "Wifi: lumen-guest"])
    pg.t("div", "THANK YOU!", "c big")
    return pg


@page
def receipt_576_hardware():
    pg = Page("receipt_576_hardware", "receipt (80 mm, proportional font)", (576, 1480), 203,
              ["DejaVu Sans Condensed"], ["synthetic"], phys=False)
    pg.style("""body { font-family: 'DejaVu Sans Condensed'; font-size: 23px; line-height: 1.3;
      padding: 30px 22px; }
      .c { text-align: center; } .big { font-size: 40px; font-weight: bold; letter-spacing: 2px; }
      .lr { display: flex; justify-content: space-between; }
      .rule { border-top: 3px double #000; margin: 8px 0; }
      .sm { font-size: 19px; }
      .inv { background: #000; color: #fff; text-align: center; font-weight: bold; padding: 4px; margin: 8px 0; }""")
    pg.t("div", "HALDANE", "c big")
    pg.t("div", "TOOLS & TIMBER", "c")
    pg.t("div", "Unit 6, Foundry Road Estate", "c sm")
    pg.t("div", "Open 7-6 Mon-Sat, 9-4 Sun", "c sm")
    pg.t("div", "TAX INVOICE", "inv")
    receipt_lines(pg, ["Invoice 00-71834", "Account: CASH SALE", "---",
                       ("CLS-24 Claw hammer 20oz", "14.99"), ("PLY-18 Ply sheet 18mm x2", "71.00"),
                       ("  @ 35.50 each", ""), ("SCR-450 Screws 4x50 (200)", "6.45"),
                       ("GLU-PVA Wood glue 1L", "8.20"), ("SND-120 Sandpaper P120 x5", "3.75"),
                       ("TAP-25 Masking tape 25mm", "2.99"), ("CUT-01 Cutting charge", "4.00"),
                       "---", ("Net", "92.82"), ("VAT @ 20%", "18.56"), ("Total", "111.38"),
                       ("Paid: Mastercard", "111.38"), "---",
                       "Goods may be returned within 28 days with this receipt. Cut timber "
                       "cannot be returned.", "---",
                       "02 Oct 2024 10:16 Till 1 Staff: DEV"])
    pg.t("div", "haldane-timber.example", "c")
    return pg


@page
def form_a4_150_enrolment():
    pg = Page("form_a4_150_enrolment", "form with labelled fields (letters in boxes, script entries)",
              A4[150], 150, ["URW Gothic", "Nimbus Sans", "Z003"], ["synthetic"],
              note="capitals written one to a box (comb fields); two entries in Z003, a "
                   "calligraphic face standing in for handwriting.")
    pg.style("""body { font-family: 'URW Gothic'; font-size: 9.5pt; padding: 14mm 14mm; color: #1a1a1a; }
      .hd { display: flex; justify-content: space-between; align-items: baseline;
        border-bottom: 2.5pt solid #7a1f5c; padding-bottom: 2mm; margin-bottom: 4mm; }
      .hd .a { font-size: 17pt; font-weight: bold; color: #7a1f5c; }
      .hd .b { font-size: 10pt; }
      .intro { font-size: 9pt; line-height: 1.4; margin-bottom: 4mm; }
      h2 { font-size: 10.5pt; background: #f1e4ec; padding: 1.2mm 2mm; margin: 4mm 0 2.5mm; }
      .fld { display: flex; align-items: center; margin-bottom: 2.4mm; }
      .lab { width: 44mm; font-size: 9pt; }
      .comb { display: block; white-space: nowrap; }
      .comb span { display: inline-block; width: 5.2mm; height: 6.4mm; border: 0.6pt solid #555;
        margin-right: -0.6pt; font-family: 'Nimbus Sans'; font-weight: bold; font-size: 11pt;
        text-align: center; line-height: 6.4mm; }
      .gap { width: 3mm; }
      .script { font-family: 'Z003'; font-size: 15pt; border-bottom: 0.6pt solid #555; flex: 1; padding-left: 2mm; }
      .cb { display: inline-block; width: 3.6mm; height: 3.6mm; border: 0.6pt solid #555; margin: 0 1.5mm 0 5mm;
        vertical-align: -0.6mm; font-family: 'Nimbus Sans'; font-weight: bold; font-size: 9pt; line-height: 3.6mm; text-align: center; }
      .office { margin-top: 6mm; border: 1pt dashed #777; padding: 3mm; font-size: 8.5pt; color: #444; }""")
    pg.open("div", "hd")
    pg.t("div", "Riverside Community College", "a")
    pg.t("div", "Enrolment form E1", "b")
    pg.close()
    pg.t("div", "Please write in capital letters, one letter in each box, and tick the boxes that "
         "apply. Return the form to Student Services with proof of address.", "intro")

    def comb(label, value):
        cells = "".join("<span>%s</span>" % (html.escape(ch) if ch != " " else "&nbsp;")
                        for ch in value)
        pg.body.append('<div class="fld"><span class="lab">%s</span><div class="comb">%s</div></div>'
                       % (html.escape(label), cells))
        pg.truth.append("%s %s" % (label, value))

    def script(label, value):
        pg.body.append('<div class="fld"><span class="lab">%s</span><span class="script">%s</span></div>'
                       % (html.escape(label), html.escape(value)))
        pg.truth.append("%s %s" % (label, value))

    pg.t("h2", "A. About you")
    comb("Family name", "FERREIRA DA COSTA")
    comb("First name(s)", "LUCIANA")
    comb("Date of birth", "09 11 2003")
    comb("Postcode", "RV4 8JD")
    comb("Mobile number", "07700 900 481")
    script("Home address", "Flat 2, 118 Wharf Street, Riverside")
    pg.t("h2", "B. Your course")
    comb("Course code", "ENG 2204")
    script("Course title", "Access to Higher Education: Humanities")
    pg.open("div", "fld")
    pg.body.append('<span class="lab">Mode of study</span><span>'
                   '<span class="cb">X</span> Full time <span class="cb"></span> Part time '
                   '<span class="cb"></span> Evening</span>')
    pg.truth.append("Mode of study X Full time Part time Evening")
    pg.close()
    pg.open("div", "fld")
    pg.body.append('<span class="lab">Fee support</span><span>'
                   '<span class="cb"></span> None <span class="cb">X</span> Bursary '
                   '<span class="cb"></span> Employer</span>')
    pg.truth.append("Fee support None X Bursary Employer")
    pg.close()
    pg.t("h2", "C. Emergency contact")
    comb("Name", "MARCO COSTA")
    comb("Telephone", "01632 960 119")
    pg.t("div", "For office use: ID seen / fee band / entered on system by", "office")
    return pg


# -- slides (1920x1080) --

SLIDE = (1920, 1080)


@page
def slide_1920_title_gradient():
    pg = Page("slide_1920_title_gradient", "slide (title, white on colour gradient)", SLIDE, 96,
              ["URW Gothic", "DejaVu Sans"], ["moby_cetology"], phys=False)
    pg.style("""body { font-family: 'URW Gothic'; color: #fff;
      background: linear-gradient(135deg, #0b3d5c 0%, #136f8f 55%, #2aa7a0 100%); padding: 110px 140px; }
      .tag { font-family: 'DejaVu Sans'; font-size: 26px; letter-spacing: 6px; color: #bfe9ee; margin-bottom: 40px; }
      h1 { font-size: 96px; font-weight: bold; margin: 0 0 20px; line-height: 1.05; }
      .by { font-size: 40px; color: #e4f6f7; margin-bottom: 70px; }
      .quote { font-family: 'DejaVu Sans'; font-size: 29px; line-height: 1.5; width: 1400px;
        border-left: 8px solid #f5c04a; padding-left: 36px; color: #fff; }
      .foot { position: absolute; left: 140px; right: 140px; bottom: 60px; display: flex;
        justify-content: space-between; font-family: 'DejaVu Sans'; font-size: 22px; color: #bfe9ee; }""")
    ps = excerpt("moby_cetology")
    pg.t("div", "READING GROUP, SESSION 4", "tag")
    pg.t("h1", ps[0])
    pg.t("div", "Moby-Dick; or, The Whale, by Herman Melville", "by")
    pg.t("div", ps[1], "quote")
    pg.line(["Harbour Library Reading Group", "1 / 12"], cls="foot")
    return pg


@page
def slide_1920_bullets_dark():
    pg = Page("slide_1920_bullets_dark", "slide (bullet points, light on dark)", SLIDE, 96,
              ["DejaVu Sans", "DejaVu Serif"], ["sense_2"], phys=False)
    pg.style("""body { font-family: 'DejaVu Sans'; background: #1e1f24; color: #eceff4; padding: 80px 120px; }
      h1 { font-family: 'DejaVu Serif'; font-size: 58px; font-weight: bold; color: #ffd166; margin: 0 0 14px; }
      .lead { font-size: 30px; line-height: 1.45; color: #c9ced8; margin-bottom: 44px; width: 1600px; }
      ul { margin: 0; padding-left: 50px; }
      li { font-size: 38px; line-height: 1.35; margin-bottom: 26px; }
      li::marker { color: #ffd166; }
      .src { position: absolute; right: 120px; bottom: 50px; font-size: 20px; color: #8a90a0; }""")
    ps = excerpt("sense_2")
    pg.t("h1", "The English Constitution, in three parts")
    pg.t("div", ps[0], "lead")
    pg.open("ul")
    for p in ps[1:4]:
        pg.t("li", p)
    pg.close()
    pg.t("div", "Thomas Paine, Common Sense (1776)", "src")
    return pg


@page
def slide_1920_chart():
    pg = Page("slide_1920_chart", "slide (bar chart with labels and numbers)", SLIDE, 96,
              ["Nimbus Sans"], ["synthetic"], phys=False)
    pg.style("""body { font-family: 'Nimbus Sans'; background: #fff; color: #222; padding: 70px 110px; }
      .top { border-bottom: 6px solid #e4572e; padding-bottom: 14px; margin-bottom: 40px; }
      h1 { font-size: 54px; margin: 0; }
      .sub { font-size: 28px; color: #555; margin-top: 8px; }
      .wrap { display: flex; gap: 70px; }
      .chart { width: 1050px; }
      .bar { display: flex; align-items: center; height: 74px; margin-bottom: 16px; }
      .lab { width: 300px; font-size: 28px; }
      .fill { height: 54px; background: #29335c; margin-right: 16px; }
      .val { font-size: 28px; font-weight: bold; }
      .side { width: 500px; background: #f3a712; color: #111; padding: 36px; font-size: 30px; line-height: 1.4; }
      .side .big { font-size: 88px; font-weight: bold; line-height: 1; margin-bottom: 12px; }
      .foot { position: absolute; left: 110px; bottom: 46px; font-size: 20px; color: #777; }""")
    pg.open("div", "top")
    pg.t("h1", "Loans by collection, 2023-24")
    pg.t("div", "Items issued across the three branches, in thousands", "sub")
    pg.close()
    pg.open("div", "wrap")
    pg.open("div", "chart")
    data = [("Adult fiction", 148.2), ("Children's", 131.7), ("Non-fiction", 86.4),
            ("Audiobooks", 41.9), ("Large print", 22.3), ("Music and film", 9.8)]
    for label, v in data:
        pg.open("div", "bar")
        pg.t("span", label, "lab")
        pg.raw('<span class="fill" style="width:%dpx"></span>' % int(v * 4.2))
        pg.t("span", "%.1f" % v, "val")
        pg.close()
    pg.close()
    pg.open("div", "side")
    pg.t("div", "+6.8%", "big")
    pg.t("div", "total loans compared with 2022-23, the first rise since the branches reopened.")
    pg.close()
    pg.close()
    pg.t("div", "Source: branch circulation reports (synthetic data)", "foot")
    return pg


# -- posters and infographics (colour) --

@page
def poster_tabloid150_alice():
    pg = Page("poster_tabloid150_alice", "poster (colour, mixed type sizes)", (1650, 2550), 150,
              ["URW Bookman", "URW Gothic"], ["synthetic", "alice_ch2"], phys=False,
              note="event details invented; the quotation is Carroll's.")
    pg.style("""body { font-family: 'URW Gothic'; background: #f6e7c8; color: #2b1d3a; }
      .hero { background: #5b2a86; color: #fff; padding: 1.1in 0.9in 0.8in; }
      .kick { font-size: 20pt; letter-spacing: 0.2em; color: #f9c74f; }
      h1 { font-family: 'URW Bookman'; font-size: 76pt; line-height: 1.0; margin: 0.15in 0 0.2in; }
      .sub { font-size: 24pt; }
      .quote { font-family: 'URW Bookman'; font-size: 20pt; line-height: 1.5; margin: 0.7in 0.9in 0.3in;
        padding: 0.3in 0.4in; background: #fff; border-left: 0.15in solid #f9844a; }
      .who { font-size: 15pt; margin: 0 0.9in 0.6in; text-align: right; }
      .facts { display: flex; gap: 0.3in; margin: 0 0.9in; }
      .fact { flex: 1; background: #277da1; color: #fff; padding: 0.25in; }
      .fact .k { font-size: 13pt; color: #cdeefa; }
      .fact .v { font-size: 24pt; font-weight: bold; margin-top: 4pt; }
      .small { margin: 0.5in 0.9in 0; font-size: 13pt; line-height: 1.5; }
      .band { position: absolute; left: 0; right: 0; bottom: 0; background: #f94144; color: #fff;
        font-size: 20pt; text-align: center; padding: 0.25in; font-weight: bold; }""")
    ps = excerpt("alice_ch2")
    pg.open("div", "hero")
    pg.t("div", "THE HARBOUR LIBRARY PRESENTS", "kick")
    pg.t("h1", "Curiouser and Curiouser")
    pg.t("div", "A summer of reading aloud from Alice's Adventures in Wonderland", "sub")
    pg.close()
    pg.t("div", ps[0], "quote")
    pg.t("div", "Lewis Carroll, Chapter II: The Pool of Tears", "who")
    pg.open("div", "facts")
    for k, v in [("WHEN", "Saturdays 10:30"), ("WHERE", "Reading Room 2"), ("AGES", "7 to 107")]:
        pg.open("div", "fact")
        pg.t("div", k, "k")
        pg.t("div", v, "v")
        pg.close()
    pg.close()
    pg.t("div", "Sessions run from 6 July to 31 August. Free, no booking needed; children under "
         "eight should come with an adult. Large-print copies and a hearing loop are available. "
         "Ask at the front desk or call 01632 960 207.", "small")
    pg.t("div", "Bring a friend, a cushion and your best tea-party hat!", "band")
    return pg


@page
def infographic_1200x2520_whales():
    pg = Page("infographic_1200x2520_whales", "infographic (tall, colour panels, figures)",
              (1200, 2520), 96, ["DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Serif"],
              ["synthetic", "moby_quotes"], phys=False,
              note="the figures are invented; the quotations are from the Extracts of Moby-Dick.")
    pg.style("""body { font-family: 'DejaVu Sans'; background: #eaf4f4; color: #12263a; }
      .head { background: #12263a; color: #fff; padding: 70px 70px 60px; }
      .head .k { font-family: 'DejaVu Sans Condensed'; font-size: 24px; letter-spacing: 5px; color: #7fd1ae; }
      .head h1 { font-size: 74px; line-height: 1.15; margin: 14px 0 18px; }
      .head .s { font-size: 26px; line-height: 1.4; color: #cfe3ee; }
      .stats { display: flex; flex-wrap: wrap; gap: 24px; padding: 50px 70px 20px; }
      .st { width: 518px; background: #fff; border-top: 10px solid #06aed5; padding: 26px; }
      .st .n { font-size: 70px; font-weight: bold; color: #086788; line-height: 1.1; }
      .st .d { font-family: 'DejaVu Sans Condensed'; font-size: 23px; line-height: 1.35; }
      .sec { margin: 30px 70px 0; font-size: 36px; font-weight: bold; border-bottom: 4px solid #f0c808; padding-bottom: 8px; }
      .q { font-family: 'DejaVu Serif'; font-size: 24px; line-height: 1.45; margin: 22px 70px 0;
        background: #fff; padding: 22px 28px; }
      .q:nth-of-type(odd) { background: #dd1c1a; color: #fff; }
      .bars { margin: 24px 70px 0; }
      .row { display: flex; align-items: center; margin-bottom: 12px; }
      .row .l { width: 280px; font-size: 24px; }
      .row .b { height: 40px; background: #086788; margin-right: 14px; }
      .row .v { font-size: 24px; font-weight: bold; }
      .foot { position: absolute; left: 0; right: 0; bottom: 0; background: #12263a; color: #9fb3c8;
        font-family: 'DejaVu Sans Condensed'; font-size: 20px; padding: 24px 70px; }""")
    ps = excerpt("moby_quotes")
    pg.open("div", "head")
    pg.t("div", "OCEAN GIANTS", "k")
    pg.t("h1", "Whales by the numbers")
    pg.t("div", "Six figures from a season of surveys off the western isles, and what the old "
         "writers said of the great whales.", "s")
    pg.close()
    pg.open("div", "stats")
    for n, d in [("412", "sightings logged between April and October"),
                 ("7", "species identified, from minke to fin whale"),
                 ("23 m", "longest animal measured, a fin whale seen on 14 August"),
                 ("1,150", "hours of hydrophone recordings analysed"),
                 ("38%", "of sightings were of mothers with calves"),
                 ("96", "volunteers on the boats and the cliff-top watch")]:
        pg.open("div", "st")
        pg.t("div", n, "n")
        pg.t("div", d, "d")
        pg.close()
    pg.close()
    pg.t("div", "Sightings by species", "sec")
    pg.open("div", "bars")
    for lab, v in [("Minke whale", 187), ("Harbour porpoise", 96), ("Humpback whale", 58),
                   ("Fin whale", 34), ("Risso's dolphin", 21), ("Orca", 11), ("Sperm whale", 5)]:
        pg.open("div", "row")
        pg.t("span", lab, "l")
        pg.raw('<span class="b" style="width:%dpx"></span>' % int(v * 3.3))
        pg.t("span", str(v), "v")
        pg.close()
    pg.close()
    pg.t("div", "What the old books said", "sec")
    for p in ps:
        pg.t("div", p, "q")
    pg.t("div", "Survey figures are illustrative (synthetic). Quotations as collected in the "
         "Extracts of Moby-Dick (1851).", "foot")
    return pg


@page
def poster_a3_150_verne_fr():
    pg = Page("poster_a3_150_verne_fr", "poster in French (colour, white on colour)", (1754, 2480),
              150, ["P052", "Nimbus Sans"], ["synthetic", "verne_2"], lang="fr", phys=False,
              tess_lang="fra", note="exhibition details invented; the text is Verne's.")
    pg.style("""body { font-family: 'Nimbus Sans'; background: #0f4c5c; color: #fff; padding: 0.8in 0.85in; }
      .k { font-size: 18pt; letter-spacing: 0.18em; color: #ffd97d; }
      h1 { font-family: 'P052'; font-size: 64pt; line-height: 1.02; margin: 0.12in 0 0.1in; font-weight: bold; }
      .s { font-size: 22pt; color: #d8f3f5; margin-bottom: 0.4in; }
      .txt { display: flex; gap: 0.35in; }
      .col { flex: 1; font-family: 'P052'; font-size: 13.5pt; line-height: 1.4; text-align: justify;
        background: #fff; color: #1b1b1b; padding: 0.28in; }
      .col p { text-indent: 0.2in; margin-bottom: 4pt; }
      .info { display: flex; gap: 0.25in; margin-top: 0.4in; }
      .box { flex: 1; background: #e36414; padding: 0.22in; }
      .box .a { font-size: 13pt; color: #ffe8d6; }
      .box .b { font-size: 21pt; font-weight: bold; margin-top: 3pt; }
      .foot { margin-top: 0.35in; font-size: 13pt; color: #cde7ea; line-height: 1.5; }""")
    ps = excerpt("verne_2")
    pg.t("div", "MUSÉE DES VOYAGES EXTRAORDINAIRES", "k")
    pg.t("h1", "Le tour du monde en quatre-vingts jours")
    pg.t("div", "Exposition autour du roman de Jules Verne (1873)", "s")
    pg.open("div", "txt")
    pg.open("div", "col")
    pg.t("p", ps[0])
    pg.t("p", ps[1])
    pg.close()
    pg.open("div", "col")
    pg.t("p", ps[2])
    pg.t("p", ps[3])
    pg.close()
    pg.close()
    pg.open("div", "info")
    for a, b in [("DU", "3 mars au 28 juin"), ("OÙ", "Salle Fogg, 2e étage"), ("TARIF", "6 €, réduit 3 €")]:
        pg.open("div", "box")
        pg.t("div", a, "a")
        pg.t("div", b, "b")
        pg.close()
    pg.close()
    pg.t("div", "Ouvert du mardi au dimanche, de 10 h à 18 h. Visites guidées le samedi à 15 h. "
         "Entrée gratuite pour les moins de douze ans.", "foot")
    return pg


@page
def poster_1080x1920_quijote_es():
    pg = Page("poster_1080x1920_quijote_es", "poster in Spanish (vertical, colour blocks)",
              (1080, 1920), 96, ["DejaVu Serif", "DejaVu Sans"], ["synthetic", "quijote_8"],
              lang="es", phys=False, note="festival details invented; the text is Cervantes'.")
    pg.style("""body { font-family: 'DejaVu Sans'; background: #fdf0d5; color: #3a0c0c; }
      .top { background: #c1121f; color: #fff; padding: 70px 64px 50px; }
      .top .k { font-size: 24px; letter-spacing: 4px; color: #ffd6a5; }
      .top h1 { font-family: 'DejaVu Serif'; font-size: 80px; line-height: 1.15; margin: 12px 0 10px; }
      .top .s { font-size: 30px; }
      .txt { margin: 44px 64px 0; font-family: 'DejaVu Serif'; font-size: 25px; line-height: 1.5; }
      .txt p { margin-bottom: 10px; }
      .txt p.d { margin-left: 30px; }
      .when { position: absolute; left: 64px; right: 64px; bottom: 60px; background: #003049;
        color: #fff; padding: 30px 36px; }
      .when .a { font-size: 44px; font-weight: bold; }
      .when .b { font-size: 26px; margin-top: 6px; color: #c9e4ff; }""")
    ps = excerpt("quijote_8")
    pg.open("div", "top")
    pg.t("div", "FESTIVAL DE LECTURA EN VOZ ALTA", "k")
    pg.t("h1", "Gigantes o molinos")
    pg.t("div", "Capítulo VIII de Don Quijote de la Mancha", "s")
    pg.close()
    pg.open("div", "txt")
    for p in ps[:10]:
        pg.t("p", p, "d" if p.startswith("-") else "")
    pg.close()
    pg.open("div", "when")
    pg.t("div", "Sábado 12 de octubre, 19:00", "a")
    pg.t("div", "Plaza del Molino · Entrada libre · Traiga su propio ejemplar", "b")
    pg.close()
    return pg


@page
def poster_a3_150_dante_it():
    pg = Page("poster_a3_150_dante_it", "poster in Italian (verse, dark background)", (1754, 2480),
              150, ["C059", "URW Gothic"], ["synthetic", "dante_3"], lang="it", phys=False,
              note="event details invented; the verses are Dante's.")
    pg.style("""body { font-family: 'C059'; background: #14110f; color: #f2e9dc; padding: 0.9in 1in; }
      .k { font-family: 'URW Gothic'; font-size: 18pt; letter-spacing: 0.25em; color: #d9a441; }
      h1 { font-family: 'URW Gothic'; font-size: 60pt; margin: 0.1in 0 0.35in; line-height: 1.05; color: #fff; }
      .cols { display: flex; gap: 0.5in; }
      .col { flex: 1; }
      .col .h { font-family: 'URW Gothic'; font-size: 14pt; color: #d9a441; margin-bottom: 0.15in; }
      .col p { font-size: 17.5pt; line-height: 1.45; margin-bottom: 0.2in; }
      .gate { font-size: 21pt !important; color: #ffcf70; font-style: italic; }
      .info { position: absolute; left: 1in; right: 1in; bottom: 0.8in; border-top: 2pt solid #d9a441;
        padding-top: 0.2in; font-family: 'URW Gothic'; font-size: 16pt; line-height: 1.5; }""")
    ps = excerpt("dante_3")
    pg.t("div", "LETTURE DANTESCHE", "k")
    pg.t("h1", "Lasciate ogne speranza")
    pg.open("div", "cols")
    pg.open("div", "col")
    pg.t("div", ps[0], "h")
    pg.t("p", ps[1], "gate")
    pg.t("p", ps[2], "gate")
    pg.t("p", ps[3], "gate")
    for p in ps[4:7]:
        pg.t("p", p)
    pg.close()
    pg.open("div", "col")
    for p in ps[7:13]:
        pg.t("p", p)
    pg.close()
    pg.close()
    pg.t("div", "Venerdì 15 novembre, ore 21 · Chiostro di San Marco\n"
         "Lettura integrale del canto III con accompagnamento musicale · Ingresso libero", "info")
    return pg


# -- typewritten pages --

@page
def typewriter_letter150_nimbusmono():
    pg = Page("typewriter_letter150_nimbusmono", "typewritten letter (Courier-like)", LETTER[150],
              150, ["Nimbus Mono PS"], ["frank_l2"])
    pg.style("""body { font-family: 'Nimbus Mono PS'; font-size: 12pt; line-height: 1.2;
      padding: 1in 1in 0.8in 1.1in; color: #1c1c1c; background: #fdfcf7; }
      .r { text-align: right; margin-bottom: 12pt; }
      .to { margin-bottom: 12pt; }
      p { text-indent: 0.5in; margin-bottom: 12pt; }""")
    ps = excerpt("frank_l2")
    pg.t("div", ps[1], "r")
    pg.t("div", ps[0], "to")
    pg.t("p", ps[2])
    pg.t("p", ps[3])
    return pg


@page
def typewriter_a4_200_dejavumono():
    pg = Page("typewriter_a4_200_dejavumono", "typewritten manuscript (monospace, double spaced)",
              A4[200], 200, ["DejaVu Sans Mono"], ["two_ch2"])
    pg.style("""body { font-family: 'DejaVu Sans Mono'; font-size: 10.5pt; line-height: 2.0;
      padding: 25mm 22mm 22mm 30mm; }
      .hd { display: flex; justify-content: space-between; margin-bottom: 10mm; }
      .c { text-align: center; margin-bottom: 6mm; }
      p { text-indent: 10mm; }""")
    ps = excerpt("two_ch2")
    pg.line(["Dickens / TWO CITIES", "- 7 -"], cls="hd")
    pg.t("div", ps[0], "c")
    for p in ps[1:3]:
        pg.t("p", p)
    return pg


@page
def typewriter_a4_150_kafka_de():
    pg = Page("typewriter_a4_150_kafka_de", "typewritten page in German (monospace)", A4[150],
              150, ["Nimbus Mono PS"], ["kafka_2"], lang="de", tess_lang="deu")
    pg.style("""body { font-family: 'Nimbus Mono PS'; font-size: 11pt; line-height: 1.55;
      padding: 22mm 20mm 18mm 25mm; text-align: left; }
      .c { text-align: center; margin-bottom: 5mm; font-weight: bold; }
      p { text-indent: 8mm; margin-bottom: 2mm; }""")
    ps = excerpt("kafka_2")
    pg.t("div", ps[0], "c")
    for p in ps[1:3]:
        pg.t("p", p)
    return pg


# -- small print --

@page
def smallprint_letter150_extracts():
    pg = Page("smallprint_letter150_extracts", "small print (8 pt at 150 dpi, two columns)",
              LETTER[150], 150, ["Nimbus Sans"], ["moby_extracts"])
    pg.style("""body { font-family: 'Nimbus Sans'; font-size: 8pt; line-height: 1.3;
      padding: 0.6in 0.65in; }
      h2 { font-size: 11pt; text-align: center; margin: 0 0 8pt; letter-spacing: 0.1em; }
      .cols { column-count: 2; column-gap: 0.3in; text-align: justify; }
      p { margin-bottom: 4pt; }""")
    ps = excerpt("moby_extracts")
    pg.t("h2", ps[0])
    pg.open("div", "cols")
    for p in ps[1:]:
        pg.t("p", p)
    pg.close()
    return pg


@page
def smallprint_a4_300_pp():
    pg = Page("smallprint_a4_300_pp", "small print (7.5 pt at 300 dpi, two columns)", A4[300], 300,
              ["Nimbus Roman"], ["pp_ch2"])
    pg.style("""body { font-family: 'Nimbus Roman'; font-size: 7.5pt; line-height: 1.22;
      padding: 14mm 14mm; }
      .hd { display: flex; justify-content: space-between; font-size: 7pt; font-style: italic;
        border-bottom: 0.4pt solid #000; margin-bottom: 3mm; padding-bottom: 0.6mm; }
      .cols { column-count: 2; column-gap: 6mm; text-align: justify; }
      h3 { font-size: 9pt; break-after: avoid; text-align: center; margin: 0 0 1.5mm; font-weight: normal; }
      p { text-indent: 3mm; }""")
    ps = excerpt("pp_ch2")[:34]
    pg.line(["PRIDE AND PREJUDICE", "CHAP. II-III", "7"], cls="hd")
    pg.open("div", "cols")
    for p in ps:
        if re.fullmatch(r"Chapter \d+", p):
            pg.t("h3", p)
        else:
            pg.t("p", p)
    pg.close()
    return pg


@page
def smallprint_letter200_holmes():
    pg = Page("smallprint_letter200_holmes", "small print (7.5 pt condensed sans at 200 dpi)",
              LETTER[200], 200, ["DejaVu Sans Condensed", "DejaVu Serif"], ["holmes_identity"])
    pg.style("""body { font-family: 'DejaVu Sans Condensed'; font-size: 7.5pt; line-height: 1.3;
      padding: 0.55in 0.6in; }
      h2 { font-family: 'DejaVu Serif'; font-size: 12pt; margin: 0 0 6pt; }
      .cols { column-count: 3; column-gap: 0.2in; text-align: justify; height: 3.2in; column-fill: auto; }
      p { text-indent: 0.12in; }""")
    ps = excerpt("holmes_identity")
    pg.t("h2", ps[0])
    pg.open("div", "cols")
    for p in ps[1:]:
        pg.t("p", p)
    pg.close()
    return pg


# -- mixed fonts on one page --

@page
def mixed_letter150_manual():
    pg = Page("mixed_letter150_manual", "mixed fonts (serif headings, sans body, mono code)",
              LETTER[150], 150, ["DejaVu Serif", "DejaVu Sans", "DejaVu Sans Mono"],
              ["synthetic", "two_ch3"],
              note="tutorial prose and code invented for this corpus; the sample text is Dickens'.")
    pg.style("""body { font-family: 'DejaVu Sans'; font-size: 10pt; line-height: 1.45;
      padding: 0.75in 0.9in; }
      h1 { font-family: 'DejaVu Serif'; font-size: 20pt; margin: 0 0 4pt; }
      h2 { font-family: 'DejaVu Serif'; font-size: 13.5pt; margin: 14pt 0 4pt; }
      p { margin-bottom: 6pt; }
      code { font-family: 'DejaVu Sans Mono'; font-size: 9.5pt; background: #eee; padding: 0 2pt; }
      pre { font-family: 'DejaVu Sans Mono'; font-size: 9pt; line-height: 1.35; background: #f2f2f2;
        border-left: 3pt solid #777; padding: 6pt 10pt; margin: 4pt 0 8pt; white-space: pre; }
      blockquote { font-family: 'DejaVu Serif'; font-style: italic; margin: 4pt 0.3in 8pt; font-size: 10pt; }""")
    ps = excerpt("two_ch3")
    pg.t("h1", "Counting words in a chapter")
    pg.t("div", "Worked example 3 of the text-processing primer", style="color:#444;margin-bottom:8pt")
    pg.t("h2", "1. The sample text")
    pg.t("p", "The example uses the opening of Chapter III of A Tale of Two Cities. Its first "
         "sentences are printed below exactly as the program reads them from the file "
         "chapter3.txt:")
    sample = ps[0] + "\n" + ps[1][:ps[1].index(" No more can I look")]
    pg.t("blockquote", sample)
    pg.t("h2", "2. Splitting and counting")
    pg.rich("p", [("The function ", ""), ("count_words", "code"), (" lowers the case of the text, "
            "splits it on anything that is not a letter or an apostrophe, and counts the pieces "
            "with a ", ""), ("Counter", "code"), (":", "")])
    code = ["import re", "from collections import Counter", "",
            "def count_words(text):",
            "    words = re.findall(r\"[a-z']+\", text.lower())",
            "    return Counter(words)", "",
            "with open(\"chapter3.txt\", encoding=\"utf-8\") as f:",
            "    counts = count_words(f.read())",
            "for word, n in counts.most_common(5):",
            "    print(f\"{word:>8} {n:3d}\")"]
    pg.body.append("<pre>%s</pre>" % html.escape("\n".join(code), quote=False))
    pg.truth.extend(c.strip() for c in code if c.strip())
    pg.t("h2", "3. The result")
    pg.t("p", "Run on the sample above, the program prints the five commonest words:")
    counts = Counter(re.findall(r"[a-z']+", sample.lower()))
    out = ["%8s %3d" % wn for wn in sorted(counts.items(), key=lambda wn: (-wn[1], wn[0]))[:5]]
    pg.body.append("<pre>%s</pre>" % html.escape("\n".join(out), quote=False))
    pg.truth.extend(o.strip() for o in out)
    pg.rich("p", [("Try changing the pattern so that hyphenated words such as ", ""),
                  ("ale-houses", "code"), (" are counted as one word, and compare the totals.", "")])
    return pg


@page
def mixed_a4_200_annotated():
    pg = Page("mixed_a4_200_annotated", "mixed fonts (serif title, sans body, mono notes, sidebar)",
              A4[200], 200, ["P052", "Nimbus Sans", "Nimbus Mono PS"], ["synthetic", "verne_1"],
              lang="fr", tess_lang="fra",
              note="a French reader's edition: Verne's text, invented glossary notes.")
    pg.style("""body { font-family: 'Nimbus Sans'; font-size: 10pt; line-height: 1.45;
      padding: 18mm 16mm; display: grid; grid-template-columns: 1fr 52mm; column-gap: 8mm; align-content: start; }
      .title { grid-column: 1 / 3; border-bottom: 1pt solid #000; margin-bottom: 6mm; padding-bottom: 3mm; }
      .title .a { font-family: 'P052'; font-size: 24pt; font-weight: bold; }
      .title .b { font-family: 'P052'; font-size: 12pt; font-style: italic; }
      h2 { font-family: 'P052'; font-size: 14pt; margin: 0 0 2mm; }
      h3 { font-family: 'P052'; font-size: 11pt; font-weight: normal; font-style: italic; margin: 0 0 4mm; }
      .main p { text-align: justify; margin-bottom: 2.5mm; text-indent: 5mm; }
      .side { background: #efefef; padding: 4mm; font-family: 'Nimbus Mono PS'; font-size: 9pt; line-height: 1.4; align-self: start; }
      .side .h { font-family: 'Nimbus Sans'; font-weight: bold; font-size: 9.5pt; margin-bottom: 2mm; }
      .side p { margin-bottom: 2.5mm; }""")
    ps = excerpt("verne_1")
    pg.open("div", "title")
    pg.t("div", "Jules Verne", "a")
    pg.t("div", "Le tour du monde en quatre-vingts jours, édition annotée pour la classe", "b")
    pg.close()
    pg.open("div", "main")
    pg.t("h2", "Chapitre " + ps[0])
    pg.t("h3", ps[1])
    for p in ps[2:7]:
        pg.t("p", p)
    pg.close()
    pg.open("div", "side")
    pg.t("div", "Notes de lecture", "h")
    for n in ["Saville-row : rue du quartier de Mayfair, à Londres.",
              "Reform-Club : cercle londonien fondé en 1836.",
              "esq. : abréviation de « esquire », titre de courtoisie anglais.",
              "Byron : poète anglais (1788-1824).",
              "la Cité : le quartier des affaires de Londres.",
              "Questions : Que sait-on de Phileas Fogg ? Que ne sait-on pas ?"]:
        pg.t("p", n)
    pg.close()
    return pg


# -- non-English pages --

@page
def de_prose_letter150_dejavuserif():
    pg = Page("de_prose_letter150_dejavuserif", "one-column prose in German (ß, umlauts, guillemets)",
              LETTER[150], 150, ["DejaVu Serif"], ["kafka_1"], lang="de", tess_lang="deu")
    pg.style("""body { font-family: 'DejaVu Serif'; font-size: 10.5pt; line-height: 1.5;
      padding: 0.8in 0.95in; text-align: justify; }
      .t { text-align: center; font-size: 16pt; letter-spacing: 0.1em; margin-bottom: 4pt; }
      .a { text-align: center; font-size: 11pt; margin-bottom: 0.3in; }
      .c { text-align: center; font-size: 12pt; margin-bottom: 10pt; }
      p { text-indent: 0.25in; }""")
    ps = excerpt("kafka_1")
    pg.t("div", "DIE VERWANDLUNG", "t")
    pg.t("div", "von Franz Kafka", "a")
    pg.t("div", ps[0], "c")
    for p in ps[1:5]:
        pg.t("p", p)
    return pg


@page
def fr_prose_a4_200_c059():
    pg = Page("fr_prose_a4_200_c059", "one-column prose in French (accents, caps heading)", A4[200],
              200, ["C059"], ["candide_1"], lang="fr", tess_lang="fra")
    pg.style("""body { font-family: 'C059'; font-size: 11.5pt; line-height: 1.45;
      padding: 28mm 26mm; text-align: justify; }
      .t { text-align: center; font-size: 22pt; margin-bottom: 2mm; }
      .a { text-align: center; font-size: 12pt; font-style: italic; margin-bottom: 12mm; }
      .c { text-align: center; font-size: 13pt; margin-bottom: 2mm; }
      .s { text-align: center; font-style: italic; margin: 0 15mm 8mm; }
      p { text-indent: 7mm; margin-bottom: 1mm; }
      .fn { position: absolute; left: 26mm; right: 26mm; bottom: 22mm; font-size: 9pt;
        border-top: 0.5pt solid #000; padding-top: 2mm; width: 60mm; }""")
    ps = excerpt("candide_1")
    pg.t("div", "CANDIDE, OU L'OPTIMISME", "t")
    pg.t("div", "Voltaire", "a")
    pg.t("div", ps[0], "c")
    pg.t("div", ps[1], "s")
    notes = [p for p in ps[2:] if p.startswith("[")]
    for p in ps[2:]:
        if not p.startswith("["):
            pg.t("p", p)
    for p in notes:
        pg.t("div", p, "fn")
    return pg


@page
def es_twocol_a4_200_p052():
    pg = Page("es_twocol_a4_200_p052", "two columns in Spanish (ñ, accents, ¿ ¡)", A4[200], 200,
              ["P052"], ["quijote_1"], lang="es")
    pg.style("""body { font-family: 'P052'; font-size: 10.5pt; line-height: 1.35;
      padding: 20mm 17mm; }
      .t { text-align: center; font-size: 15pt; margin-bottom: 3mm; font-weight: bold; }
      .c { text-align: center; font-size: 11.5pt; font-style: italic; margin: 0 20mm 7mm; }
      .cols { column-count: 2; column-gap: 7mm; text-align: justify; }
      p { text-indent: 5mm; }""")
    ps = excerpt("quijote_1")
    pg.t("div", ps[0], "t")
    pg.t("div", ps[1], "c")
    pg.open("div", "cols")
    for p in ps[2:5]:
        pg.t("p", p)
    pg.close()
    return pg


@page
def it_verse_letter200_bookman():
    pg = Page("it_verse_letter200_bookman", "verse in Italian (tercets, two columns)", LETTER[200],
              200, ["URW Bookman"], ["dante_1"], lang="it")
    pg.style("""body { font-family: 'URW Bookman'; font-size: 10.5pt; line-height: 1.4;
      padding: 0.8in 0.85in; }
      .t { text-align: center; font-size: 18pt; line-height: 1.3; margin-bottom: 4pt; }
      .i { text-align: center; font-size: 13pt; letter-spacing: 0.3em; margin-bottom: 4pt; }
      .c { text-align: center; font-size: 11pt; font-style: italic; margin-bottom: 0.25in; }
      .cols { column-count: 2; column-gap: 0.4in; }
      p { margin-bottom: 9pt; break-inside: avoid; }""")
    ps = excerpt("dante_1")
    pg.t("div", ps[0], "t")
    pg.t("div", ps[1], "i")
    pg.t("div", ps[2], "c")
    pg.open("div", "cols")
    for p in ps[3:]:
        pg.t("p", p)
    pg.close()
    return pg


# ---------------------------------------------------------------------------------------
# Excerpts, copied from the files named in BOOKS: paragraphs with their lines joined, runs of
# spaces made one, "--" made "\u2014"; verse keeps its lines.

EXCERPTS = {'alice_ch1': ['CHAPTER I. Down the Rabbit-Hole',
               'Alice was beginning to get very tired of sitting by her sister on the bank, and of '
               'having nothing to do: once or twice she had peeped into the book her sister was '
               'reading, but it had no pictures or conversations in it, ‘and what is the use of a '
               'book,’ thought Alice ‘without pictures or conversations?’',
               'So she was considering in her own mind (as well as she could, for the hot day made '
               'her feel very sleepy and stupid), whether the pleasure of making a daisy-chain '
               'would be worth the trouble of getting up and picking the daisies, when suddenly a '
               'White Rabbit with pink eyes ran close by her.',
               'There was nothing so VERY remarkable in that; nor did Alice think it so VERY much '
               'out of the way to hear the Rabbit say to itself, ‘Oh dear! Oh dear! I shall be '
               'late!’ (when she thought it over afterwards, it occurred to her that she ought to '
               'have wondered at this, but at the time it all seemed quite natural); but when the '
               'Rabbit actually TOOK A WATCH OUT OF ITS WAISTCOAT-POCKET, and looked at it, and '
               'then hurried on, Alice started to her feet, for it flashed across her mind that '
               'she had never before seen a rabbit with either a waistcoat-pocket, or a watch to '
               'take out of it, and burning with curiosity, she ran across the field after it, and '
               'fortunately was just in time to see it pop down a large rabbit-hole under the '
               'hedge.',
               'In another moment down went Alice after it, never once considering how in the '
               'world she was to get out again.',
               'The rabbit-hole went straight on like a tunnel for some way, and then dipped '
               'suddenly down, so suddenly that Alice had not a moment to think about stopping '
               'herself before she found herself falling down a very deep well.'],
 'alice_ch2': ['‘Curiouser and curiouser!’ cried Alice (she was so much surprised, that for the '
               'moment she quite forgot how to speak good English); ‘now I’m opening out like the '
               'largest telescope that ever was! Good-bye, feet!’ (for when she looked down at her '
               'feet, they seemed to be almost out of sight, they were getting so far off). ‘Oh, '
               'my poor little feet, I wonder who will put on your shoes and stockings for you '
               'now, dears? I’m sure _I_ shan’t be able! I shall be a great deal too far off to '
               'trouble myself about you: you must manage the best way you can;—but I must be kind '
               'to them,’ thought Alice, ‘or perhaps they won’t walk the way I want to go! Let me '
               'see: I’ll give them a new pair of boots every Christmas.’'],
 'candide_1': ['CHAPITRE I.',
               "Comment Candide fut élevé dans un beau château, et comment il fut chassé d'icelui.",
               'Il y avait en Vestphalie, dans le château de M. le baron de Thunder-ten-tronckh, '
               'un jeune garçon à qui la nature avait donné les moeurs les plus douces. Sa '
               "physionomie annonçait son âme. Il avait le jugement assez droit, avec l'esprit le "
               "plus simple; c'est, je crois, pour cette raison qu'on le nommait Candide. Les "
               "anciens domestiques de la maison soupçonnaient qu'il était fils de la soeur de "
               "monsieur le baron et d'un bon et honnête gentilhomme du voisinage, que cette "
               "demoiselle ne voulut jamais épouser parce qu'il n'avait pu prouver que soixante et "
               'onze quartiers, et que le reste de son arbre généalogique avait été perdu par '
               "l'injure du temps.",
               'Monsieur le baron était un des plus puissants seigneurs de la Westphalie, car son '
               "château avait une porte et des fenêtres. Sa grande salle même était ornée d'une "
               'tapisserie. Tous les chiens de ses basses-cours composaient une meute dans le '
               'besoin; ses palefreniers étaient ses piqueurs; le vicaire du village était son '
               "grand-aumônier. Ils l'appelaient tous monseigneur, et ils riaient quand il fesait "
               'des contes.',
               "Madame la baronne, qui pesait environ trois cent cinquante livres, s'attirait par "
               'là une très grande considération, et fesait les honneurs de la maison avec une '
               'dignité qui la rendait encore plus respectable. Sa fille Cunégonde, âgée de '
               'dix-sept ans, était haute en couleur, fraîche, grasse, appétissante. Le fils du '
               'baron paraissait en tout digne de son père. Le précepteur Pangloss[1] était '
               "l'oracle de la maison, et le petit Candide écoutait ses leçons avec toute la bonne "
               'foi de son âge et de son caractère.',
               '[1] De _pan_, tout, et _glossa_, langue. B.',
               'Pangloss enseignait la métaphysico-théologo-cosmolonigologie. Il prouvait '
               "admirablement qu'il n'y a point d'effet sans cause, et que, dans ce meilleur des "
               'mondes possibles, le château de monseigneur le baron était le plus beau des '
               'châteaux, et madame la meilleure des baronnes possibles.'],
 'dante_1': ['LA DIVINA COMMEDIA\ndi Dante Alighieri',
             'INFERNO',
             'Inferno • Canto I',
             'Nel mezzo del cammin di nostra vita\n'
             'mi ritrovai per una selva oscura,\n'
             'ché la diritta via era smarrita.',
             'Ahi quanto a dir qual era è cosa dura\n'
             'esta selva selvaggia e aspra e forte\n'
             'che nel pensier rinova la paura!',
             'Tant’ è amara che poco è più morte;\n'
             'ma per trattar del ben ch’i’ vi trovai,\n'
             'dirò de l’altre cose ch’i’ v’ho scorte.',
             'Io non so ben ridir com’ i’ v’intrai,\n'
             'tant’ era pien di sonno a quel punto\n'
             'che la verace via abbandonai.',
             'Ma poi ch’i’ fui al piè d’un colle giunto,\n'
             'là dove terminava quella valle\n'
             'che m’avea di paura il cor compunto,',
             'guardai in alto e vidi le sue spalle\n'
             'vestite già de’ raggi del pianeta\n'
             'che mena dritto altrui per ogne calle.',
             'Allor fu la paura un poco queta,\n'
             'che nel lago del cor m’era durata\n'
             'la notte ch’i’ passai con tanta pieta.',
             'E come quei che con lena affannata,\n'
             'uscito fuor del pelago a la riva,\n'
             'si volge a l’acqua perigliosa e guata,',
             'così l’animo mio, ch’ancor fuggiva,\n'
             'si volse a retro a rimirar lo passo\n'
             'che non lasciò già mai persona viva.',
             'Poi ch’èi posato un poco il corpo lasso,\n'
             'ripresi via per la piaggia diserta,\n'
             'sì che ’l piè fermo sempre era ’l più basso.',
             'Ed ecco, quasi al cominciar de l’erta,\n'
             'una lonza leggera e presta molto,\n'
             'che di pel macolato era coverta;',
             'e non mi si partia dinanzi al volto,\n'
             'anzi ’mpediva tanto il mio cammino,\n'
             'ch’i’ fui per ritornar più volte vòlto.',
             'Temp’ era dal principio del mattino,\n'
             'e ’l sol montava ’n sù con quelle stelle\n'
             'ch’eran con lui quando l’amor divino',
             'mosse di prima quelle cose belle;\n'
             'sì ch’a bene sperar m’era cagione\n'
             'di quella fiera a la gaetta pelle',
             'l’ora del tempo e la dolce stagione;\n'
             'ma non sì che paura non mi desse\n'
             'la vista che m’apparve d’un leone.',
             'Questi parea che contra me venisse\n'
             'con la test’ alta e con rabbiosa fame,\n'
             'sì che parea che l’aere ne tremesse.',
             'Ed una lupa, che di tutte brame\n'
             'sembiava carca ne la sua magrezza,\n'
             'e molte genti fé già viver grame,',
             'questa mi porse tanto di gravezza\n'
             'con la paura ch’uscia di sua vista,\n'
             'ch’io perdei la speranza de l’altezza.'],
 'dante_3': ['Inferno • Canto III',
             '‘Per me si va ne la città dolente,\n'
             'per me si va ne l’etterno dolore,\n'
             'per me si va tra la perduta gente.',
             'Giustizia mosse il mio alto fattore;\n'
             'fecemi la divina podestate,\n'
             'la somma sapïenza e ’l primo amore.',
             'Dinanzi a me non fuor cose create\n'
             'se non etterne, e io etterno duro.\n'
             'Lasciate ogne speranza, voi ch’intrate’.',
             'Queste parole di colore oscuro\n'
             'vid’ ïo scritte al sommo d’una porta;\n'
             'per ch’io: «Maestro, il senso lor m’è duro».',
             'Ed elli a me, come persona accorta:\n'
             '«Qui si convien lasciare ogne sospetto;\n'
             'ogne viltà convien che qui sia morta.',
             'Noi siam venuti al loco ov’ i’ t’ho detto\n'
             'che tu vedrai le genti dolorose\n'
             'c’hanno perduto il ben de l’intelletto».',
             'E poi che la sua mano a la mia puose\n'
             'con lieto volto, ond’ io mi confortai,\n'
             'mi mise dentro a le segrete cose.',
             'Quivi sospiri, pianti e alti guai\n'
             'risonavan per l’aere sanza stelle,\n'
             'per ch’io al cominciar ne lagrimai.',
             'Diverse lingue, orribili favelle,\n'
             'parole di dolore, accenti d’ira,\n'
             'voci alte e fioche, e suon di man con elle',
             'facevano un tumulto, il qual s’aggira\n'
             'sempre in quell’ aura sanza tempo tinta,\n'
             'come la rena quando turbo spira.',
             'E io ch’avea d’error la testa cinta,\n'
             'dissi: «Maestro, che è quel ch’i’ odo?\n'
             'e che gent’ è che par nel duol sì vinta?».',
             'Ed elli a me: «Questo misero modo\n'
             'tegnon l’anime triste di coloro\n'
             'che visser sanza ’nfamia e sanza lodo.'],
 'devil_a': ['A',
             'ABASEMENT, n. A decent and customary mental attitude in the presence of wealth or '
             'power. Peculiarly appropriate in an employee when addressing an employer.',
             'ABATIS, n. Rubbish in front of a fort, to prevent the rubbish outside from molesting '
             'the rubbish inside.',
             'ABDICATION, n. An act whereby a sovereign attests his sense of the high temperature '
             'of the throne.',
             "Poor Isabella's Dead, whose abdication\n"
             'Set all tongues wagging in the Spanish nation.\n'
             "For that performance 'twere unfair to scold her:\n"
             'She wisely left a throne too hot to hold her.\n'
             "To History she'll be no royal riddle—\n"
             'Merely a plain parched pea that jumped the griddle.',
             'G.J.',
             'ABDOMEN, n. The temple of the god Stomach, in whose worship, with sacrificial '
             'rights, all true men engage. From women this ancient faith commands but a stammering '
             'assent. They sometimes minister at the altar in a half-hearted and ineffective way, '
             'but true reverence for the one deity that men really adore they know not. If woman '
             "had a free hand in the world's marketing the race would become graminivorous.",
             'ABILITY, n. The natural equipment to accomplish some small part of the meaner '
             'ambitions distinguishing able men from dead ones. In the last analysis ability is '
             'commonly found to consist mainly in a high degree of solemnity. Perhaps, however, '
             'this impressive quality is rightly appraised; it is no easy task to be solemn.',
             'ABNORMAL, adj. Not conforming to standard. In matters of thought and conduct, to be '
             'independent is to be abnormal, to be abnormal is to be detested. Wherefore the '
             'lexicographer adviseth a striving toward the straiter [sic] resemblance of the '
             'Average Man than he hath to himself. Whoso attaineth thereto shall have peace, the '
             'prospect of death and the hope of Hell.',
             'ABORIGINIES, n. Persons of little worth found cumbering the soil of a newly '
             'discovered country. They soon cease to cumber; they fertilize.',
             'ABRACADABRA.',
             'By _Abracadabra_ we signify\n'
             'An infinite number of things.\n'
             "'Tis the answer to What? and How? and Why?\n"
             'And Whence? and Whither?—a word whereby\n'
             'The Truth (with the comfort it brings)\n'
             'Is open to all who grope in night,\n'
             "Crying for Wisdom's holy light.",
             'Whether the word is a verb or a noun\n'
             'Is knowledge beyond my reach.\n'
             "I only know that 'tis handed down.\n"
             'From sage to sage,\n'
             'From age to age—\n'
             'An immortal part of speech!',
             'Of an ancient man the tale is told\n'
             'That he lived to be ten centuries old,\n'
             'In a cave on a mountain side.\n'
             '(True, he finally died.)\n'
             'The fame of his wisdom filled the land,\n'
             "For his head was bald, and you'll understand\n"
             'His beard was long and white\n'
             'And his eyes uncommonly bright.',
             'Philosophers gathered from far and near\n'
             'To sit at his feet and hear and hear,\n'
             'Though he never was heard\n'
             'To utter a word\n'
             'But "_Abracadabra, abracadab_,\n'
             '_Abracada, abracad_,\n'
             '_Abraca, abrac, abra, ab!_"\n'
             "'Twas all he had,\n"
             "'Twas all they wanted to hear, and each\n"
             'Made copious notes of the mystical speech,\n'
             'Which they published next—\n'
             'A trickle of text\n'
             'In a meadow of commentary.\n'
             'Mighty big books were these,\n'
             'In number, as leaves of trees;\n'
             'In learning, remarkable—very!',
             "He's dead,\n"
             'As I said,\n'
             'And the books of the sages have perished,\n'
             'But his wisdom is sacredly cherished.\n'
             'In _Abracadabra_ it solemnly rings,\n'
             'Like an ancient bell that forever swings.\n'
             'O, I love to hear\n'
             'That word make clear\n'
             "Humanity's General Sense of Things.",
             'Jamrach Holobom',
             'ABRIDGE, v.t. To shorten.',
             'When in the course of human events it becomes necessary for\n'
             'people to abridge their king, a decent respect for the opinions of\n'
             'mankind requires that they should declare the causes which impel\n'
             'them to the separation.',
             'Oliver Cromwell',
             'ABRUPT, adj. Sudden, without ceremony, like the arrival of a cannon- shot and the '
             'departure of the soldier whose interests are most affected by it. Dr. Samuel Johnson '
             'beautifully said of another author\'s ideas that they were "concatenated without '
             'abruption."',
             'ABSCOND, v.i. To "move in a mysterious way," commonly with the property of another.',
             'Spring beckons! All things to the call respond;\n'
             'The trees are leaving and cashiers abscond.',
             'Phela Orm',
             'ABSENT, adj. Peculiarly exposed to the tooth of detraction; vilifed; hopelessly in '
             'the wrong; superseded in the consideration and affection of another.',
             'To men a man is but a mind. Who cares\n'
             'What face he carries or what form he wears?\n'
             "But woman's body is the woman. O,\n"
             'Stay thou, my sweetheart, and do never go,\n'
             'But heed the warning words the sage hath said:\n'
             'A woman absent is a woman dead.',
             'Jogo Tyree'],
 'frank_l1': ['Letter 1',
              '_To Mrs. Saville, England._',
              'St. Petersburgh, Dec. 11th, 17—.',
              'You will rejoice to hear that no disaster has accompanied the commencement of an '
              'enterprise which you have regarded with such evil forebodings. I arrived here '
              'yesterday, and my first task is to assure my dear sister of my welfare and '
              'increasing confidence in the success of my undertaking.',
              'I am already far north of London, and as I walk in the streets of Petersburgh, I '
              'feel a cold northern breeze play upon my cheeks, which braces my nerves and fills '
              'me with delight. Do you understand this feeling? This breeze, which has travelled '
              'from the regions towards which I am advancing, gives me a foretaste of those icy '
              'climes. Inspirited by this wind of promise, my daydreams become more fervent and '
              'vivid. I try in vain to be persuaded that the pole is the seat of frost and '
              'desolation; it ever presents itself to my imagination as the region of beauty and '
              'delight. There, Margaret, the sun is for ever visible, its broad disk just skirting '
              'the horizon and diffusing a perpetual splendour. There—for with your leave, my '
              'sister, I will put some trust in preceding navigators—there snow and frost are '
              'banished; and, sailing over a calm sea, we may be wafted to a land surpassing in '
              'wonders and in beauty every region hitherto discovered on the habitable globe. Its '
              'productions and features may be without example, as the phenomena of the heavenly '
              'bodies undoubtedly are in those undiscovered solitudes. What may not be expected in '
              'a country of eternal light? I may there discover the wondrous power which attracts '
              'the needle and may regulate a thousand celestial observations that require only '
              'this voyage to render their seeming eccentricities consistent for ever. I shall '
              'satiate my ardent curiosity with the sight of a part of the world never before '
              'visited, and may tread a land never before imprinted by the foot of man. These are '
              'my enticements, and they are sufficient to conquer all fear of danger or death and '
              'to induce me to commence this laborious voyage with the joy a child feels when he '
              'embarks in a little boat, with his holiday mates, on an expedition of discovery up '
              'his native river. But supposing all these conjectures to be false, you cannot '
              'contest the inestimable benefit which I shall confer on all mankind, to the last '
              'generation, by discovering a passage near the pole to those countries, to reach '
              'which at present so many months are requisite; or by ascertaining the secret of the '
              'magnet, which, if at all possible, can only be effected by an undertaking such as '
              'mine.'],
 'frank_l2': ['_To Mrs. Saville, England._',
              'Archangel, 28th March, 17—.',
              'How slowly the time passes here, encompassed as I am by frost and snow! Yet a '
              'second step is taken towards my enterprise. I have hired a vessel and am occupied '
              'in collecting my sailors; those whom I have already engaged appear to be men on '
              'whom I can depend and are certainly possessed of dauntless courage.',
              'But I have one want which I have never yet been able to satisfy, and the absence of '
              'the object of which I now feel as a most severe evil, I have no friend, Margaret: '
              'when I am glowing with the enthusiasm of success, there will be none to participate '
              'my joy; if I am assailed by disappointment, no one will endeavour to sustain me in '
              'dejection. I shall commit my thoughts to paper, it is true; but that is a poor '
              'medium for the communication of feeling. I desire the company of a man who could '
              'sympathise with me, whose eyes would reply to mine. You may deem me romantic, my '
              'dear sister, but I bitterly feel the want of a friend. I have no one near me, '
              'gentle yet courageous, possessed of a cultivated as well as of a capacious mind, '
              'whose tastes are like my own, to approve or amend my plans. How would such a friend '
              'repair the faults of your poor brother! I am too ardent in execution and too '
              'impatient of difficulties. But it is a still greater evil to me that I am '
              'self-educated: for the first fourteen years of my life I ran wild on a common and '
              'read nothing but our Uncle Thomas’ books of voyages. At that age I became '
              'acquainted with the celebrated poets of our own country; but it was only when it '
              'had ceased to be in my power to derive its most important benefits from such a '
              'conviction that I perceived the necessity of becoming acquainted with more '
              'languages than that of my native country. Now I am twenty-eight and am in reality '
              'more illiterate than many schoolboys of fifteen. It is true that I have thought '
              'more and that my daydreams are more extended and magnificent, but they want (as the '
              'painters call it) _keeping;_ and I greatly need a friend who would have sense '
              'enough not to despise me as romantic, and affection enough for me to endeavour to '
              'regulate my mind.'],
 'holmes_identity': ['ADVENTURE III. A CASE OF IDENTITY',
                     '"My dear fellow," said Sherlock Holmes as we sat on either side of the fire '
                     'in his lodgings at Baker Street, "life is infinitely stranger than anything '
                     'which the mind of man could invent. We would not dare to conceive the things '
                     'which are really mere commonplaces of existence. If we could fly out of that '
                     'window hand in hand, hover over this great city, gently remove the roofs, '
                     'and peep in at the queer things which are going on, the strange '
                     'coincidences, the plannings, the cross-purposes, the wonderful chains of '
                     'events, working through generations, and leading to the most outré results, '
                     'it would make all fiction with its conventionalities and foreseen '
                     'conclusions most stale and unprofitable."',
                     '"And yet I am not convinced of it," I answered. "The cases which come to '
                     'light in the papers are, as a rule, bald enough, and vulgar enough. We have '
                     'in our police reports realism pushed to its extreme limits, and yet the '
                     'result is, it must be confessed, neither fascinating nor artistic."',
                     '"A certain selection and discretion must be used in producing a realistic '
                     'effect," remarked Holmes. "This is wanting in the police report, where more '
                     'stress is laid, perhaps, upon the platitudes of the magistrate than upon the '
                     'details, which to an observer contain the vital essence of the whole matter. '
                     'Depend upon it, there is nothing so unnatural as the commonplace."',
                     'I smiled and shook my head. "I can quite understand your thinking so," I '
                     'said. "Of course, in your position of unofficial adviser and helper to '
                     'everybody who is absolutely puzzled, throughout three continents, you are '
                     'brought in contact with all that is strange and bizarre. But here"—I picked '
                     'up the morning paper from the ground—"let us put it to a practical test. '
                     "Here is the first heading upon which I come. 'A husband's cruelty to his "
                     "wife.' There is half a column of print, but I know without reading it that "
                     'it is all perfectly familiar to me. There is, of course, the other woman, '
                     'the drink, the push, the blow, the bruise, the sympathetic sister or '
                     'landlady. The crudest of writers could invent nothing more crude."',
                     '"Indeed, your example is an unfortunate one for your argument," said Holmes, '
                     'taking the paper and glancing his eye down it. "This is the Dundas '
                     'separation case, and, as it happens, I was engaged in clearing up some small '
                     'points in connection with it. The husband was a teetotaler, there was no '
                     'other woman, and the conduct complained of was that he had drifted into the '
                     'habit of winding up every meal by taking out his false teeth and hurling '
                     'them at his wife, which, you will allow, is not an action likely to occur to '
                     'the imagination of the average story-teller. Take a pinch of snuff, Doctor, '
                     'and acknowledge that I have scored over you in your example."'],
 'holmes_red': ['I had called upon my friend, Mr. Sherlock Holmes, one day in the autumn of last '
                'year and found him in deep conversation with a very stout, florid-faced, elderly '
                'gentleman with fiery red hair. With an apology for my intrusion, I was about to '
                'withdraw when Holmes pulled me abruptly into the room and closed the door behind '
                'me.',
                '"You could not possibly have come at a better time, my dear Watson," he said '
                'cordially.',
                '"I was afraid that you were engaged."',
                '"So I am. Very much so."',
                '"Then I can wait in the next room."',
                '"Not at all. This gentleman, Mr. Wilson, has been my partner and helper in many '
                'of my most successful cases, and I have no doubt that he will be of the utmost '
                'use to me in yours also."',
                'The stout gentleman half rose from his chair and gave a bob of greeting, with a '
                'quick little questioning glance from his small fat-encircled eyes.',
                '"Try the settee," said Holmes, relapsing into his armchair and putting his '
                'fingertips together, as was his custom when in judicial moods. "I know, my dear '
                'Watson, that you share my love of all that is bizarre and outside the conventions '
                'and humdrum routine of everyday life. You have shown your relish for it by the '
                'enthusiasm which has prompted you to chronicle, and, if you will excuse my saying '
                'so, somewhat to embellish so many of my own little adventures."',
                '"Your cases have indeed been of the greatest interest to me," I observed.',
                '"You will remember that I remarked the other day, just before we went into the '
                'very simple problem presented by Miss Mary Sutherland, that for strange effects '
                'and extraordinary combinations we must go to life itself, which is always far '
                'more daring than any effort of the imagination."',
                '"A proposition which I took the liberty of doubting."',
                '"You did, Doctor, but none the less you must come round to my view, for otherwise '
                'I shall keep on piling fact upon fact on you until your reason breaks down under '
                'them and acknowledges me to be right. Now, Mr. Jabez Wilson here has been good '
                'enough to call upon me this morning, and to begin a narrative which promises to '
                'be one of the most singular which I have listened to for some time. You have '
                'heard me remark that the strangest and most unique things are very often '
                'connected not with the larger but with the smaller crimes, and occasionally, '
                'indeed, where there is room for doubt whether any positive crime has been '
                'committed. As far as I have heard it is impossible for me to say whether the '
                'present case is an instance of crime or not, but the course of events is '
                'certainly among the most singular that I have ever listened to. Perhaps, Mr. '
                'Wilson, you would have the great kindness to recommence your narrative. I ask you '
                'not merely because my friend Dr. Watson has not heard the opening part but also '
                'because the peculiar nature of the story makes me anxious to have every possible '
                'detail from your lips. As a rule, when I have heard some slight indication of the '
                'course of events, I am able to guide myself by the thousands of other similar '
                'cases which occur to my memory. In the present instance I am forced to admit that '
                'the facts are, to the best of my belief, unique."',
                'The portly client puffed out his chest with an appearance of some little pride '
                'and pulled a dirty and wrinkled newspaper from the inside pocket of his '
                'greatcoat. As he glanced down the advertisement column, with his head thrust '
                'forward and the paper flattened out upon his knee, I took a good look at the man '
                'and endeavoured, after the fashion of my companion, to read the indications which '
                'might be presented by his dress or appearance.',
                'I did not gain very much, however, by my inspection. Our visitor bore every mark '
                'of being an average commonplace British tradesman, obese, pompous, and slow. He '
                "wore rather baggy grey shepherd's check trousers, a not over-clean black "
                'frock-coat, unbuttoned in the front, and a drab waistcoat with a heavy brassy '
                'Albert chain, and a square pierced bit of metal dangling down as an ornament. A '
                'frayed top-hat and a faded brown overcoat with a wrinkled velvet collar lay upon '
                'a chair beside him. Altogether, look as I would, there was nothing remarkable '
                'about the man save his blazing red head, and the expression of extreme chagrin '
                'and discontent upon his features.',
                "Sherlock Holmes' quick eye took in my occupation, and he shook his head with a "
                'smile as he noticed my questioning glances. "Beyond the obvious facts that he has '
                'at some time done manual labour, that he takes snuff, that he is a Freemason, '
                'that he has been in China, and that he has done a considerable amount of writing '
                'lately, I can deduce nothing else."',
                'Mr. Jabez Wilson started up in his chair, with his forefinger upon the paper, but '
                'his eyes upon my companion.',
                '"How, in the name of good-fortune, did you know all that, Mr. Holmes?" he asked. '
                '"How did you know, for example, that I did manual labour. It\'s as true as '
                'gospel, for I began as a ship\'s carpenter."',
                '"Your hands, my dear sir. Your right hand is quite a size larger than your left. '
                'You have worked with it, and the muscles are more developed."',
                '"Well, the snuff, then, and the Freemasonry?"',
                '"I won\'t insult your intelligence by telling you how I read that, especially as, '
                'rather against the strict rules of your order, you use an arc-and-compass '
                'breastpin."',
                '"Ah, of course, I forgot that. But the writing?"',
                '"What else can be indicated by that right cuff so very shiny for five inches, and '
                'the left one with the smooth patch near the elbow where you rest it upon the '
                'desk?"'],
 'holmes_scandal': ['To Sherlock Holmes she is always THE woman. I have seldom heard him mention '
                    'her under any other name. In his eyes she eclipses and predominates the whole '
                    'of her sex. It was not that he felt any emotion akin to love for Irene Adler. '
                    'All emotions, and that one particularly, were abhorrent to his cold, precise '
                    'but admirably balanced mind. He was, I take it, the most perfect reasoning '
                    'and observing machine that the world has seen, but as a lover he would have '
                    'placed himself in a false position. He never spoke of the softer passions, '
                    'save with a gibe and a sneer. They were admirable things for the '
                    "observer—excellent for drawing the veil from men's motives and actions. But "
                    'for the trained reasoner to admit such intrusions into his own delicate and '
                    'finely adjusted temperament was to introduce a distracting factor which might '
                    'throw a doubt upon all his mental results. Grit in a sensitive instrument, or '
                    'a crack in one of his own high-power lenses, would not be more disturbing '
                    'than a strong emotion in a nature such as his. And yet there was but one '
                    'woman to him, and that woman was the late Irene Adler, of dubious and '
                    'questionable memory.',
                    'I had seen little of Holmes lately. My marriage had drifted us away from each '
                    'other. My own complete happiness, and the home-centred interests which rise '
                    'up around the man who first finds himself master of his own establishment, '
                    'were sufficient to absorb all my attention, while Holmes, who loathed every '
                    'form of society with his whole Bohemian soul, remained in our lodgings in '
                    'Baker Street, buried among his old books, and alternating from week to week '
                    'between cocaine and ambition, the drowsiness of the drug, and the fierce '
                    'energy of his own keen nature. He was still, as ever, deeply attracted by the '
                    'study of crime, and occupied his immense faculties and extraordinary powers '
                    'of observation in following out those clues, and clearing up those mysteries '
                    'which had been abandoned as hopeless by the official police. From time to '
                    'time I heard some vague account of his doings: of his summons to Odessa in '
                    'the case of the Trepoff murder, of his clearing up of the singular tragedy of '
                    'the Atkinson brothers at Trincomalee, and finally of the mission which he had '
                    'accomplished so delicately and successfully for the reigning family of '
                    'Holland. Beyond these signs of his activity, however, which I merely shared '
                    'with all the readers of the daily press, I knew little of my former friend '
                    'and companion.',
                    'One night—it was on the twentieth of March, 1888—I was returning from a '
                    'journey to a patient (for I had now returned to civil practice), when my way '
                    'led me through Baker Street. As I passed the well-remembered door, which must '
                    'always be associated in my mind with my wooing, and with the dark incidents '
                    'of the Study in Scarlet, I was seized with a keen desire to see Holmes again, '
                    'and to know how he was employing his extraordinary powers. His rooms were '
                    'brilliantly lit, and, even as I looked up, I saw his tall, spare figure pass '
                    'twice in a dark silhouette against the blind. He was pacing the room swiftly, '
                    'eagerly, with his head sunk upon his chest and his hands clasped behind him. '
                    'To me, who knew his every mood and habit, his attitude and manner told their '
                    'own story. He was at work again. He had risen out of his drug-created dreams '
                    'and was hot upon the scent of some new problem. I rang the bell and was shown '
                    'up to the chamber which had formerly been in part my own.',
                    'His manner was not effusive. It seldom was; but he was glad, I think, to see '
                    'me. With hardly a word spoken, but with a kindly eye, he waved me to an '
                    'armchair, threw across his case of cigars, and indicated a spirit case and a '
                    'gasogene in the corner. Then he stood before the fire and looked me over in '
                    'his singular introspective fashion.'],
 'kafka_1': ['I.',
             'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in '
             'seinem Bett zu einem ungeheueren Ungeziefer verwandelt. Er lag auf seinem '
             'panzerartig harten Rücken und sah, wenn er den Kopf ein wenig hob, seinen gewölbten, '
             'braunen, von bogenförmigen Versteifungen geteilten Bauch, auf dessen Höhe sich die '
             'Bettdecke, zum gänzlichen Niedergleiten bereit, kaum noch erhalten konnte. Seine '
             'vielen, im Vergleich zu seinem sonstigen Umfang kläglich dünnen Beine flimmerten ihm '
             'hilflos vor den Augen.',
             '»Was ist mit mir geschehen?« dachte er. Es war kein Traum. Sein Zimmer, ein '
             'richtiges, nur etwas zu kleines Menschenzimmer, lag ruhig zwischen den vier '
             'wohlbekannten Wänden. Über dem Tisch, auf dem eine auseinandergepackte '
             'Musterkollektion von Tuchwaren ausgebreitet war — Samsa war Reisender —, hing das '
             'Bild, das er vor kurzem aus einer illustrierten Zeitschrift ausgeschnitten und in '
             'einem hübschen, vergoldeten Rahmen untergebracht hatte. Es stellte eine Dame dar, '
             'die, mit einem Pelzhut und einer Pelzboa versehen, aufrecht dasaß und einen schweren '
             'Pelzmuff, in dem ihr ganzer Unterarm verschwunden war, dem Beschauer entgegenhob.',
             'Gregors Blick richtete sich dann zum Fenster, und das trübe Wetter — man hörte '
             'Regentropfen auf das Fensterblech aufschlagen — machte ihn ganz melancholisch. »Wie '
             'wäre es, wenn ich noch ein wenig weiterschliefe und alle Narrheiten vergäße,« dachte '
             'er, aber das war gänzlich undurchführbar, denn er war gewöhnt, auf der rechten Seite '
             'zu schlafen, konnte sich aber in seinem gegenwärtigen Zustand nicht in diese Lage '
             'bringen. Mit welcher Kraft er sich auch auf die rechte Seite warf, immer wieder '
             'schaukelte er in die Rückenlage zurück. Er versuchte es wohl hundertmal, schloß die '
             'Augen, um die zappelnden Beine nicht sehen zu müssen, und ließ erst ab, als er in '
             'der Seite einen noch nie gefühlten, leichten, dumpfen Schmerz zu fühlen begann.',
             '»Ach Gott,« dachte er, »was für einen anstrengenden Beruf habe ich gewählt! Tag aus, '
             'Tag ein auf der Reise. Die geschäftlichen Aufregungen sind viel größer, als im '
             'eigentlichen Geschäft zu Hause, und außerdem ist mir noch diese Plage des Reisens '
             'auferlegt, die Sorgen um die Zuganschlüsse, das unregelmäßige, schlechte Essen, ein '
             'immer wechselnder, nie andauernder, nie herzlich werdender menschlicher Verkehr. Der '
             'Teufel soll das alles holen!« Er fühlte ein leichtes Jucken oben auf dem Bauch; '
             'schob sich auf dem Rücken langsam näher zum Bettpfosten, um den Kopf besser heben zu '
             'können; fand die juckende Stelle, die mit lauter kleinen weißen Pünktchen besetzt '
             'war, die er nicht zu beurteilen verstand; und wollte mit einem Bein die Stelle '
             'betasten, zog es aber gleich zurück, denn bei der Berührung umwehten ihn '
             'Kälteschauer.'],
 'kafka_2': ['II.',
             'Erst in der Abenddämmerung erwachte Gregor aus seinem schweren ohnmachtähnlichen '
             'Schlaf. Er wäre gewiß nicht viel später auch ohne Störung erwacht, denn er fühlte '
             'sich genügend ausgeruht und ausgeschlafen, doch schien es ihm, als hätte ihn ein '
             'flüchtiger Schritt und ein vorsichtiges Schließen der zum Vorzimmer führenden Tür '
             'geweckt. Der Schein der elektrischen Straßenbahn lag bleich hier und da auf der '
             'Zimmerdecke und auf den höheren Teilen der Möbel, aber unten bei Gregor war es '
             'finster. Langsam schob er sich, noch ungeschickt mit seinen Fühlern tastend, die er '
             'jetzt erst schätzen lernte, zur Türe hin, um nachzusehen, was dort geschehen war. '
             'Seine linke Seite schien eine einzige lange, unangenehm spannende Narbe, und er '
             'mußte auf seinen zwei Beinreihen regelrecht hinken. Ein Beinchen war übrigens im '
             'Laufe der vormittägigen Vorfälle schwer verletzt worden — es war fast ein Wunder, '
             'daß nur eines verletzt worden war — und schleppte leblos nach.',
             'Erst bei der Tür merkte er, was ihn dorthin eigentlich gelockt hatte; es war der '
             'Geruch von etwas Eßbarem gewesen. Denn dort stand ein Napf mit süßer Milch gefüllt, '
             'in der kleine Schnitte von Weißbrot schwammen. Fast hätte er vor Freude gelacht, '
             'denn er hatte noch größeren Hunger als am Morgen, und gleich tauchte er seinen Kopf '
             'fast bis über die Augen in die Milch hinein. Aber bald zog er ihn enttäuscht wieder '
             'zurück; nicht nur, daß ihm das Essen wegen seiner heiklen linken Seite '
             'Schwierigkeiten machte — und er konnte nur essen, wenn der ganze Körper schnaufend '
             'mitarbeitete —, so schmeckte ihm überdies die Milch, die sonst sein Lieblingsgetränk '
             'war und die ihm gewiß die Schwester deshalb hereingestellt hatte, gar nicht, ja er '
             'wandte sich fast mit Widerwillen von dem Napf ab und kroch in die Zimmermitte '
             'zurück.'],
 'moby_cetology': ['CHAPTER 32. Cetology.',
                   'Already we are boldly launched upon the deep; but soon we shall be lost in its '
                   'unshored, harbourless immensities. Ere that come to pass; ere the Pequod’s '
                   'weedy hull rolls side by side with the barnacled hulls of the leviathan; at '
                   'the outset it is but well to attend to a matter almost indispensable to a '
                   'thorough appreciative understanding of the more special leviathanic '
                   'revelations and allusions of all sorts which are to follow.'],
 'moby_ch1': ['CHAPTER 1. Loomings.',
              'Call me Ishmael. Some years ago—never mind how long precisely—having little or no '
              'money in my purse, and nothing particular to interest me on shore, I thought I '
              'would sail about a little and see the watery part of the world. It is a way I have '
              'of driving off the spleen and regulating the circulation. Whenever I find myself '
              'growing grim about the mouth; whenever it is a damp, drizzly November in my soul; '
              'whenever I find myself involuntarily pausing before coffin warehouses, and bringing '
              'up the rear of every funeral I meet; and especially whenever my hypos get such an '
              'upper hand of me, that it requires a strong moral principle to prevent me from '
              'deliberately stepping into the street, and methodically knocking people’s hats '
              'off—then, I account it high time to get to sea as soon as I can. This is my '
              'substitute for pistol and ball. With a philosophical flourish Cato throws himself '
              'upon his sword; I quietly take to the ship. There is nothing surprising in this. If '
              'they but knew it, almost all men in their degree, some time or other, cherish very '
              'nearly the same feelings towards the ocean with me.',
              'There now is your insular city of the Manhattoes, belted round by wharves as Indian '
              'isles by coral reefs—commerce surrounds it with her surf. Right and left, the '
              'streets take you waterward. Its extreme downtown is the battery, where that noble '
              'mole is washed by waves, and cooled by breezes, which a few hours previous were out '
              'of sight of land. Look at the crowds of water-gazers there.',
              'Circumambulate the city of a dreamy Sabbath afternoon. Go from Corlears Hook to '
              'Coenties Slip, and from thence, by Whitehall, northward. What do you see?—Posted '
              'like silent sentinels all around the town, stand thousands upon thousands of mortal '
              'men fixed in ocean reveries. Some leaning against the spiles; some seated upon the '
              'pier-heads; some looking over the bulwarks of ships from China; some high aloft in '
              'the rigging, as if striving to get a still better seaward peep. But these are all '
              'landsmen; of week days pent up in lath and plaster—tied to counters, nailed to '
              'benches, clinched to desks. How then is this? Are the green fields gone? What do '
              'they here?',
              'But look! here come more crowds, pacing straight for the water, and seemingly bound '
              'for a dive. Strange! Nothing will content them but the extremest limit of the land; '
              'loitering under the shady lee of yonder warehouses will not suffice. No. They must '
              'get just as nigh the water as they possibly can without falling in. And there they '
              'stand—miles of them—leagues. Inlanders all, they come from lanes and alleys, '
              'streets and avenues—north, east, south, and west. Yet here they all unite. Tell me, '
              'does the magnetic virtue of the needles of the compasses of all those ships attract '
              'them thither?',
              'Once more. Say you are in the country; in some high land of lakes. Take almost any '
              'path you please, and ten to one it carries you down in a dale, and leaves you there '
              'by a pool in the stream. There is magic in it. Let the most absent-minded of men be '
              'plunged in his deepest reveries—stand that man on his legs, set his feet a-going, '
              'and he will infallibly lead you to water, if water there be in all that region. '
              'Should you ever be athirst in the great American desert, try this experiment, if '
              'your caravan happen to be supplied with a metaphysical professor. Yes, as every one '
              'knows, meditation and water are wedded for ever.'],
 'moby_extracts': ['EXTRACTS.',
                   '“Now the Lord had prepared a great fish to swallow up Jonah.” —_Jonah_.',
                   '“There go the ships; there is that Leviathan whom thou hast made to play '
                   'therein.” —_Psalms_.',
                   '“In that day, the Lord with his sore, and great, and strong sword, shall '
                   'punish Leviathan the piercing serpent, even Leviathan that crooked serpent; '
                   'and he shall slay the dragon that is in the sea.” —_Isaiah_.',
                   '“And what thing soever besides cometh within the chaos of this monster’s '
                   'mouth, be it beast, boat, or stone, down it goes all incontinently that foul '
                   'great swallow of his, and perisheth in the bottomless gulf of his paunch.” '
                   '—_Holland’s Plutarch’s Morals_.',
                   '“The Indian Sea breedeth the most and the biggest fishes that are: among which '
                   'the Whales and Whirlpooles called Balaene, take up as much in length as four '
                   'acres or arpens of land.” —_Holland’s Pliny_.',
                   '“Scarcely had we proceeded two days on the sea, when about sunrise a great '
                   'many Whales and other monsters of the sea, appeared. Among the former, one was '
                   'of a most monstrous size.... This came towards us, open-mouthed, raising the '
                   'waves on all sides, and beating the sea before him into a foam.” —_Tooke’s '
                   'Lucian_. “_The True History_.”',
                   '“He visited this country also with a view of catching horse-whales, which had '
                   'bones of very great value for their teeth, of which he brought some to the '
                   'king.... The best whales were catched in his own country, of which some were '
                   'forty-eight, some fifty yards long. He said that he was one of six who had '
                   'killed sixty in two days.” —_Other or Other’s verbal narrative taken down from '
                   'his mouth by King Alfred, A.D._ 890.',
                   '“And whereas all the other things, whether beast or vessel, that enter into '
                   'the dreadful gulf of this monster’s (whale’s) mouth, are immediately lost and '
                   'swallowed up, the sea-gudgeon retires into it in great security, and there '
                   'sleeps.” —MONTAIGNE. —_Apology for Raimond Sebond_.',
                   '“Let us fly, let us fly! Old Nick take me if is not Leviathan described by the '
                   'noble prophet Moses in the life of patient Job.” —_Rabelais_.',
                   '“The great Leviathan that maketh the seas to seethe like boiling pan.” —_Lord '
                   'Bacon’s Version of the Psalms_.',
                   '“Touching that monstrous bulk of the whale or ork we have received nothing '
                   'certain. They grow exceeding fat, insomuch that an incredible quantity of oil '
                   'will be extracted out of one whale.” —_Ibid_. “_History of Life and Death_.”',
                   '“The sovereignest thing on earth is parmacetti for an inward bruise.” —_King '
                   'Henry_.',
                   '“Which to secure, no skill of leach’s art Mote him availle, but to returne '
                   'againe To his wound’s worker, that with lowly dart, Dinting his breast, had '
                   'bred his restless paine, Like as the wounded whale to shore flies thro’ the '
                   'maine.” —_The Faerie Queen_.',
                   '“Immense as whales, the motion of whose vast bodies can in a peaceful calm '
                   'trouble the ocean till it boil.” —_Sir William Davenant. Preface to '
                   'Gondibert_.',
                   '“What spermacetti is, men might justly doubt, since the learned Hosmannus in '
                   'his work of thirty years, saith plainly, _Nescio quid sit_.” —_Sir T. Browne. '
                   'Of Sperma Ceti and the Sperma Ceti Whale. Vide his V. E._',
                   '“Like Spencer’s Talus with his modern flail He threatens ruin with his '
                   'ponderous tail. ... Their fixed jav’lins in his side he wears, And on his back '
                   'a grove of pikes appears.” —_Waller’s Battle of the Summer Islands_.',
                   '“By art is created that great Leviathan, called a Commonwealth or State—(in '
                   'Latin, Civitas) which is but an artificial man.” —_Opening sentence of '
                   'Hobbes’s Leviathan_.',
                   '“Silly Mansoul swallowed it without chewing, as if it had been a sprat in the '
                   'mouth of a whale.” —_Pilgrim’s Progress_.',
                   '“That sea beast Leviathan, which God of all his works Created hugest that swim '
                   'the ocean stream.” —_Paradise Lost_.',
                   '—“There Leviathan, Hugest of living creatures, in the deep Stretched like a '
                   'promontory sleeps or swims, And seems a moving land; and at his gills Draws '
                   'in, and at his breath spouts out a sea.” —_Ibid_.',
                   '“So close behind some promontory lie The huge Leviathan to attend their prey, '
                   'And give no chance, but swallow in the fry, Which through their gaping jaws '
                   'mistake the way.” —_Dryden’s Annus Mirabilis_.',
                   '“While the whale is floating at the stern of the ship, they cut off his head, '
                   'and tow it with a boat as near the shore as it will come; but it will be '
                   'aground in twelve or thirteen feet water.” —_Thomas Edge’s Ten Voyages to '
                   'Spitzbergen, in Purchas_.',
                   '“In their way they saw many whales sporting in the ocean, and in wantonness '
                   'fuzzing up the water through their pipes and vents, which nature has placed on '
                   'their shoulders.” —_Sir T. Herbert’s Voyages into Asia and Africa. Harris '
                   'Coll_.',
                   '“Here they saw such huge troops of whales, that they were forced to proceed '
                   'with a great deal of caution for fear they should run their ship upon them.” '
                   '—_Schouten’s Sixth Circumnavigation_.',
                   '“We set sail from the Elbe, wind N.E. in the ship called The '
                   'Jonas-in-the-Whale.... Some say the whale can’t open his mouth, but that is a '
                   'fable.... They frequently climb up the masts to see whether they can see a '
                   'whale, for the first discoverer has a ducat for his pains.... I was told of a '
                   'whale taken near Shetland, that had above a barrel of herrings in his '
                   'belly.... One of our harpooneers told me that he caught once a whale in '
                   'Spitzbergen that was white all over.” —_A Voyage to Greenland, A.D._ 1671. '
                   '_Harris Coll_.',
                   '“Several whales have come in upon this coast (Fife) Anno 1652, one eighty feet '
                   'in length of the whale-bone kind came in, which (as I was informed), besides a '
                   'vast quantity of oil, did afford 500 weight of baleen. The jaws of it stand '
                   'for a gate in the garden of Pitferren.” —_Sibbald’s Fife and Kinross_.',
                   '“Myself have agreed to try whether I can master and kill this Sperma-ceti '
                   'whale, for I could never hear of any of that sort that was killed by any man, '
                   'such is his fierceness and swiftness.” —_Richard Strafford’s Letter from the '
                   'Bermudas. Phil. Trans. A.D._ 1668.',
                   '“We saw also abundance of large whales, there being more in those southern '
                   'seas, as I may say, by a hundred to one; than we have to the northward of us.” '
                   '—_Captain Cowley’s Voyage round the Globe, A.D._ 1729.',
                   '“... and the breath of the whale is frequently attended with such an '
                   'insupportable smell, as to bring on a disorder of the brain.” —_Ulloa’s South '
                   'America_.',
                   '“To fifty chosen sylphs of special note, We trust the important charge, the '
                   'petticoat. Oft have we known that seven-fold fence to fail, Tho’ stuffed with '
                   'hoops and armed with ribs of whale.” —_Rape of the Lock_.'],
 'moby_quotes': ['“And God created great whales.” —_Genesis_.',
                 '“Leviathan maketh a path to shine after him; One would think the deep to be '
                 'hoary.” —_Job_.',
                 '“This whale’s liver was two cartloads.” —_Stowe’s Annals_.',
                 '“Very like a whale.” —_Hamlet_.',
                 '“The mighty whales which swim in a sea of water, and have a sea of oil swimming '
                 'in them.” —_Fuller’s Profane and Holy State_.',
                 '“Whales in the sea God’s voice obey.” —_N. E. Primer_.'],
 'pp_ch1': ['Chapter 1',
            'It is a truth universally acknowledged, that a single man in possession of a good '
            'fortune, must be in want of a wife.',
            'However little known the feelings or views of such a man may be on his first entering '
            'a neighbourhood, this truth is so well fixed in the minds of the surrounding '
            'families, that he is considered the rightful property of some one or other of their '
            'daughters.',
            '“My dear Mr. Bennet,” said his lady to him one day, “have you heard that Netherfield '
            'Park is let at last?”',
            'Mr. Bennet replied that he had not.',
            '“But it is,” returned she; “for Mrs. Long has just been here, and she told me all '
            'about it.”',
            'Mr. Bennet made no answer.',
            '“Do you not want to know who has taken it?” cried his wife impatiently.',
            '“_You_ want to tell me, and I have no objection to hearing it.”',
            'This was invitation enough.',
            '“Why, my dear, you must know, Mrs. Long says that Netherfield is taken by a young man '
            'of large fortune from the north of England; that he came down on Monday in a chaise '
            'and four to see the place, and was so much delighted with it, that he agreed with Mr. '
            'Morris immediately; that he is to take possession before Michaelmas, and some of his '
            'servants are to be in the house by the end of next week.”',
            '“What is his name?”',
            '“Bingley.”',
            '“Is he married or single?”',
            '“Oh! Single, my dear, to be sure! A single man of large fortune; four or five '
            'thousand a year. What a fine thing for our girls!”',
            '“How so? How can it affect them?”',
            '“My dear Mr. Bennet,” replied his wife, “how can you be so tiresome! You must know '
            'that I am thinking of his marrying one of them.”',
            '“Is that his design in settling here?”',
            '“Design! Nonsense, how can you talk so! But it is very likely that he _may_ fall in '
            'love with one of them, and therefore you must visit him as soon as he comes.”',
            '“I see no occasion for that. You and the girls may go, or you may send them by '
            'themselves, which perhaps will be still better, for as you are as handsome as any of '
            'them, Mr. Bingley may like you the best of the party.”'],
 'pp_ch2': ['Chapter 2',
            'Mr. Bennet was among the earliest of those who waited on Mr. Bingley. He had always '
            'intended to visit him, though to the last always assuring his wife that he should not '
            'go; and till the evening after the visit was paid she had no knowledge of it. It was '
            'then disclosed in the following manner. Observing his second daughter employed in '
            'trimming a hat, he suddenly addressed her with:',
            '“I hope Mr. Bingley will like it, Lizzy.”',
            '“We are not in a way to know _what_ Mr. Bingley likes,” said her mother resentfully, '
            '“since we are not to visit.”',
            '“But you forget, mamma,” said Elizabeth, “that we shall meet him at the assemblies, '
            'and that Mrs. Long promised to introduce him.”',
            '“I do not believe Mrs. Long will do any such thing. She has two nieces of her own. '
            'She is a selfish, hypocritical woman, and I have no opinion of her.”',
            '“No more have I,” said Mr. Bennet; “and I am glad to find that you do not depend on '
            'her serving you.”',
            'Mrs. Bennet deigned not to make any reply, but, unable to contain herself, began '
            'scolding one of her daughters.',
            "“Don't keep coughing so, Kitty, for Heaven's sake! Have a little compassion on my "
            'nerves. You tear them to pieces.”',
            '“Kitty has no discretion in her coughs,” said her father; “she times them ill.”',
            '“I do not cough for my own amusement,” replied Kitty fretfully. “When is your next '
            'ball to be, Lizzy?”',
            '“To-morrow fortnight.”',
            '“Aye, so it is,” cried her mother, “and Mrs. Long does not come back till the day '
            'before; so it will be impossible for her to introduce him, for she will not know him '
            'herself.”',
            '“Then, my dear, you may have the advantage of your friend, and introduce Mr. Bingley '
            'to _her_.”',
            '“Impossible, Mr. Bennet, impossible, when I am not acquainted with him myself; how '
            'can you be so teasing?”',
            "“I honour your circumspection. A fortnight's acquaintance is certainly very little. "
            'One cannot know what a man really is by the end of a fortnight. But if _we_ do not '
            'venture somebody else will; and after all, Mrs. Long and her neices must stand their '
            'chance; and, therefore, as she will think it an act of kindness, if you decline the '
            'office, I will take it on myself.”',
            'The girls stared at their father. Mrs. Bennet said only, “Nonsense, nonsense!”',
            '“What can be the meaning of that emphatic exclamation?” cried he. “Do you consider '
            'the forms of introduction, and the stress that is laid on them, as nonsense? I cannot '
            'quite agree with you _there_. What say you, Mary? For you are a young lady of deep '
            'reflection, I know, and read great books and make extracts.”',
            'Mary wished to say something sensible, but knew not how.',
            '“While Mary is adjusting her ideas,” he continued, “let us return to Mr. Bingley.”',
            '“I am sick of Mr. Bingley,” cried his wife.',
            '“I am sorry to hear _that_; but why did not you tell me that before? If I had known '
            'as much this morning I certainly would not have called on him. It is very unlucky; '
            'but as I have actually paid the visit, we cannot escape the acquaintance now.”',
            'The astonishment of the ladies was just what he wished; that of Mrs. Bennet perhaps '
            'surpassing the rest; though, when the first tumult of joy was over, she began to '
            'declare that it was what she had expected all the while.',
            '“How good it was in you, my dear Mr. Bennet! But I knew I should persuade you at '
            'last. I was sure you loved your girls too well to neglect such an acquaintance. Well, '
            'how pleased I am! and it is such a good joke, too, that you should have gone this '
            'morning and never said a word about it till now.”',
            '“Now, Kitty, you may cough as much as you choose,” said Mr. Bennet; and, as he spoke, '
            'he left the room, fatigued with the raptures of his wife.',
            '“What an excellent father you have, girls!” said she, when the door was shut. “I do '
            'not know how you will ever make him amends for his kindness; or me, either, for that '
            'matter. At our time of life it is not so pleasant, I can tell you, to be making new '
            'acquaintances every day; but for your sakes, we would do anything. Lydia, my love, '
            'though you _are_ the youngest, I dare say Mr. Bingley will dance with you at the next '
            'ball.”',
            "“Oh!” said Lydia stoutly, “I am not afraid; for though I _am_ the youngest, I'm the "
            'tallest.”',
            'The rest of the evening was spent in conjecturing how soon he would return Mr. '
            "Bennet's visit, and determining when they should ask him to dinner.",
            'Chapter 3',
            'Not all that Mrs. Bennet, however, with the assistance of her five daughters, could '
            'ask on the subject, was sufficient to draw from her husband any satisfactory '
            'description of Mr. Bingley. They attacked him in various ways—with barefaced '
            'questions, ingenious suppositions, and distant surmises; but he eluded the skill of '
            'them all, and they were at last obliged to accept the second-hand intelligence of '
            'their neighbour, Lady Lucas. Her report was highly favourable. Sir William had been '
            'delighted with him. He was quite young, wonderfully handsome, extremely agreeable, '
            'and, to crown the whole, he meant to be at the next assembly with a large party. '
            'Nothing could be more delightful! To be fond of dancing was a certain step towards '
            "falling in love; and very lively hopes of Mr. Bingley's heart were entertained.",
            '“If I can but see one of my daughters happily settled at Netherfield,” said Mrs. '
            'Bennet to her husband, “and all the others equally well married, I shall have nothing '
            'to wish for.”',
            "In a few days Mr. Bingley returned Mr. Bennet's visit, and sat about ten minutes with "
            'him in his library. He had entertained hopes of being admitted to a sight of the '
            'young ladies, of whose beauty he had heard much; but he saw only the father. The '
            'ladies were somewhat more fortunate, for they had the advantage of ascertaining from '
            'an upper window that he wore a blue coat, and rode a black horse.',
            'An invitation to dinner was soon afterwards dispatched; and already had Mrs. Bennet '
            'planned the courses that were to do credit to her housekeeping, when an answer '
            'arrived which deferred it all. Mr. Bingley was obliged to be in town the following '
            'day, and, consequently, unable to accept the honour of their invitation, etc. Mrs. '
            'Bennet was quite disconcerted. She could not imagine what business he could have in '
            'town so soon after his arrival in Hertfordshire; and she began to fear that he might '
            'be always flying about from one place to another, and never settled at Netherfield as '
            'he ought to be. Lady Lucas quieted her fears a little by starting the idea of his '
            'being gone to London only to get a large party for the ball; and a report soon '
            'followed that Mr. Bingley was to bring twelve ladies and seven gentlemen with him to '
            'the assembly. The girls grieved over such a number of ladies, but were comforted the '
            'day before the ball by hearing, that instead of twelve he brought only six with him '
            'from London—his five sisters and a cousin. And when the party entered the assembly '
            'room it consisted of only five altogether—Mr. Bingley, his two sisters, the husband '
            'of the eldest, and another young man.',
            'Mr. Bingley was good-looking and gentlemanlike; he had a pleasant countenance, and '
            'easy, unaffected manners. His sisters were fine women, with an air of decided '
            'fashion. His brother-in-law, Mr. Hurst, merely looked the gentleman; but his friend '
            'Mr. Darcy soon drew the attention of the room by his fine, tall person, handsome '
            'features, noble mien, and the report which was in general circulation within five '
            'minutes after his entrance, of his having ten thousand a year. The gentlemen '
            'pronounced him to be a fine figure of a man, the ladies declared he was much '
            'handsomer than Mr. Bingley, and he was looked at with great admiration for about half '
            'the evening, till his manners gave a disgust which turned the tide of his popularity; '
            'for he was discovered to be proud; to be above his company, and above being pleased; '
            'and not all his large estate in Derbyshire could then save him from having a most '
            'forbidding, disagreeable countenance, and being unworthy to be compared with his '
            'friend.'],
 'quijote_1': ['Primera parte del ingenioso hidalgo don Quijote de la Mancha',
               'Capítulo primero. Que trata de la condición y ejercicio del famoso hidalgo don '
               'Quijote de la Mancha',
               'En un lugar de la Mancha, de cuyo nombre no quiero acordarme, no ha mucho tiempo '
               'que vivía un hidalgo de los de lanza en astillero, adarga antigua, rocín flaco y '
               'galgo corredor. Una olla de algo más vaca que carnero, salpicón las más noches, '
               'duelos y quebrantos los sábados, lantejas los viernes, algún palomino de añadidura '
               'los domingos, consumían las tres partes de su hacienda. El resto della concluían '
               'sayo de velarte, calzas de velludo para las fiestas, con sus pantuflos de lo '
               'mesmo, y los días de entresemana se honraba con su vellorí de lo más fino. Tenía '
               'en su casa una ama que pasaba de los cuarenta, y una sobrina que no llegaba a los '
               'veinte, y un mozo de campo y plaza, que así ensillaba el rocín como tomaba la '
               'podadera. Frisaba la edad de nuestro hidalgo con los cincuenta años; era de '
               'complexión recia, seco de carnes, enjuto de rostro, gran madrugador y amigo de la '
               'caza. Quieren decir que tenía el sobrenombre de Quijada, o Quesada, que en esto '
               'hay alguna diferencia en los autores que deste caso escriben; aunque, por '
               'conjeturas verosímiles, se deja entender que se llamaba Quejana. Pero esto importa '
               'poco a nuestro cuento; basta que en la narración dél no se salga un punto de la '
               'verdad.',
               'Es, pues, de saber que este sobredicho hidalgo, los ratos que estaba ocioso, que '
               'eran los más del año, se daba a leer libros de caballerías, con tanta afición y '
               'gusto, que olvidó casi de todo punto el ejercicio de la caza, y aun la '
               'administración de su hacienda. Y llegó a tanto su curiosidad y desatino en esto, '
               'que vendió muchas hanegas de tierra de sembradura para comprar libros de '
               'caballerías en que leer, y así, llevó a su casa todos cuantos pudo haber dellos; y '
               'de todos, ningunos le parecían tan bien como los que compuso el famoso Feliciano '
               'de Silva, porque la claridad de su prosa y aquellas entricadas razones suyas le '
               'parecían de perlas, y más cuando llegaba a leer aquellos requiebros y cartas de '
               'desafíos, donde en muchas partes hallaba escrito: La razón de la sinrazón que a mi '
               'razón se hace, de tal manera mi razón enflaquece, que con razón me quejo de la '
               'vuestra fermosura. Y también cuando leía: ...los altos cielos que de vuestra '
               'divinidad divinamente con las estrellas os fortifican, y os hacen merecedora del '
               'merecimiento que merece la vuestra grandeza.',
               'Con estas razones perdía el pobre caballero el juicio, y desvelábase por '
               'entenderlas y desentrañarles el sentido, que no se lo sacara ni las entendiera el '
               'mesmo Aristóteles, si resucitara para sólo ello. No estaba muy bien con las '
               'heridas que don Belianís daba y recebía, porque se imaginaba que, por grandes '
               'maestros que le hubiesen curado, no dejaría de tener el rostro y todo el cuerpo '
               'lleno de cicatrices y señales. Pero, con todo, alababa en su autor aquel acabar su '
               'libro con la promesa de aquella inacabable aventura, y muchas veces le vino deseo '
               'de tomar la pluma y dalle fin al pie de la letra, como allí se promete; y sin duda '
               'alguna lo hiciera, y aun saliera con ello, si otros mayores y continuos '
               'pensamientos no se lo estorbaran. Tuvo muchas veces competencia con el cura de su '
               'lugar -que era hombre docto, graduado en Sigüenza-, sobre cuál había sido mejor '
               'caballero: Palmerín de Ingalaterra o Amadís de Gaula; mas maese Nicolás, barbero '
               'del mesmo pueblo, decía que ninguno llegaba al Caballero del Febo, y que si alguno '
               'se le podía comparar, era don Galaor, hermano de Amadís de Gaula, porque tenía muy '
               'acomodada condición para todo; que no era caballero melindroso, ni tan llorón como '
               'su hermano, y que en lo de la valentía no le iba en zaga.'],
 'quijote_8': ['En esto, descubrieron treinta o cuarenta molinos de viento que hay en aquel campo; '
               'y, así como don Quijote los vio, dijo a su escudero:',
               '-La ventura va guiando nuestras cosas mejor de lo que acertáramos a desear, porque '
               'ves allí, amigo Sancho Panza, donde se descubren treinta, o pocos más, desaforados '
               'gigantes, con quien pienso hacer batalla y quitarles a todos las vidas, con cuyos '
               'despojos comenzaremos a enriquecer; que ésta es buena guerra, y es gran servicio '
               'de Dios quitar tan mala simiente de sobre la faz de la tierra.',
               '-¿Qué gigantes? -dijo Sancho Panza.',
               '-Aquellos que allí ves -respondió su amo- de los brazos largos, que los suelen '
               'tener algunos de casi dos leguas.',
               '-Mire vuestra merced -respondió Sancho- que aquellos que allí se parecen no son '
               'gigantes, sino molinos de viento, y lo que en ellos parecen brazos son las aspas, '
               'que, volteadas del viento, hacen andar la piedra del molino.',
               '-Bien parece -respondió don Quijote- que no estás cursado en esto de las '
               'aventuras: ellos son gigantes; y si tienes miedo, quítate de ahí, y ponte en '
               'oración en el espacio que yo voy a entrar con ellos en fiera y desigual batalla.',
               'Y, diciendo esto, dio de espuelas a su caballo Rocinante, sin atender a las voces '
               'que su escudero Sancho le daba, advirtiéndole que, sin duda alguna, eran molinos '
               'de viento, y no gigantes, aquellos que iba a acometer. Pero él iba tan puesto en '
               'que eran gigantes, que ni oía las voces de su escudero Sancho ni echaba de ver, '
               'aunque estaba ya bien cerca, lo que eran; antes, iba diciendo en voces altas:',
               '-Non fuyades, cobardes y viles criaturas, que un solo caballero es el que os '
               'acomete.',
               'Levantóse en esto un poco de viento y las grandes aspas comenzaron a moverse, lo '
               'cual visto por don Quijote, dijo:',
               '-Pues, aunque mováis más brazos que los del gigante Briareo, me lo habéis de '
               'pagar.'],
 'sense_1': ['OF THE ORIGIN AND DESIGN OF GOVERNMENT IN GENERAL, WITH CONCISE REMARKS ON THE '
             'ENGLISH CONSTITUTION.',
             'Some writers have so confounded society with government, as to leave little or no '
             'distinction between them; whereas they are not only different, but have different '
             'origins. Society is produced by our wants, and government by our wickedness; the '
             'former promotes our happiness positively by uniting our affections, the latter '
             'negatively by restraining our vices. The one encourages intercourse, the other '
             'creates distinctions. The first a patron, the last a punisher.',
             'Society in every state is a blessing, but government even in its best state is but a '
             'necessary evil; in its worst state an intolerable one; for when we suffer, or are '
             'exposed to the same miseries by a government, which we might expect in a country '
             'without government, our calamity is heightened by reflecting that we furnish the '
             'means by which we suffer. Government, like dress, is the badge of lost innocence; '
             'the palaces of kings are built on the ruins of the bowers of paradise. For were the '
             'impulses of conscience clear, uniform, and irresistibly obeyed, man would need no '
             'other lawgiver; but that not being the case, he finds it necessary to surrender up a '
             'part of his property to furnish means for the protection of the rest; and this he is '
             'induced to do by the same prudence which in every other case advises him out of two '
             'evils to choose the least. Wherefore, security being the true design and end of '
             'government, it unanswerably follows that whatever form thereof appears most likely '
             'to ensure it to us, with the least expence and greatest benefit, is preferable to '
             'all others.',
             'In order to gain a clear and just idea of the design and end of government, let us '
             'suppose a small number of persons settled in some sequestered part of the earth, '
             'unconnected with the rest, they will then represent the first peopling of any '
             'country, or of the world. In this state of natural liberty, society will be their '
             'first thought. A thousand motives will excite them thereto, the strength of one man '
             'is so unequal to his wants, and his mind so unfitted for perpetual solitude, that he '
             'is soon obliged to seek assistance and relief of another, who in his turn requires '
             'the same. Four or five united would be able to raise a tolerable dwelling in the '
             'midst of a wilderness, but one man might labour out of the common period of life '
             'without accomplishing any thing; when he had felled his timber he could not remove '
             'it, nor erect it after it was removed; hunger in the mean time would urge him from '
             'his work, and every different want call him a different way. Disease, nay even '
             'misfortune would be death, for though neither might be mortal, yet either would '
             'disable him from living, and reduce him to a state in which he might rather be said '
             'to perish than to die.',
             'Thus necessity, like a gravitating power, would soon form our newly arrived '
             'emigrants into society, the reciprocal blessings of which, would supersede, and '
             'render the obligations of law and government unnecessary while they remained '
             'perfectly just to each other; but as nothing but heaven is impregnable to vice, it '
             'will unavoidably happen, that in proportion as they surmount the first difficulties '
             'of emigration, which bound them together in a common cause, they will begin to relax '
             'in their duty and attachment to each other; and this remissness, will point out the '
             'necessity, of establishing some form of government to supply the defect of moral '
             'virtue.',
             'Some convenient tree will afford them a State-House, under the branches of which, '
             'the whole colony may assemble to deliberate on public matters. It is more than '
             'probable that their first laws will have the title only of Regulations, and be '
             'enforced by no other penalty than public disesteem. In this first parliament every '
             'man, by natural right, will have a seat.'],
 'sense_2': ['I know it is difficult to get over local or long standing prejudices, yet if we will '
             'suffer ourselves to examine the component parts of the English constitution, we '
             'shall find them to be the base remains of two ancient tyrannies, compounded with '
             'some new republican materials.',
             'First.—The remains of monarchical tyranny in the person of the king.',
             'Secondly.—The remains of aristocratical tyranny in the persons of the peers.',
             'Thirdly.—The new republican materials, in the persons of the commons, on whose '
             'virtue depends the freedom of England.'],
 'two_ch1': ['Book the First—Recalled to Life',
             'I. The Period',
             'It was the best of times, it was the worst of times, it was the age of wisdom, it '
             'was the age of foolishness, it was the epoch of belief, it was the epoch of '
             'incredulity, it was the season of Light, it was the season of Darkness, it was the '
             'spring of hope, it was the winter of despair, we had everything before us, we had '
             'nothing before us, we were all going direct to Heaven, we were all going direct the '
             'other way— in short, the period was so far like the present period, that some of its '
             'noisiest authorities insisted on its being received, for good or for evil, in the '
             'superlative degree of comparison only.',
             'There were a king with a large jaw and a queen with a plain face, on the throne of '
             'England; there were a king with a large jaw and a queen with a fair face, on the '
             'throne of France. In both countries it was clearer than crystal to the lords of the '
             'State preserves of loaves and fishes, that things in general were settled for ever.',
             'It was the year of Our Lord one thousand seven hundred and seventy-five. Spiritual '
             'revelations were conceded to England at that favoured period, as at this. Mrs. '
             'Southcott had recently attained her five-and-twentieth blessed birthday, of whom a '
             'prophetic private in the Life Guards had heralded the sublime appearance by '
             'announcing that arrangements were made for the swallowing up of London and '
             'Westminster. Even the Cock-lane ghost had been laid only a round dozen of years, '
             'after rapping out its messages, as the spirits of this very year last past '
             '(supernaturally deficient in originality) rapped out theirs. Mere messages in the '
             'earthly order of events had lately come to the English Crown and People, from a '
             'congress of British subjects in America: which, strange to relate, have proved more '
             'important to the human race than any communications yet received through any of the '
             'chickens of the Cock-lane brood.'],
 'two_ch2': ['II. The Mail',
             'It was the Dover road that lay, on a Friday night late in November, before the first '
             'of the persons with whom this history has business. The Dover road lay, as to him, '
             "beyond the Dover mail, as it lumbered up Shooter's Hill. He walked up hill in the "
             'mire by the side of the mail, as the rest of the passengers did; not because they '
             'had the least relish for walking exercise, under the circumstances, but because the '
             'hill, and the harness, and the mud, and the mail, were all so heavy, that the horses '
             'had three times already come to a stop, besides once drawing the coach across the '
             'road, with the mutinous intent of taking it back to Blackheath. Reins and whip and '
             'coachman and guard, however, in combination, had read that article of war which '
             'forbade a purpose otherwise strongly in favour of the argument, that some brute '
             'animals are endued with Reason; and the team had capitulated and returned to their '
             'duty.',
             'With drooping heads and tremulous tails, they mashed their way through the thick '
             'mud, floundering and stumbling between whiles, as if they were falling to pieces at '
             'the larger joints. As often as the driver rested them and brought them to a stand, '
             'with a wary “Wo-ho! so-ho-then!” the near leader violently shook his head and '
             'everything upon it—like an unusually emphatic horse, denying that the coach could be '
             'got up the hill. Whenever the leader made this rattle, the passenger started, as a '
             'nervous passenger might, and was disturbed in mind.'],
 'two_ch3': ['III. The Night Shadows',
             'A wonderful fact to reflect upon, that every human creature is constituted to be '
             'that profound secret and mystery to every other. A solemn consideration, when I '
             'enter a great city by night, that every one of those darkly clustered houses '
             'encloses its own secret; that every room in every one of them encloses its own '
             'secret; that every beating heart in the hundreds of thousands of breasts there, is, '
             'in some of its imaginings, a secret to the heart nearest it! Something of the '
             'awfulness, even of Death itself, is referable to this. No more can I turn the leaves '
             'of this dear book that I loved, and vainly hope in time to read it all. No more can '
             'I look into the depths of this unfathomable water, wherein, as momentary lights '
             'glanced into it, I have had glimpses of buried treasure and other things submerged. '
             'It was appointed that the book should shut with a spring, for ever and for ever, '
             'when I had read but a page. It was appointed that the water should be locked in an '
             'eternal frost, when the light was playing on its surface, and I stood in ignorance '
             'on the shore. My friend is dead, my neighbour is dead, my love, the darling of my '
             'soul, is dead; it is the inexorable consolidation and perpetuation of the secret '
             "that was always in that individuality, and which I shall carry in mine to my life's "
             'end. In any of the burial-places of this city through which I pass, is there a '
             'sleeper more inscrutable than its busy inhabitants are, in their innermost '
             'personality, to me, or than I am to them?'],
 'verne_1': ['I',
             "DANS LEQUEL PHILEAS FOGG ET PASSEPARTOUT S'ACCEPTENT RÉCIPROQUEMENT L'UN COMME "
             "MAÎTRE, L'AUTRE COMME DOMESTIQUE",
             "En l'année 1872, la maison portant le numéro 7 de Saville-row, Burlington "
             'Gardens—maison dans laquelle Sheridan mourut en 1814—, était habitée par Phileas '
             "Fogg, esq., l'un des membres les plus singuliers et les plus remarqués du "
             "Reform-Club de Londres, bien qu'il semblât prendre à tâche de ne rien faire qui pût "
             "attirer l'attention.",
             "À l'un des plus grands orateurs qui honorent l'Angleterre, succédait donc ce Phileas "
             "Fogg, personnage énigmatique, dont on ne savait rien, sinon que c'était un fort "
             "galant homme et l'un des plus beaux gentlemen de la haute société anglaise.",
             "On disait qu'il ressemblait à Byron—par la tête, car il était irréprochable quant "
             'aux pieds—, mais un Byron à moustaches et à favoris, un Byron impassible, qui aurait '
             'vécu mille ans sans vieillir.',
             "Anglais, à coup sûr, Phileas Fogg n'était peut-être pas Londonner. On ne l'avait "
             'jamais vu ni à la Bourse, ni à la Banque, ni dans aucun des comptoirs de la Cité. Ni '
             "les bassins ni les docks de Londres n'avaient jamais reçu un navire ayant pour "
             "armateur Phileas Fogg. Ce gentleman ne figurait dans aucun comité d'administration. "
             "Son nom n'avait jamais retenti dans un collège d'avocats, ni au Temple, ni à "
             "Lincoln's-inn, ni à Gray's-inn. Jamais il ne plaida ni à la Cour du chancelier, ni "
             "au Banc de la Reine, ni à l'Échiquier, ni en Cour ecclésiastique. Il n'était ni "
             'industriel, ni négociant, ni marchand, ni agriculteur. Il ne faisait partie ni de '
             "l'_Institution royale de la Grande-Bretagne_, ni de l'_Institution de Londres_, ni "
             "de l'_Institution des Artisans_, ni de l'_Institution Russell_, ni de l'_Institution "
             "littéraire de l'Ouest_, ni de l'_Institution du Droit_, ni de cette _Institution des "
             'Arts et des Sciences réunis_, qui est placée sous le patronage direct de Sa '
             "Gracieuse Majesté. Il n'appartenait enfin à aucune des nombreuses sociétés qui "
             "pullulent dans la capitale de l'Angleterre, depuis la _Société de l'Armonica_ "
             "jusqu'à la _Société entomologique_, fondée principalement dans le but de détruire "
             'les insectes nuisibles.',
             'Phileas Fogg était membre du Reform-Club, et voilà tout.'],
 'verne_2': ['Ce Phileas Fogg était-il riche? Incontestablement. Mais comment il avait fait '
             "fortune, c'est ce que les mieux informés ne pouvaient dire, et Mr. Fogg était le "
             "dernier auquel il convînt de s'adresser pour l'apprendre. En tout cas, il n'était "
             'prodigue de rien, mais non avare, car partout où il manquait un appoint pour une '
             "chose noble, utile ou généreuse, il l'apportait silencieusement et même anonymement.",
             'En somme, rien de moins communicatif que ce gentleman. Il parlait aussi peu que '
             "possible, et semblait d'autant plus mystérieux qu'il était silencieux. Cependant sa "
             "vie était à jour, mais ce qu'il faisait était si mathématiquement toujours la même "
             "chose, que l'imagination, mécontente, cherchait au-delà.",
             "Avait-il voyagé? C'était probable, car personne ne possédait mieux que lui la carte "
             "du monde. Il n'était endroit si reculé dont il ne parût avoir une connaissance "
             'spéciale. Quelquefois, mais en peu de mots, brefs et clairs, il redressait les mille '
             'propos qui circulaient dans le club au sujet des voyageurs perdus ou égarés; il '
             "indiquait les vraies probabilités, et ses paroles s'étaient trouvées souvent comme "
             "inspirées par une seconde vue, tant l'événement finissait toujours par les "
             "justifier. C'était un homme qui avait dû voyager partout,—en esprit, tout au moins.",
             "Ce qui était certain toutefois, c'est que, depuis de longues années, Phileas Fogg "
             "n'avait pas quitté Londres. Ceux qui avaient l'honneur de le connaître un peu plus "
             "que les autres attestaient que—si ce n'est sur ce chemin direct qu'il parcourait "
             "chaque jour pour venir de sa maison au club—personne ne pouvait prétendre l'avoir "
             'jamais vu ailleurs. Son seul passe-temps était de lire les journaux et de jouer au '
             'whist. À ce jeu du silence, si bien approprié à sa nature, il gagnait souvent, mais '
             "ses gains n'entraient jamais dans sa bourse et figuraient pour une somme importante "
             "à son budget de charité. D'ailleurs, il faut le remarquer, Mr. Fogg jouait "
             'évidemment pour jouer, non pour gagner. Le jeu était pour lui un combat, une lutte '
             'contre une difficulté, mais une lutte sans mouvement, sans déplacement, sans '
             'fatigue, et cela allait à son caractère.']}


if __name__ == "__main__":
    main()

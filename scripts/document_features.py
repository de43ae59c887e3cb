#!/usr/bin/env python3
"""PDFs that carry document-level features, and a checker that says which of them a PDF kept.

A searchable PDF of a PDF is the input document plus text: its metadata, bookmarks, page
labels, named destinations, links, form, structure tree, attachments and viewer settings are
the input's. This script makes small documents that have each of those (standard library
only, objects written by hand, scanned pages drawn in a built-in bitmap font Tesseract reads)
and compares an output with its input feature by feature (with qpdf's JSON). Used from the
command line:

    python3 scripts/document_features.py make OUTDIR [NAME...]
    python3 scripts/document_features.py check INPUT OUTPUT [--pages SELECTION] [--turned N,...]

`make` writes OUTDIR/NAME.pdf for each named document (all when none is named) and prints
the paths, one a line. `check` prints one JSON object, {"kept": true|false, "features":
{"info": {"ok": true, "detail": "..."}, ...}}, and exits 0 when every feature the input had
was kept, 1 when one was not (2 when a file cannot be read). `--pages 1,3-5,10-` says the
output holds only those pages of the input (in the input's order), so a page number N of
the input is looked for at its place among them, and what pointed at a page left out may
be gone. `--turned N` (input page numbers, repeated or a comma list) lets those pages'
/Rotate differ; what points at them must still reach them.

Imported, `FEATURES` maps each document's name to (function returning its bytes, extension),
`make(name)` returns a document's bytes, and `check(input_path, output_path, pages=None,
turned=())` returns the checker's report as a dictionary. Needs the command-line tool `qpdf`
(11 or later, for JSON version 2) to check.
"""

import argparse
import datetime
import functools
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile_documents import stream, write_named, write_pdf  # noqa: E402

# ----------------------------------------------------------------------------------------------
# Scanned pages: text drawn in a 5x7 bitmap font, smoothed up, as a 1-bit image

GLYPHS = {
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "####. .#..# .#..# .#..# .#..# .#..# ####.",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    "X": "#...# .#.#. .#.#. ..#.. .#.#. .#.#. #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ...#. .##..",
    ".": "..... ..... ..... ..... ..... .##.. .##..",
    ",": "..... ..... ..... ..... .##.. ..#.. .#...",
    "-": "..... ..... ..... .###. ..... ..... .....",
    ":": "..... .##.. .##.. ..... .##.. .##.. .....",
    " ": "..... ..... ..... ..... ..... ..... .....",
}

# A scanned page: US Letter at 200 dpi; glyphs 40 x 56 pixels (the font's dots doubled three
# times by Scale2x, which rounds corners and smooths diagonals: Tesseract reads it), 48 apart,
# lines LINE_PITCH apart from TOP, LEFT pixels in.
DPI, PAGE_WIDTH, PAGE_HEIGHT = 200, 612, 792
PIXELS_WIDE, PIXELS_HIGH = PAGE_WIDTH * DPI // 72, PAGE_HEIGHT * DPI // 72
GLYPH_WIDTH, GLYPH_HEIGHT, ADVANCE = 40, 56, 48
LEFT, TOP, LINE_PITCH = 150, 200, 100


def scale2x(dots):
    """`dots` (rows of 0/1) twice as wide and high, by Scale2x (EPX): a corner pixel takes its
    two neighbours' value where they agree and the others do not."""
    height, width = len(dots), len(dots[0])

    def at(y, x):
        return dots[y][x] if 0 <= y < height and 0 <= x < width else 0

    out = [[0] * (2 * width) for _ in range(2 * height)]
    for y in range(height):
        for x in range(width):
            centre, above, right, left, below = dots[y][x], at(y - 1, x), at(y, x + 1), at(y, x - 1), at(y + 1, x)
            out[2 * y][2 * x] = left if left == above and left != below and above != right else centre
            out[2 * y][2 * x + 1] = right if above == right and above != left and right != below else centre
            out[2 * y + 1][2 * x] = left if below == left and below != right and left != above else centre
            out[2 * y + 1][2 * x + 1] = right if right == below and right != above and below != left else centre
    return out


@functools.lru_cache(maxsize=None)
def glyph_rows(character):
    """The GLYPH_HEIGHT pixel rows of `character`, each ADVANCE characters of '0' (ink) and
    '1' (paper): the glyph, then the space after it."""
    dots = [[1 if dot == "#" else 0 for dot in row] for row in GLYPHS.get(character, GLYPHS[" "]).split()]
    for _ in range(3):
        dots = scale2x(dots)
    return tuple("".join("0" if dot else "1" for dot in row) + "1" * (ADVANCE - GLYPH_WIDTH) for row in dots)


def page_bitmap(lines, width=PIXELS_WIDE, height=PIXELS_HIGH):
    """The packed rows of a 1-bit image (1 is white) of `lines`, one under another from the top."""
    padded = (width + 7) // 8 * 8
    white = b"\xff" * (padded // 8)
    out = bytearray()
    drawn = 0
    for index, line in enumerate(lines):
        top = TOP + index * LINE_PITCH
        out += white * (top - drawn)
        glyphs = [glyph_rows(character) for character in line.upper()]
        for row in range(GLYPH_HEIGHT):
            bits = ("1" * LEFT + "".join(glyph[row] for glyph in glyphs))[:padded].ljust(padded, "1")
            out += int(bits, 2).to_bytes(padded // 8, "big")
        drawn = top + GLYPH_HEIGHT
    out += white * (height - drawn)
    return bytes(out)


def scan_image(lines):
    """An image XObject's body: `lines` as a 1-bit scan of a whole page at 200 dpi."""
    return stream(b"/Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceGray/BitsPerComponent 1"
                  % (PIXELS_WIDE, PIXELS_HIGH), page_bitmap(lines), compress=True)


def line_box(index, characters):
    """[x0 y0 x1 y1] in points of line `index` of a scanned page, `characters` long."""
    to_points = 72 / DPI
    top = TOP + index * LINE_PITCH
    return (LEFT * to_points, PAGE_HEIGHT - (top + GLYPH_HEIGHT) * to_points,
            (LEFT + characters * ADVANCE - (ADVANCE - GLYPH_WIDTH)) * to_points, PAGE_HEIGHT - top * to_points)


def invisible_text(lines):
    """Content drawing `lines` in text render mode 3 (invisible) over a scanned page's lines,
    as an earlier OCR pass leaves: font /F1, each line stretched to its line's width."""
    out = bytearray(b"BT 3 Tr\n")
    for index, line in enumerate(lines):
        x0, y0, x1, y1 = line_box(index, len(line))
        size = (y1 - y0) / 0.72
        # Helvetica capitals and spaces average about 0.62 em; stretch the line to its box.
        stretch = 100 * (x1 - x0) / max(1.0, 0.62 * size * len(line))
        out += b"/F1 %.2f Tf %.1f Tz 1 0 0 1 %.2f %.2f Tm (%s) Tj\n" % (size, stretch, x0, y0, line.encode())
    return bytes(out + b"ET\n")


# ----------------------------------------------------------------------------------------------
# PDF writing


class Objects:
    """Indirect objects numbered from 1 in the order they are added; a number can be taken
    first and its body given later (for objects that point at each other)."""

    def __init__(self):
        self.bodies = []

    def add(self, body=None):
        self.bodies.append(body)
        return len(self.bodies)

    def set(self, number, body):
        self.bodies[number - 1] = body


def ref(number):
    return b"%d 0 R" % number


def literal(data):
    """A PDF literal string of `data` (bytes), escaping what must be."""
    return b"(" + data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def text(value):
    """A PDF text string: PDFDocEncoding (here Latin-1) when it fits, else UTF-16BE with BOM."""
    try:
        return literal(value.encode("latin-1"))
    except UnicodeEncodeError:
        return b"<FEFF" + value.encode("utf-16-be").hex().upper().encode() + b">"


def document_id(name):
    digest = hashlib.md5(b"document_features " + name.encode()).hexdigest().upper().encode()
    return b"/ID[<%s><%s>]" % (digest, digest)


HELVETICA = b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>"
CREATED, MODIFIED = "D:20240301120000+01'00'", "D:20240302133000Z"
XMP_CREATED, XMP_MODIFIED = "2024-03-01T12:00:00+01:00", "2024-03-02T13:30:00Z"
PRODUCER = "document_features.py (hand-written objects)"
CREATOR = "filterocr test documents"


def info(title, author=b"filterocr tests", **more):
    """An /Info dictionary: `title` (str), `author` (PDFDocEncoded bytes), dates, creator,
    producer, and `more` keys with str values."""
    entries = b"/Title" + text(title) + b"/Author" + literal(author)
    for key, value in more.items():
        entries += b"/" + key.encode() + text(value)
    entries += b"/Creator" + text(CREATOR) + b"/Producer" + text(PRODUCER)
    return b"<<" + entries + b"/CreationDate" + text(CREATED) + b"/ModDate" + text(MODIFIED) + b">>"


def visible_text(paragraph, top=720, size=14, leading=20, width=80):
    """Content drawing `paragraph` in Helvetica (/F1), wrapped at `width` characters."""
    lines, line = [], ""
    for word in paragraph.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    out = bytearray(b"BT /F1 %d Tf %d TL 72 %d Td\n" % (size, leading, top))
    for line in lines:
        out += literal(line.encode("cp1252")) + b" Tj T*\n"
    return bytes(out + b"ET\n")


def assemble(objects, kids, catalog_entries=b"", info_entries=None, name="document"):
    """The file of `objects` whose object 1 is the catalog (given its `catalog_entries`) and
    object 2 the page tree of `kids` (page object numbers); /Info and /ID in the trailer."""
    objects.set(1, b"<</Type/Catalog/Pages 2 0 R" + catalog_entries + b">>")
    objects.set(2, b"<</Type/Pages/Kids[" + b" ".join(ref(kid) for kid in kids) + b"]/Count %d>>" % len(kids))
    trailer = document_id(name)
    if info_entries is not None:
        trailer = b"/Info %d 0 R" % objects.add(info_entries) + trailer
    return write_pdf(objects.bodies, trailer=trailer)


def new_objects(count):
    """Objects with the catalog (1), the page tree (2) and `count` pages (3...) reserved."""
    objects = Objects()
    objects.add()
    objects.add()
    return objects, [objects.add() for _ in range(count)]


def page(objects, number, content, resources, extra=b"", landscape=False):
    """Page `number`: US Letter (turned on its side when `landscape`: 11 x 8.5 in), child of
    object 2, with its content stream added."""
    width, height = (PAGE_HEIGHT, PAGE_WIDTH) if landscape else (PAGE_WIDTH, PAGE_HEIGHT)
    contents = objects.add(stream(b"", content, compress=True))
    objects.set(number, b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 %d %d]/Resources<<%s>>/Contents %d 0 R%s>>"
                % (width, height, resources, contents, extra))


def draw_scan(tag=None, turned=False):
    """Content drawing image /Im over the whole page, marked as `tag`'s MCID 0 if given. A
    `turned` scan is drawn a quarter turn anticlockwise on a landscape page
    (`page(landscape=True)`): the portrait image's top along the page's left edge, its text
    running bottom to top, as a page fed into the scanner sideways. (Turned the other way,
    Tesseract reads it as well as upright, and nothing needs righting.)"""
    if turned:  # image (u, v) -> page (PAGE_HEIGHT (1 - v), PAGE_WIDTH u)
        drawing = b"q 0 %d -%d 0 %d 0 cm /Im Do Q\n" % (PAGE_WIDTH, PAGE_HEIGHT, PAGE_HEIGHT)
    else:
        drawing = b"q %d 0 0 %d 0 0 cm /Im Do Q\n" % (PAGE_WIDTH, PAGE_HEIGHT)
    if tag:
        return b"/" + tag + b" <</MCID 0>> BDC\n" + drawing + b"EMC\n"
    return drawing


def outline(objects, items, parent):
    """Adds outline items under `parent` (object number): each item (title, destination
    entries, children). Returns (first, last, count of open descendants)."""
    numbers = [objects.add() for _ in items]
    total = 0
    for index, (title, target, children) in enumerate(items):
        entries = b"/Title" + text(title) + b"/Parent %d 0 R" % parent + target
        if index:
            entries += b"/Prev %d 0 R" % numbers[index - 1]
        if index + 1 < len(numbers):
            entries += b"/Next %d 0 R" % numbers[index + 1]
        if children:
            first, last, count = outline(objects, children, numbers[index])
            entries += b"/First %d 0 R/Last %d 0 R/Count %d" % (first, last, count)
            total += count
        objects.set(numbers[index], b"<<" + entries + b">>")
        total += 1
    return numbers[0], numbers[-1], total


def outlines(objects, items):
    """An /Outlines root of `items` (see `outline`); returns its object number."""
    root = objects.add()
    first, last, count = outline(objects, items, root)
    objects.set(root, b"<</Type/Outlines/First %d 0 R/Last %d 0 R/Count %d>>" % (first, last, count))
    return root


# ----------------------------------------------------------------------------------------------
# Documents

FEATURE_PAGES = [
    ["PAGE ONE", "THE QUICK BROWN FOX", "JUMPS OVER THE LAZY DOG.", "OUTLINES, LINKS AND", "LABELS ARE KEPT HERE.",
     "SEE PAGE THREE."],
    ["PAGE TWO", "PLEASE FILL IN THE FORM", "BELOW WITH YOUR NAME", "AND TICK THE BOX.", "FIELDS MUST SURVIVE.",
     "TURN TO PAGE THREE."],
    ["PAGE THREE", "THE END OF THE STORY", "IS WRITTEN ON THIS PAGE.", "ATTACHMENTS AND TAGS",
     "BELONG TO THE DOCUMENT.", "THANK YOU FOR READING."],
]
TITLE = "Relev\u00e9 \u2014 \u00dcn\u00efc\u00f6d\u00e9"
NOTE = b"A small note embedded in the document.\nIt must travel with it.\n"


def xmp_packet():
    """The features document's XMP: the /Info entries again, and a property of our own."""
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:fo="https://example.org/ns/filterocr-features/1.0/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{TITLE}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>Jos\u00e9</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Document-level features</rdf:li></rdf:Alt></dc:description>
   <dc:subject><rdf:Bag><rdf:li>ocr</rdf:li><rdf:li>metadata</rdf:li><rdf:li>outlines</rdf:li></rdf:Bag></dc:subject>
   <pdf:Producer>{PRODUCER}</pdf:Producer>
   <pdf:Keywords>ocr, metadata, outlines</pdf:Keywords>
   <xmp:CreateDate>{XMP_CREATED}</xmp:CreateDate>
   <xmp:ModifyDate>{XMP_MODIFIED}</xmp:ModifyDate>
   <xmp:MetadataDate>{XMP_MODIFIED}</xmp:MetadataDate>
   <xmp:CreatorTool>{CREATOR}</xmp:CreatorTool>
   <fo:custom>kept</fo:custom>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode()


def appearance(content, width, height, resources=b""):
    return stream(b"/Type/XObject/Subtype/Form/BBox[0 0 %d %d]%s" % (width, height, resources), content)


def features(turned=False, name="features"):
    """Three scanned pages with every document-level feature: /Info (a UTF-16 title, a
    PDFDocEncoded author, a custom key), XMP, outlines (one nested, one through a named
    destination), page labels i, ii, A-1, named destinations, links on page 1 (explicit, named,
    URI), a form on page 2 (applicant.name, agree), a structure tree, an attachment, viewer
    preferences, an open action, page mode and layout, a language and an /ID. When `turned`,
    page 2 is landscape (11 x 8.5 in, no /Rotate) with its scan drawn a quarter turn clockwise
    (see `draw_scan`), as a page scanned sideways; its widgets and destination fit that page."""
    objects, pages = new_objects(3)
    p1, p2, p3 = pages
    font = objects.add(HELVETICA)
    # Named destinations (a name tree: keys in order); section-2 is the top of page 2.
    top_of_2 = PAGE_WIDTH if turned else PAGE_HEIGHT
    dests = objects.add(b"<</Names[(section-2)[%d 0 R/XYZ 0 %d 0](section-3)[%d 0 R/Fit]]>>" % (p2, top_of_2, p3))
    # Structure: Document > P (page 1: MCID 0, Link > OBJR), P (page 2), P (page 3).
    struct_root, document, link_element = objects.add(), objects.add(), objects.add()
    paragraphs = [objects.add() for _ in pages]
    # Page 1's links: to page 3 (explicit), to a named destination, to a URI.
    box = line_box(5, len(FEATURE_PAGES[0][5]))
    rect = b"/Rect[%.2f %.2f %.2f %.2f]" % box
    link_explicit = objects.add(b"<</Type/Annot/Subtype/Link%s/Border[0 0 0]/Dest[%d 0 R/Fit]>>" % (rect, p3))
    box = line_box(3, len(FEATURE_PAGES[0][3]))
    link_named = objects.add(b"<</Type/Annot/Subtype/Link/Rect[%.2f %.2f %.2f %.2f]/Border[0 0 0]"
                             b"/A<</S/GoTo/D(section-2)>>>>" % box)
    link_uri = objects.add(b"<</Type/Annot/Subtype/Link/Rect[72 36 300 60]/Border[0 0 0]/StructParent 3"
                           b"/A<</S/URI/URI(https://example.org/filterocr/features)>>>>")
    # The form, on page 2: applicant.name (text) and agree (check box), with appearances.
    name_appearance = objects.add(appearance(b"/Tx BMC q BT /Helv 14 Tf 0 g 4 8 Td (Ada Lovelace) Tj ET Q EMC",
                                             300, 30, b"/Resources<</Font<</Helv %d 0 R>>>>" % font))
    box_on = objects.add(appearance(b"q 0 g 1 w 0.5 0.5 19 19 re S 4 4 12 12 re f Q", 20, 20))
    box_off = objects.add(appearance(b"q 0 g 1 w 0.5 0.5 19 19 re S Q", 20, 20))
    applicant = objects.add()
    name_field = objects.add(b"<</Type/Annot/Subtype/Widget/FT/Tx/T(name)/Parent %d 0 R/V(Ada Lovelace)"
                             b"/DA(/Helv 14 Tf 0 g)/Rect[150 150 450 180]/F 4/P %d 0 R/AP<</N %d 0 R>>>>"
                             % (applicant, p2, name_appearance))
    objects.set(applicant, b"<</T(applicant)/Kids[%d 0 R]>>" % name_field)
    agree = objects.add(b"<</Type/Annot/Subtype/Widget/FT/Btn/T(agree)/V/Yes/AS/Yes/Rect[150 100 170 120]/F 4"
                        b"/P %d 0 R/MK<</CA(4)>>/AP<</N<</Yes %d 0 R/Off %d 0 R>>>>>>" % (p2, box_on, box_off))
    images = [objects.add(scan_image(lines)) for lines in FEATURE_PAGES]
    annots = {p1: [link_explicit, link_named, link_uri], p2: [name_field, agree], p3: []}
    for index, number in enumerate(pages):
        extra = b"/StructParents %d" % index
        if annots[number]:
            extra += b"/Annots[" + b" ".join(ref(a) for a in annots[number]) + b"]"
        sideways = turned and number == p2
        page(objects, number, draw_scan(b"P", sideways), b"/XObject<</Im %d 0 R>>" % images[index], extra, sideways)
    objects.set(struct_root, b"<</Type/StructTreeRoot/K %d 0 R/ParentTree<</Nums[0[%d 0 R]1[%d 0 R]2[%d 0 R]3 %d 0 R]>>"
                b"/ParentTreeNextKey 4>>" % (document, *paragraphs, link_element))
    objects.set(document, b"<</Type/StructElem/S/Document/P %d 0 R/K[%s]>>"
                % (struct_root, b" ".join(ref(p) for p in paragraphs)))
    for index, (paragraph, number) in enumerate(zip(paragraphs, pages)):
        kids = b"[0 %d 0 R]" % link_element if index == 0 else b"0"
        objects.set(paragraph, b"<</Type/StructElem/S/P/P %d 0 R/Pg %d 0 R/K %s>>" % (document, number, kids))
    objects.set(link_element, b"<</Type/StructElem/S/Link/P %d 0 R/Pg %d 0 R/K<</Type/OBJR/Obj %d 0 R/Pg %d 0 R>>>>"
                % (paragraphs[0], p1, link_uri, p1))
    # An attachment.
    note = objects.add(stream(b"/Type/EmbeddedFile/Subtype/text#2Fplain/Params<</Size %d/ModDate(%s)>>"
                              % (len(NOTE), MODIFIED.encode()), NOTE))
    filespec = objects.add(b"<</Type/Filespec/F(notes.txt)/UF(notes.txt)/Desc(A note kept with the document)"
                           b"/EF<</F %d 0 R/UF %d 0 R>>>>" % (note, note))
    attachments = objects.add(b"<</Names[(notes.txt)%d 0 R]>>" % filespec)
    bookmarks = outlines(objects, [
        ("Page one", b"/Dest[%d 0 R/Fit]" % p1, [("The quick brown f\u00f6x", b"/Dest[%d 0 R/XYZ 0 700 0]" % p1, [])]),
        ("Page two (named)", b"/Dest(section-2)", []),
        ("Page three", b"/A<</S/GoTo/D[%d 0 R/FitH 792]>>" % p3, []),
    ])
    metadata = objects.add(stream(b"/Type/Metadata/Subtype/XML", xmp_packet()))
    catalog = (b"/Outlines %d 0 R/PageMode/UseOutlines/PageLayout/TwoColumnLeft/Lang(en-GB)"
               b"/PageLabels<</Nums[0<</S/r>>2<</S/D/P(A-)/St 1>>]>>"
               b"/Names<</Dests %d 0 R/EmbeddedFiles %d 0 R>>"
               b"/AcroForm<</Fields[%d 0 R %d 0 R]/DA(/Helv 0 Tf 0 g)/DR<</Font<</Helv %d 0 R>>>>>>"
               b"/MarkInfo<</Marked true>>/StructTreeRoot %d 0 R/Metadata %d 0 R"
               b"/ViewerPreferences<</DisplayDocTitle true>>/OpenAction[%d 0 R/Fit]"
               % (bookmarks, dests, attachments, applicant, agree, font, struct_root, metadata, p2))
    entries = info(TITLE, author=b"Jos\xe9", Subject="Document-level features", Keywords="ocr, metadata, outlines")
    entries = entries[:-2] + b"/filterocrCustom(kept)>>"
    return assemble(objects, pages, catalog, entries, name)


def features_turned():
    """`features` with page 2 scanned sideways: a landscape page, no /Rotate, its scan's text
    running bottom to top (a quarter turn anticlockwise), for an OCR tool to right."""
    return features(turned=True, name="features-turned")


BORN_DIGITAL = [
    "Page one of a born-digital document. Its text is drawn with a font, so every word can be "
    "selected, searched and copied without any recognition at all. A searchable copy must keep "
    "this text exactly as it is.",
    "Page two goes on in the same way. Reading it again with Tesseract would only add a second, "
    "worse layer of the same words; an OCR tool should notice the text that is already there.",
]


def born_digital():
    """Two pages of visible Helvetica text that pdftotext extracts."""
    objects, pages = new_objects(2)
    font = objects.add(HELVETICA)
    for number, paragraph in zip(pages, BORN_DIGITAL):
        page(objects, number, visible_text(paragraph), b"/Font<</F1 %d 0 R>>" % font)
    return assemble(objects, pages, b"", info("Born-digital text"), "born-digital")


EARLIER_OCR = ["AN OLD SCANNED LETTER", "THE QUICK BROWN FOX", "JUMPS OVER THE LAZY DOG.", "IT WAS READ BEFORE BY",
               "ANOTHER OCR PROGRAM."]
# What the earlier OCR pass made of it: two words wrong.
EARLIER_OCR_TEXT = ["AN OLD SCANNED LETTER", "THE QUICK BROWN ZZQX", "JUMPS WRONGWORD THE LAZY DOG.",
                    "IT WAS READ BEFORE BY", "ANOTHER OCR PROGRAM."]


def scanned_page_with_ocr(objects, number, font, lines, recognised):
    image = objects.add(scan_image(lines))
    page(objects, number, draw_scan() + invisible_text(recognised),
         b"/XObject<</Im %d 0 R>>/Font<</F1 %d 0 R>>" % (image, font))


def earlier_ocr():
    """One scanned page under an invisible text layer (3 Tr) with wrong words: ZZQX, WRONGWORD."""
    objects, pages = new_objects(1)
    font = objects.add(HELVETICA)
    scanned_page_with_ocr(objects, pages[0], font, EARLIER_OCR, EARLIER_OCR_TEXT)
    return assemble(objects, pages, b"", info("An earlier OCR pass"), "earlier-ocr")


MIXED_SCAN = ["MIXED PAGE ONE", "A SCANNED PAGE WITH NO", "TEXT LAYER AT ALL.", "READ IT WITH OCR."]


def mixed():
    """Page 1 scanned, page 2 born-digital text, page 3 scanned under an earlier OCR layer;
    bookmarks to each."""
    objects, pages = new_objects(3)
    font = objects.add(HELVETICA)
    image = objects.add(scan_image(MIXED_SCAN))
    page(objects, pages[0], draw_scan(), b"/XObject<</Im %d 0 R>>" % image)
    page(objects, pages[1], visible_text(BORN_DIGITAL[0]), b"/Font<</F1 %d 0 R>>" % font)
    scanned_page_with_ocr(objects, pages[2], font, EARLIER_OCR, EARLIER_OCR_TEXT)
    bookmarks = outlines(objects, [("Scanned page", b"/Dest[%d 0 R/Fit]" % pages[0], []),
                                   ("Born-digital page", b"/Dest[%d 0 R/Fit]" % pages[1], []),
                                   ("Earlier OCR page", b"/Dest[%d 0 R/Fit]" % pages[2], [])])
    return assemble(objects, pages, b"/Outlines %d 0 R" % bookmarks, info("Mixed pages"), "mixed")


FEATURES = {
    "features": (features, "pdf"),
    "features-turned": (features_turned, "pdf"),
    "born-digital": (born_digital, "pdf"),
    "earlier-ocr": (earlier_ocr, "pdf"),
    "mixed": (mixed, "pdf"),
}


def make(name):
    """The bytes of document `name`."""
    function, _ = FEATURES[name]
    return function()


def extension(name):
    return FEATURES[name][1]


# ----------------------------------------------------------------------------------------------
# Reading a PDF's objects (qpdf --json=2)

REFERENCE = re.compile(r"^(\d+) (\d+) R$")


class Unreadable(Exception):
    """A file qpdf cannot read."""


def run_qpdf(arguments):
    """qpdf's standard output; exit status 3 (warnings) is success."""
    result = subprocess.run(["qpdf"] + arguments, capture_output=True)
    if result.returncode not in (0, 3):
        raise Unreadable(result.stderr.decode(errors="replace").strip() or f"qpdf exited with {result.returncode}")
    return result.stdout


def parse_qpdf_json(data):
    """qpdf 11.3's JSON, which may write a name's bytes that are not UTF-8 as they are, and
    negative zero as `-0.` (not JSON): the first read as U+FFFD (alike in both PDFs compared),
    the second as `-0.0`."""
    text = data.decode("utf-8", errors="replace")
    return json.loads(re.sub(r"(?<=[\s\[,:])-0\.(?=[\s,\]}])", "-0.0", text))


class Document:
    """A PDF's objects as qpdf's JSON (version 2) gives them, and what they mean: values as
    JSON (references "N G R", names "/Name", strings "u:text" or "b:hex"), pages numbered from 1."""

    def __init__(self, path):
        self.path = path
        data = parse_qpdf_json(run_qpdf(["--json=2", "--json-key=qpdf", "--json-key=pages", path]))
        objects = data["qpdf"][1]
        self.objects = {key[4:]: value for key, value in objects.items() if key.startswith("obj:")}
        self.trailer = objects.get("trailer", {}).get("value", {})
        self.page_refs = [page["object"] for page in data["pages"]]
        self.page_of = {reference: index + 1 for index, reference in enumerate(self.page_refs)}
        self.catalog = self.get(self.trailer, "/Root") or {}
        self._names = None

    def resolve(self, value):
        """`value`, followed through references (a stream is its dictionary); None if missing."""
        for _ in range(100):
            if isinstance(value, str) and REFERENCE.match(value):
                entry = self.objects.get(value)
                if entry is None:
                    return None
                value = entry["value"] if "value" in entry else entry.get("stream", {}).get("dict", {})
            else:
                return value
        return None

    def get(self, dictionary, key):
        dictionary = self.resolve(dictionary)
        return self.resolve(dictionary.get(key)) if isinstance(dictionary, dict) else None

    def stream_data(self, reference):
        """The decoded data of stream `reference`, or None."""
        match = isinstance(reference, str) and REFERENCE.match(reference)
        if not match:
            return None
        try:
            return run_qpdf([f"--show-object={match[1]},{match[2]}", "--filtered-stream-data", self.path])
        except Unreadable:
            return None

    def page_inherited(self, number, key):
        """Page `number`'s `key`, inherited through the page tree."""
        node = self.resolve(self.page_refs[number - 1])
        for _ in range(100):
            if not isinstance(node, dict):
                return None
            if key in node:
                return self.resolve(node[key])
            node = self.resolve(node.get("/Parent"))
        return None

    def tree(self, root, kind="/Names"):
        """The (key, value) pairs of a name tree (`kind` /Names) or number tree (/Nums)."""
        pairs, seen, stack = [], set(), [root]
        while stack:
            node = stack.pop(0)
            if isinstance(node, str) and REFERENCE.match(node):
                if node in seen:
                    continue
                seen.add(node)
            node = self.resolve(node)
            if not isinstance(node, dict):
                continue
            flat = self.resolve(node.get(kind)) or []
            pairs += [(self.resolve(flat[i]), flat[i + 1]) for i in range(0, len(flat) - 1, 2)]
            stack += self.resolve(node.get("/Kids")) or []
        return pairs

    def named_destinations(self):
        """{name: destination} of the /Names /Dests tree and the catalog's old /Dests dictionary."""
        if self._names is None:
            names = {}
            old = self.get(self.catalog, "/Dests")
            if isinstance(old, dict):
                names.update({key[1:]: value for key, value in old.items()})
            for key, value in self.tree(self.get(self.get(self.catalog, "/Names"), "/Dests")):
                names[plain(key)] = value
            self._names = names
        return self._names

    def dest_page(self, destination, depth=0):
        """The page number a destination (explicit, named, or a dictionary with /D) points at."""
        destination = self.resolve(destination)
        if depth > 10 or destination is None:
            return None
        if isinstance(destination, str):
            if destination.startswith("/"):
                destination = destination[1:]
            return self.dest_page(self.named_destinations().get(plain(destination)), depth + 1)
        if isinstance(destination, dict):
            return self.dest_page(destination.get("/D"), depth + 1)
        if isinstance(destination, list) and destination:
            target = destination[0]
            if isinstance(target, int):
                return target + 1 if 0 <= target < len(self.page_refs) else None
            return self.page_of.get(target)
        return None

    def action_target(self, action):
        """What an action does: ("page", N) for a GoTo (None when it does not resolve),
        ("uri", URI), or (action type, ...) for others."""
        action = self.resolve(action)
        if not isinstance(action, dict):
            return ("none",)
        kind = self.resolve(action.get("/S"))
        if kind == "/GoTo":
            return ("page", self.dest_page(action.get("/D")))
        if kind == "/URI":
            return ("uri", plain(self.resolve(action.get("/URI"))))
        if kind == "/Named":
            return ("named-action", self.resolve(action.get("/N")))
        if kind in ("/GoToR", "/Launch", "/GoToE"):
            return (kind[1:], json.dumps(self.canonical(action.get("/F")), sort_keys=True))
        return (str(kind)[1:],)

    def link_target(self, annotation):
        annotation = self.resolve(annotation)
        if "/Dest" in annotation:
            return ("page", self.dest_page(annotation["/Dest"]))
        return self.action_target(annotation.get("/A"))

    def canonical(self, value, depth=0):
        """`value` with references resolved (pages become "page N"), to compare two files'."""
        if depth > 20:
            return "..."
        if isinstance(value, str) and REFERENCE.match(value):
            if value in self.page_of:
                return f"page {self.page_of[value]}"
            return self.canonical(self.resolve(value), depth + 1)
        if isinstance(value, dict):
            return {key: self.canonical(item, depth + 1) for key, item in value.items()
                    if key not in ("/Parent", "/P", "/Length")}
        if isinstance(value, list):
            return [self.canonical(item, depth + 1) for item in value]
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and value[:2] in ("u:", "b:"):
            return "u:" + plain(value)
        return value

    def annotations(self, number):
        """(reference or None, annotation dictionary) of page `number`'s /Annots."""
        found = []
        for item in self.resolve(self.get(self.page_refs[number - 1], "/Annots")) or []:
            annotation = self.resolve(item)
            if isinstance(annotation, dict):
                found.append((item if isinstance(item, str) else None, annotation))
        return found


# PDFDocEncoding where it is not Latin-1 (0x9F and 0xAD are undefined).
PDF_DOC = dict(zip(range(0x18, 0x20), "\u02d8\u02c7\u02c6\u02d9\u02dd\u02db\u02da\u02dc"))
PDF_DOC.update(zip(range(0x80, 0xA1), "\u2022\u2020\u2021\u2026\u2014\u2013\u0192\u2044\u2039\u203a\u2212\u2030"
                   "\u201e\u201c\u201d\u2018\u2019\u201a\u2122\ufb01\ufb02\u0141\u0152\u0160\u0178\u017d"
                   "\u0131\u0142\u0153\u0161\u017e\ufffd\u20ac"))
PDF_DOC[0xAD] = "\ufffd"


def decode_text(data):
    """A PDF text string's bytes as text: UTF-16BE or UTF-8 after their byte order mark, else
    PDFDocEncoding."""
    if data[:2] == b"\xfe\xff":
        return data[2:].decode("utf-16-be", errors="replace")
    if data[:3] == b"\xef\xbb\xbf":
        return data[3:].decode("utf-8", errors="replace")
    return "".join(PDF_DOC.get(byte, chr(byte)) for byte in data)


def plain(value):
    """A JSON string value as text: qpdf writes u:text for what it can show as text and b:hex
    for the rest (any non-ASCII PDFDocEncoding, say), which is decoded here."""
    if isinstance(value, str) and value[:2] == "u:":
        return value[2:]
    if isinstance(value, str) and value[:2] == "b:":
        try:
            return decode_text(bytes.fromhex(value[2:]))
        except ValueError:
            return value
    return value


def show(value, limit=60):
    value = plain(value) if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return value if len(value) <= limit else value[:limit - 3] + "..."


# Dates: PDF's D:YYYYMMDDHHmmSSOHH'mm' and XMP's ISO 8601 forms.
PDF_DATE = re.compile(r"^(?:D:)?(\d{4})(\d\d)?(\d\d)?(\d\d)?(\d\d)?(\d\d)?(?:([Zz+-])(?:(\d\d)'?(\d\d)?'?)?)?$")
XMP_DATE = re.compile(r"^(\d{4})(?:-(\d\d)(?:-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?"
                      r"([Zz+-])?(?:(\d\d):?(\d\d))?)?)?)?\s*$")


def parse_date(value):
    """A datetime (aware when a time zone is given) of a PDF or XMP date string, else None."""
    value = plain(value)
    if not isinstance(value, str):
        return None
    value = value.strip()
    match = XMP_DATE.match(value) if "-" in value[:5] or "T" in value else PDF_DATE.match(value)
    if not match:
        return None
    year, month, day, hour, minute, second, sign, zone_hours, zone_minutes = match.groups()
    try:
        moment = datetime.datetime(int(year), int(month or 1), int(day or 1), int(hour or 0), int(minute or 0),
                                   int(second or 0))
    except ValueError:
        return None
    if sign in ("Z", "z"):
        return moment.replace(tzinfo=datetime.timezone.utc)
    if sign:
        offset = datetime.timedelta(hours=int(zone_hours or 0), minutes=int(zone_minutes or 0))
        return moment.replace(tzinfo=datetime.timezone(offset if sign == "+" else -offset))
    return moment


def same_instant(first, second):
    """Whether two date strings denote the same moment (to the second); without a time zone on
    either, their wall-clock times are compared."""
    a, b = parse_date(first), parse_date(second)
    if a is None or b is None:
        return False
    if a.tzinfo is None or b.tzinfo is None:
        a, b = a.replace(tzinfo=None), b.replace(tzinfo=None)
    return abs((a - b).total_seconds()) < 1


def same_value(first, second):
    """Equal, or both dates of the same instant."""
    return first == second or (parse_date(first) is not None and same_instant(first, second))


# ----------------------------------------------------------------------------------------------
# XMP

RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def xmp_properties(data):
    """{prefix:name: value} of an XMP packet's top-level properties; values are text, or tuples
    for arrays (Alt items with their language, Bag items sorted) and structures."""
    prefixes = {}
    for _, (prefix, uri) in ElementTree.iterparse(io.BytesIO(data), events=("start-ns",)):
        prefixes.setdefault(uri, prefix)
    root = ElementTree.fromstring(data)

    def key(tag):
        uri, _, name = tag[1:].partition("}")
        return f"{prefixes.get(uri, '{' + uri + '}')}:{name}"

    def value(element):
        children = list(element)
        if element.get(RDF + "resource") is not None:
            return ("resource", element.get(RDF + "resource"))
        if element.get(RDF + "parseType") == "Resource":
            return ("struct",) + tuple(sorted((key(child.tag), value(child)) for child in children))
        if children and children[0].tag in (RDF + "Alt", RDF + "Seq", RDF + "Bag"):
            array = children[0]
            items = [(item.get(XML_LANG), value(item)) if array.tag == RDF + "Alt" else value(item)
                     for item in array]
            if array.tag == RDF + "Bag":
                items = sorted(items, key=repr)
            return (array.tag[len(RDF):],) + tuple(items)
        if children and children[0].tag == RDF + "Description":
            return ("struct",) + tuple(sorted(properties(children[0]).items()))
        attributes = {key(name): text for name, text in element.attrib.items()
                      if not name.startswith(RDF) and name != XML_LANG}
        if children or attributes:
            return ("struct",) + tuple(sorted(attributes.items())) + tuple(
                sorted((key(child.tag), value(child)) for child in children))
        return (element.text or "").strip()

    def properties(description):
        found = {key(name): text for name, text in description.attrib.items()
                 if name.startswith("{") and not name.startswith(RDF) and name != XML_LANG}
        for child in description:
            found[key(child.tag)] = value(child)
        return found

    result = {}
    for rdf in ([root] if root.tag == RDF + "RDF" else root.iter(RDF + "RDF")):
        for description in rdf.findall(RDF + "Description"):
            result.update(properties(description))
    return result


def first_text(value):
    """The text of a simple property, or of an array's first item (an Alt's first language)."""
    while isinstance(value, tuple):
        if len(value) < 2 or value[0] not in ("Alt", "Seq", "Bag"):
            return None
        value = value[1][1] if value[0] == "Alt" else value[1]
    return value


def read_xmp(document):
    """(properties, None) of the catalog's /Metadata, (None, None) when it has none, or
    (None, reason) when it cannot be parsed."""
    reference = document.catalog.get("/Metadata")
    if reference is None or document.resolve(reference) is None:
        return None, None
    data = document.stream_data(reference)
    if data is None:
        return None, "the /Metadata stream cannot be decoded"
    try:
        return xmp_properties(data), None
    except ElementTree.ParseError as error:
        return None, f"the XMP packet is not well-formed XML ({error})"


# ----------------------------------------------------------------------------------------------
# The checks: each returns (ok, detail); a feature the input lacks is (True, "not in the input").

ABSENT = (True, "not in the input")


class Comparison:
    """An input, its output, and which output page each input page should be (None for a page
    left out)."""

    def __init__(self, source, result, pages=None, turned=()):
        self.source, self.result = source, result
        count = len(source.page_refs)
        kept = sorted(set(p for p in (pages or range(1, count + 1)) if 1 <= p <= count))
        self.kept = kept
        self.place = {p: index + 1 for index, p in enumerate(kept)}
        self.turned = set(turned)

    def moved(self, target):
        """An input link or destination target as the output should have it; None when it
        pointed at a page left out (nothing is expected of it)."""
        if target and target[0] == "page" and target[1] is not None:
            place = self.place.get(target[1])
            return ("page", place) if place else None
        return target


def describe(target):
    if target is None:
        return "nothing"
    if target[0] == "page":
        return f"page {target[1]}" if target[1] else "a destination that does not resolve"
    return " ".join(str(part) for part in target)


def summary(problems, fine):
    if problems:
        shown = problems[:8] + ([f"and {len(problems) - 8} more"] if len(problems) > 8 else [])
        return False, "; ".join(shown)
    return True, fine


def check_info(c):
    source = c.source.resolve(c.source.trailer.get("/Info"))
    if not isinstance(source, dict) or not source:
        return ABSENT
    result = c.result.resolve(c.result.trailer.get("/Info"))
    result = result if isinstance(result, dict) else {}
    problems, compared = [], 0
    if not result:
        problems.append("the output has no /Info")
    for key, value in source.items():
        if key in ("/Producer", "/ModDate"):
            continue
        compared += 1
        value, other = plain(c.source.resolve(value)), plain(c.result.resolve(result.get(key)))
        if other is None:
            problems.append(f"{key} lost")
        elif not same_value(value, other):
            problems.append(f"{key} changed: {show(value)!r} -> {show(other)!r}")
    return summary(problems, f"{compared} keys kept (/Producer, /ModDate may change)")


def check_xmp(c):
    source, source_error = read_xmp(c.source)
    result, result_error = read_xmp(c.result)
    problems = []
    if result_error:
        problems.append(f"output: {result_error}")
    if source is None and source_error is None:
        if result is not None:
            problems += xmp_agrees_with_info(c.result, result)
        return (False, "; ".join(problems)) if problems else ABSENT
    if source is None:
        return (False, "; ".join(problems)) if problems else (True, f"input: {source_error}; nothing to compare")
    if result is None:
        return False, "XMP metadata lost" if not problems else "; ".join(problems)
    compared = 0
    for key, value in source.items():
        if key in ("pdf:Producer", "xmp:ModifyDate", "xmp:MetadataDate"):
            continue
        compared += 1
        if key not in result:
            problems.append(f"{key} lost")
        elif not same_value(value, result[key]):
            problems.append(f"{key} changed: {show(value)!r} -> {show(result[key])!r}")
    problems += xmp_agrees_with_info(c.result, result)
    return summary(problems, f"{compared} properties kept; /Info and XMP agree")


def xmp_agrees_with_info(document, properties):
    """Where the output's /Info and XMP both have the producer and dates, whether they agree."""
    problems = []
    info_ = document.resolve(document.trailer.get("/Info"))
    info_ = info_ if isinstance(info_, dict) else {}
    pairs = (("/Producer", "pdf:Producer", False), ("/ModDate", "xmp:ModifyDate", True),
             ("/CreationDate", "xmp:CreateDate", True))
    for info_key, xmp_key, is_date in pairs:
        info_value = plain(document.resolve(info_.get(info_key)))
        xmp_value = first_text(properties.get(xmp_key))
        if info_value is None or xmp_value is None:
            continue
        agree = same_instant(info_value, xmp_value) if is_date else info_value == xmp_value
        if not agree:
            problems.append(f"output's /Info {info_key} {info_value!r} and XMP {xmp_key} {xmp_value!r} disagree")
    return problems


def outline_items(document):
    """[(path of titles, target)] of the outline in order, depth first."""
    items, seen = [], set()

    def walk(first, path, depth):
        node_ref = first
        while isinstance(node_ref, str) and REFERENCE.match(node_ref) and node_ref not in seen and depth < 50:
            seen.add(node_ref)
            node = document.resolve(node_ref)
            if not isinstance(node, dict):
                break
            title = plain(document.resolve(node.get("/Title")))
            title = "(untitled)" if title is None else str(title)
            target = (("page", document.dest_page(node["/Dest"])) if "/Dest" in node
                      else document.action_target(node.get("/A")) if "/A" in node else ("none",))
            items.append((path + (title,), target))
            walk(node.get("/First"), path + (title,), depth + 1)
            node_ref = node.get("/Next")

    root = document.get(document.catalog, "/Outlines")
    if isinstance(root, dict):
        walk(root.get("/First"), (), 0)
    return items


def check_outlines(c):
    source = outline_items(c.source)
    if not source:
        return ABSENT
    result = {}
    for path, target in outline_items(c.result):
        result.setdefault(path, []).append(target)
    problems, expected = [], 0
    for path, target in source:
        wanted = c.moved(target)
        name = " > ".join(path)
        if wanted is None:
            if path in result and result[path]:
                result[path].pop(0)
            continue
        expected += 1
        if not result.get(path):
            problems.append(f"{name!r} lost")
            continue
        found = result[path].pop(0)
        if found != wanted:
            problems.append(f"{name!r} points at {describe(found)}, not {describe(wanted)}")
    return summary(problems, f"{expected} items kept, same nesting and pages")


def roman(number):
    out = ""
    for value, letters in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                           (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while number >= value:
            out, number = out + letters, number - value
    return out


def page_labels(document):
    """Each page's label (None for a page no range covers), or None without /PageLabels."""
    root = document.get(document.catalog, "/PageLabels")
    if not isinstance(root, dict):
        return None
    ranges = sorted((start, document.resolve(entry)) for start, entry in document.tree(root, "/Nums")
                    if isinstance(start, int))
    labels = []
    for index in range(len(document.page_refs)):
        covering = [(start, entry) for start, entry in ranges if start <= index]
        if not covering:
            labels.append(None)
            continue
        start, entry = covering[-1]
        entry = entry if isinstance(entry, dict) else {}
        value = (document.resolve(entry.get("/St")) or 1) + index - start
        style = document.resolve(entry.get("/S"))
        number = {"/D": str(value), "/r": roman(value), "/R": roman(value).upper(),
                  "/a": chr(97 + (value - 1) % 26) * ((value - 1) // 26 + 1),
                  "/A": chr(65 + (value - 1) % 26) * ((value - 1) // 26 + 1)}.get(style, "")
        labels.append((plain(document.resolve(entry.get("/P"))) or "") + number)
    return labels


def check_pagelabels(c):
    source = page_labels(c.source)
    if source is None:
        return ABSENT
    result = page_labels(c.result)
    if result is None:
        return False, "/PageLabels lost"
    problems = []
    for page_number in c.kept:
        place = c.place[page_number]
        found = result[place - 1] if place <= len(result) else None
        if found != source[page_number - 1]:
            problems.append(f"page {page_number} labelled {found!r}, not {source[page_number - 1]!r}")
    return summary(problems, "labels " + ", ".join(repr(source[p - 1]) for p in c.kept))


def check_dests(c):
    source = c.source.named_destinations()
    if not source:
        return ABSENT
    result = c.result.named_destinations()
    problems, expected = [], 0
    for name, destination in source.items():
        wanted = c.moved(("page", c.source.dest_page(destination)))
        if wanted is None:
            continue
        expected += 1
        if name not in result:
            problems.append(f"{name!r} lost")
            continue
        found = ("page", c.result.dest_page(result[name]))
        if found != wanted:
            problems.append(f"{name!r} resolves to {describe(found)}, not {describe(wanted)}")
    return summary(problems, f"{expected} named destinations resolve to the same pages")


def links(document, number):
    return [document.link_target(annotation) for _, annotation in document.annotations(number)
            if document.resolve(annotation.get("/Subtype")) == "/Link"]


def check_links(c):
    problems, expected = [], 0
    for page_number in c.kept:
        wanted = [c.moved(target) for target in links(c.source, page_number)]
        wanted = [target for target in wanted if target is not None]
        if not wanted:
            continue
        place = c.place[page_number]
        found = links(c.result, place) if place <= len(c.result.page_refs) else []
        for target in wanted:
            expected += 1
            if target in found:
                found.remove(target)
            else:
                problems.append(f"page {page_number}: link to {describe(target)} lost")
    if not expected and not any(links(c.source, p) for p in range(1, len(c.source.page_refs) + 1)):
        return ABSENT
    return summary(problems, f"{expected} links kept, same pages and targets")


def form_fields(document):
    """{fully qualified name: (value, field type, sorted widget page numbers)} of /AcroForm."""
    form = document.get(document.catalog, "/AcroForm")
    if not isinstance(form, dict):
        return None
    annotation_page = {}
    for number in range(1, len(document.page_refs) + 1):
        for reference, _ in document.annotations(number):
            if reference:
                annotation_page[reference] = number
    fields, seen = {}, set()

    def widget_page(reference, widget):
        return annotation_page.get(reference) or document.page_of.get(widget.get("/P"))

    def walk(reference, parent_name, value, kind, depth):
        if reference in seen or depth > 30:
            return
        if isinstance(reference, str):
            seen.add(reference)
        field = document.resolve(reference)
        if not isinstance(field, dict):
            return
        partial = plain(document.resolve(field.get("/T")))
        name = ".".join(part for part in (parent_name, partial) if part)
        value = document.canonical(field["/V"]) if "/V" in field else value
        kind = document.resolve(field.get("/FT")) or kind
        kids = document.resolve(field.get("/Kids")) or []
        named = [kid for kid in kids if isinstance(document.resolve(kid), dict) and "/T" in document.resolve(kid)]
        for kid in named:
            walk(kid, name, value, kind, depth + 1)
        if named and len(named) == len(kids):
            return
        widgets = [(kid, document.resolve(kid)) for kid in kids if kid not in named]
        if document.resolve(field.get("/Subtype")) == "/Widget":
            widgets.append((reference, field))
        pages = sorted(widget_page(ref_, widget) or 0 for ref_, widget in widgets if isinstance(widget, dict))
        fields[name] = (value, kind, pages)

    for reference in document.resolve(form.get("/Fields")) or []:
        walk(reference, "", None, None, 0)
    return fields


def check_forms(c):
    source = form_fields(c.source)
    if not source:
        return ABSENT
    result = form_fields(c.result) or {}
    problems, expected = [], 0
    for name, (value, kind, pages) in source.items():
        wanted_pages = sorted(c.place[p] for p in pages if p in c.place)
        if pages and not wanted_pages:
            continue  # its widgets are on pages left out
        expected += 1
        if name not in result:
            problems.append(f"field {name!r} lost")
            continue
        found_value, found_kind, found_pages = result[name]
        if found_value != value:
            problems.append(f"field {name!r} value {show(value)!r} -> {show(found_value)!r}")
        if found_kind != kind:
            problems.append(f"field {name!r} type {kind} -> {found_kind}")
        if found_pages != wanted_pages:
            problems.append(f"field {name!r} widgets on pages {found_pages or 'none'}, not {wanted_pages}")
    if expected and not result:
        return False, "/AcroForm lost: " + "; ".join(problems)
    return summary(problems, f"{expected} fields kept with their values and widgets' pages")


def structure(document):
    """(number of structure elements, has a /ParentTree) of /StructTreeRoot, or None."""
    root = document.get(document.catalog, "/StructTreeRoot")
    if not isinstance(root, dict):
        return None
    count, seen, stack = 0, set(), [root.get("/K")]
    while stack:
        item = stack.pop()
        if isinstance(item, str) and REFERENCE.match(item):
            if item in seen:
                continue
            seen.add(item)
        item = document.resolve(item)
        if isinstance(item, list):
            stack += item
        elif isinstance(item, dict) and "/S" in item and document.resolve(item.get("/Type")) in (None, "/StructElem"):
            count += 1
            stack.append(item.get("/K"))
    return count, "/ParentTree" in root


def check_structure(c):
    source = structure(c.source)
    source_marked = c.source.get(c.source.get(c.source.catalog, "/MarkInfo"), "/Marked")
    if source is None and source_marked is None:
        return ABSENT
    result = structure(c.result)
    problems = []
    if source_marked is not None:
        found = c.result.get(c.result.get(c.result.catalog, "/MarkInfo"), "/Marked")
        if found != source_marked:
            problems.append(f"/MarkInfo /Marked {json.dumps(source_marked)} -> {json.dumps(found)}")
    if source is not None:
        if result is None:
            problems.append("/StructTreeRoot lost")
        else:
            if result[0] != source[0] and len(c.kept) == len(c.source.page_refs):
                problems.append(f"{source[0]} structure elements -> {result[0]}")
            if source[1] and not result[1]:
                problems.append("/ParentTree lost")
        for page_number in c.kept:
            key = c.source.get(c.source.page_refs[page_number - 1], "/StructParents")
            place = c.place[page_number]
            if key is not None and place <= len(c.result.page_refs):
                found = c.result.get(c.result.page_refs[place - 1], "/StructParents")
                if found != key:
                    problems.append(f"page {page_number} /StructParents {key} -> {found}")
    elements = f"{source[0]} structure elements, " if source else ""
    return summary(problems, f"{elements}/MarkInfo and /StructParents kept")


def attachments(document):
    """{name: size in bytes (None when unknown)} of /Names /EmbeddedFiles."""
    root = document.get(document.get(document.catalog, "/Names"), "/EmbeddedFiles")
    found = {}
    for key, filespec in document.tree(root):
        embedded = document.get(filespec, "/EF")
        stream_ref = None
        if isinstance(embedded, dict):
            stream_ref = embedded.get("/UF") or embedded.get("/F")
        data = document.stream_data(stream_ref)
        found[plain(key)] = len(data) if data is not None else None
    return found


def check_attachments(c):
    source = attachments(c.source)
    if not source:
        return ABSENT
    result = attachments(c.result)
    problems = []
    for name, size in source.items():
        if name not in result:
            problems.append(f"{name!r} lost")
        elif result[name] != size:
            problems.append(f"{name!r} {size} bytes -> {result[name]}")
    return summary(problems, ", ".join(f"{name} ({size} bytes)" for name, size in source.items()) + " kept")


def open_action(document):
    action = document.get(document.catalog, "/OpenAction")
    if isinstance(action, list):
        page_number = document.dest_page(action)
        return ("page", page_number, json.dumps(document.canonical(action[1:])))
    if isinstance(action, dict):
        return document.action_target(action)
    if isinstance(action, str):  # a named destination
        return ("page", document.dest_page(action), "")
    return None


def check_catalog(c):
    problems, present = [], []
    for key in ("/ViewerPreferences", "/PageMode", "/PageLayout", "/Lang"):
        source = c.source.canonical(c.source.catalog.get(key))
        if source is None:
            continue
        present.append(key)
        found = c.result.canonical(c.result.catalog.get(key))
        if found is None:
            problems.append(f"{key} lost")
        elif found != source:
            problems.append(f"{key} {show(source)} -> {show(found)}")
    source = open_action(c.source)
    if source is not None:
        present.append("/OpenAction")
        wanted = source
        if source[0] == "page":
            place = c.place.get(source[1])
            wanted = ("page", place) + tuple(source[2:]) if place else None
        found = open_action(c.result)
        if wanted is not None and found != wanted:
            problems.append(f"/OpenAction {describe(wanted)} -> {describe(found)}")
    if not present:
        return ABSENT
    return summary(problems, " ".join(present) + " kept")


def check_pages(c):
    problems = []
    count = len(c.result.page_refs)
    if count != len(c.kept):
        problems.append(f"{count} pages, not {len(c.kept)}")
    for page_number in c.kept:
        place = c.place[page_number]
        if place > count:
            break
        source = [float(x) for x in c.source.page_inherited(page_number, "/MediaBox") or []]
        found = [float(x) for x in c.result.page_inherited(place, "/MediaBox") or []]
        if len(source) == 4 and len(found) == 4:
            source = [min(source[0], source[2]), min(source[1], source[3]), max(source[0], source[2]),
                      max(source[1], source[3])]
            found = [min(found[0], found[2]), min(found[1], found[3]), max(found[0], found[2]),
                     max(found[1], found[3])]
        if len(source) != len(found) or any(abs(a - b) > 0.01 for a, b in zip(source, found)):
            problems.append(f"page {page_number} /MediaBox {source} -> {found}")
        rotation = (c.source.page_inherited(page_number, "/Rotate") or 0) % 360
        found_rotation = (c.result.page_inherited(place, "/Rotate") or 0) % 360
        if rotation != found_rotation and page_number not in c.turned:
            problems.append(f"page {page_number} /Rotate {rotation} -> {found_rotation}")
    return summary(problems, f"{len(c.kept)} pages, same /MediaBox and /Rotate")


CHECKS = {
    "info": check_info,
    "xmp": check_xmp,
    "outlines": check_outlines,
    "pagelabels": check_pagelabels,
    "dests": check_dests,
    "links": check_links,
    "forms": check_forms,
    "structure": check_structure,
    "attachments": check_attachments,
    "catalog": check_catalog,
    "pages": check_pages,
}


def check(input_path, output_path, pages=None, turned=()):
    """{"kept": bool, "features": {feature: {"ok": bool, "detail": str}}} of what `output_path`
    kept of `input_path`'s document-level features; `pages` the input pages the output holds
    (all when None), `turned` the input pages whose /Rotate may differ. Raises Unreadable."""
    comparison = Comparison(Document(input_path), Document(output_path), pages, turned)
    report = {}
    for name, function in CHECKS.items():
        try:
            ok, detail = function(comparison)
        except Exception as error:  # a malformed output is a finding, not a crash
            ok, detail = False, f"could not be compared: {type(error).__name__}: {error}"
        report[name] = {"ok": ok, "detail": detail}
    return {"kept": all(item["ok"] for item in report.values()), "features": report}


def page_selection(text_, count=None):
    """Page numbers of a selection such as 1,3-5,10- (a range open at the end goes to `count`,
    or far enough when it is unknown)."""
    pages = set()
    for part in text_.split(","):
        part = part.strip()
        match = re.fullmatch(r"(\d+)(?:(-)(\d+)?)?", part)
        if not match:
            raise ValueError(f"not a page selection: {text_!r}")
        first = int(match[1])
        last = int(match[3]) if match[3] else (count or 1_000_000) if match[2] else first
        pages.update(range(first, last + 1))
    return sorted(pages)


# ----------------------------------------------------------------------------------------------


def main(arguments):
    if not arguments or arguments[0] in ("-h", "--help") or arguments[0] not in ("make", "check"):
        print(__doc__.strip() + "\n\ndocuments: " + " ".join(FEATURES), file=sys.stderr)
        return 2
    if arguments[0] == "make":
        if len(arguments) < 2:
            print("usage: document_features.py make OUTDIR [NAME...]", file=sys.stderr)
            return 2
        return write_named(arguments[1], arguments[2:], FEATURES, "document")
    parser = argparse.ArgumentParser(prog="document_features.py check")
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--pages", help="the input pages the output holds, as 1,3-5,10-")
    parser.add_argument("--turned", action="append", default=[], help="input pages whose /Rotate may differ")
    options = parser.parse_args(arguments[1:])
    try:
        pages = page_selection(options.pages) if options.pages else None
        turned = [n for item in options.turned for n in page_selection(item)]
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        report = check(options.input, options.output, pages, turned)
    except (Unreadable, OSError, ValueError) as error:
        print(f"cannot read: {error}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 0 if report["kept"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Hostile documents for filterocr's readers, made on the spot with the standard library only.

Each attack is a small file that claims far more than it holds (nesting depth, page counts,
image sizes) or is valid but unusual; none is committed, every one is made in well under a
second or two. Used from the command line:

    python3 scripts/hostile_documents.py OUTDIR [NAME...]

writes OUTDIR/NAME.EXT for each named attack (all when none is named) and prints the paths,
one a line. Imported, `ATTACKS` maps each name to (function returning the bytes, extension);
the functions take size parameters (depth, page count, pixels) so that fuzzing can start from
smaller versions of the same shapes: `make("nested-resources", depth=2000)`.
"""

import os
import struct
import sys
import zlib

# ----------------------------------------------------------------------------------------------
# PDF writing


def stream(entries, data, compress=False):
    """An indirect stream object's body: `<<entries/Length n>>stream ... endstream`."""
    if compress:
        data = zlib.compress(data, 9)
        entries += b"/Filter/FlateDecode"
    return b"<<" + entries + b"/Length %d>>stream\n" % len(data) + data + b"\nendstream"


def write_pdf(objects, root=1, compressed=(), chunk=5000, trailer=b"", flate=True):
    """A PDF of `objects` (bodies, numbered from 1).

    The objects whose numbers are in `compressed` (plain objects only, no streams) go into
    object streams of `chunk` objects each, with a cross-reference stream; without any, a
    classic cross-reference table. Without `flate`, the object streams are left uncompressed
    (for fuzzing: a mutator sees their objects)."""
    compressed = set(compressed)
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    count = len(objects)
    # Where each object is: ('plain', offset) or ('packed', object stream, index).
    where = [None] * (count + 1)
    for number, body in enumerate(objects, 1):
        if number in compressed:
            continue
        where[number] = (1, len(out), 0)
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    if not compressed:
        start = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (count + 1)
        for number in range(1, count + 1):
            out += b"%010d 00000 n \n" % where[number][1]
        out += b"trailer\n<</Size %d/Root %d 0 R%s>>\nstartxref\n%d\n%%%%EOF\n" % (count + 1, root, trailer, start)
        return bytes(out)
    packed = sorted(compressed)
    next_number = count + 1
    for first in range(0, len(packed), chunk):
        group = packed[first:first + chunk]
        header, body = [], bytearray()
        for index, number in enumerate(group):
            header.append(b"%d %d" % (number, len(body)))
            body += objects[number - 1] + b"\n"
            where[number] = (2, next_number, index)
        head = b" ".join(header) + b"\n"
        where.append((1, len(out), 0))
        out += b"%d 0 obj\n" % next_number
        out += stream(b"/Type/ObjStm/N %d/First %d" % (len(group), len(head)), head + bytes(body), compress=flate)
        out += b"\nendobj\n"
        next_number += 1
    xref_number = next_number
    where.append((1, len(out), 0))
    rows = bytearray(struct.pack(">BIH", 0, 0, 65535))
    for kind, field2, field3 in where[1:]:
        rows += struct.pack(">BIH", kind, field2, field3)
    start = len(out)
    out += b"%d 0 obj\n" % xref_number
    out += stream(b"/Type/XRef/Size %d/W[1 4 2]/Root %d 0 R%s" % (xref_number + 1, root, trailer), bytes(rows),
                  compress=True)
    out += b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % start
    return bytes(out)


FONT = b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>"
TEXT = b"BT /F1 36 Tf 72 600 Td (Hostile documents) Tj 0 -60 Td (still read) Tj ET\n"


def one_page(page_extra=b"", content=TEXT, resources=b"/Font<</F1 4 0 R>>", more=(), count=b"1",
             media=b"[0 0 612 792]"):
    """Catalog 1, Pages 2, Page 3, Font 4, Contents 5, then `more` (objects 6...)."""
    return [b"<</Type/Catalog/Pages 2 0 R>>",
            b"<</Type/Pages/Kids[3 0 R]/Count " + count + b">>",
            b"<</Type/Page/Parent 2 0 R/MediaBox" + media + b"/Resources<<" + resources + b">>/Contents 5 0 R"
            + page_extra + b">>",
            FONT,
            stream(b"", content)] + list(more)


# ----------------------------------------------------------------------------------------------
# PDF attacks


def nested_resources(depth=60_000, direct=False, flate=True):
    """Page resources whose XObject dictionaries nest `depth` deep: each names a form (a plain
    dictionary, not a stream) whose /Resources name the next. The levels are indirect objects
    packed in object streams; with `direct`, one object holding every level inline."""
    objects = [b"<</Type/Catalog/Pages 2 0 R>>",
               b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
               b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 4 0 R>>/XObject<</X 6 0 R>>>>"
               b"/Contents 5 0 R>>",
               FONT,
               stream(b"", TEXT)]
    if direct:
        level_open, level_close = b"<</Subtype/Form/Resources<</XObject<</X", b">>>>>>"
        objects.append(level_open * (depth - 1) + b"<</Subtype/Form>>" + level_close * (depth - 1))
        return write_pdf(objects, compressed={6}, flate=flate)
    for level in range(depth):
        following = b"/Resources<</XObject<</X %d 0 R>>>>" % (7 + level) if level + 1 < depth else b""
        objects.append(b"<</Subtype/Form%s>>" % following)
    return write_pdf(objects, compressed=range(6, 6 + depth), flate=flate)


def nested_forms(depth=100_000, draw=False):
    """`depth` form XObjects, each an indirect stream whose /Resources names the next.

    With `draw`, each form's content draws the next (`/X Do`), as does the page."""
    first = 6
    objects = one_page(content=(b"/X Do\n" if draw else b"") + TEXT,
                       resources=b"/Font<</F1 4 0 R>>/XObject<</X %d 0 R>>" % first)
    for level in range(depth):
        number = first + level
        following = b"/Resources<</XObject<</X %d 0 R>>>>" % (number + 1) if level + 1 < depth else b""
        body = b"/X Do" if draw and level + 1 < depth else b"0 0 1 1 re f"
        objects.append(stream(b"/Type/XObject/Subtype/Form/BBox[0 0 612 792]" + following, body))
    return write_pdf(objects)


def nested_forms_100():
    return nested_forms(100, draw=True)


def form_doubling(depth=40):
    """`depth` forms, each drawing the next twice: 2**depth drawings from a few kilobytes."""
    first = 6
    objects = one_page(content=b"/X Do\n" + TEXT, resources=b"/Font<</F1 4 0 R>>/XObject<</X %d 0 R>>" % first)
    for level in range(depth):
        number = first + level
        if level + 1 < depth:
            objects.append(stream(b"/Type/XObject/Subtype/Form/BBox[0 0 612 792]/Resources<</XObject<</X %d 0 R>>>>"
                                  % (number + 1), b"/X Do /X Do"))
        else:
            objects.append(stream(b"/Type/XObject/Subtype/Form/BBox[0 0 612 792]", b"0 0 1 1 re f"))
    return write_pdf(objects)


def huge_count(count=1_000_000_000):
    """One real page; /Pages says `count`."""
    return write_pdf(one_page(count=b"%d" % count))


def negative_count():
    return huge_count(-5)


def full_page_image(image, width=612, height=792):
    """A one-page PDF drawing `image` (object 6, an image XObject) over the whole page."""
    content = b"q %d 0 0 %d 0 0 cm /Im Do Q\n" % (width, height)
    return write_pdf(one_page(content=content, resources=b"/XObject<</Im 6 0 R>>",
                              media=b"[0 0 %d %d]" % (width, height), more=[image]))


def jbig2_segment(number, kind, data, page=1):
    return struct.pack(">IBBBI", number, kind, 0, page, len(data)) + data


def jbig2_bomb(side=100_000, region=None):
    """A 100x100 image whose embedded JBIG2 stream's page is `side` x `side`, with an immediate
    generic region of `region` x `region` (the whole page by default) decoded on it: arithmetic
    coding, template 0, typical prediction on, a few bytes of data (the decoder pads the rest)."""
    region = side if region is None else region
    page_info = struct.pack(">IIIIBH", side, side, 0, 0, 0, 0)
    generic = struct.pack(">IIIIB", region, region, 0, 0, 0) + b"\x08" + bytes([3, 0xFF, 0xFD, 0xFF, 2, 0xFE, 0xFE, 0xFE])
    generic += b"\x00\x00\xff\xac"
    data = jbig2_segment(0, 48, page_info) + jbig2_segment(1, 38, generic) + jbig2_segment(2, 49, b"")
    image = stream(b"/Type/XObject/Subtype/Image/Width 100/Height 100/ImageMask true/BitsPerComponent 1"
                   b"/Filter/JBIG2Decode", data)
    return full_page_image(image)


def ccitt_bomb(side=65536):
    """A `side` x `side` 1-bit CCITT G4 image, every row white (one bit each), drawn full-page."""
    rows = b"\xff" * ((side + 7) // 8)  # G4: an all-white row under an all-white one is V0, "1"
    eofb = b"\x00\x10\x01"  # 000000000001 000000000001, byte-aligned
    image = stream(b"/Type/XObject/Subtype/Image/Width %d/Height %d/BitsPerComponent 1/ColorSpace/DeviceGray"
                   b"/Filter/CCITTFaxDecode/DecodeParms<</K -1/Columns %d/Rows %d/BlackIs1 false>>"
                   % (side, side, side, side), rows + eofb)
    return full_page_image(image)


def flate_bomb(side=50_000):
    """A `side` x `side` 8-bit grey image whose Flate stream holds a few white rows only."""
    data = zlib.compress(b"\xff" * side * 4, 9)
    image = stream(b"/Type/XObject/Subtype/Image/Width %d/Height %d/BitsPerComponent 8/ColorSpace/DeviceGray"
                   b"/Filter/FlateDecode" % (side, side), data)
    return full_page_image(image)


def tiny_jpeg(width, height):
    """A baseline greyscale JPEG of `width` x `height` whose scan is a few grey blocks: every
    block is coded in two bits (DC difference 0, end of block), and the zeros libjpeg pads a
    short scan with decode as the same blocks."""
    def segment(marker, data):
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(data) + 2) + data
    quant = segment(0xDB, b"\x00" + b"\x01" * 64)
    frame = segment(0xC0, struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00")
    # One code of length 1 for symbol 0 in both tables: DC category 0, AC end of block.
    one_code = bytes([1] + [0] * 15) + b"\x00"
    huffman = segment(0xC4, b"\x00" + one_code + b"\x10" + one_code)
    scan = segment(0xDA, b"\x01\x01\x00\x00\x3f\x00")
    return b"\xff\xd8" + quant + frame + huffman + scan + b"\x00" * 16 + b"\xff\xd9"


def dct_bomb(side=50_000):
    image = stream(b"/Type/XObject/Subtype/Image/Width %d/Height %d/BitsPerComponent 8/ColorSpace/DeviceGray"
                   b"/Filter/DCTDecode" % (side, side), tiny_jpeg(side, side))
    return full_page_image(image)


def tiny_j2k(width, height):
    """A JPEG 2000 codestream of `width` x `height`, one grey component, one tile, no wavelet
    levels, and every packet empty (a zero byte each)."""
    def segment(marker, data):
        return struct.pack(">HH", marker, len(data) + 2) + data
    size = segment(0xFF51, struct.pack(">HIIIIIIIIH", 0, width, height, 0, 0, width, height, 0, 0, 1) + b"\x07\x01\x01")
    # LRCP, one layer, no transform; 0 decomposition levels, 64x64 code-blocks, 5/3 reversible.
    coding = segment(0xFF52, b"\x00\x00\x00\x01\x00" + b"\x00\x04\x04\x00\x01")
    quantization = segment(0xFF5C, b"\x40" + b"\x48")
    precincts = ((width + 32767) // 32768) * ((height + 32767) // 32768)
    packets = b"\x00" * precincts
    tile_part = 12 + 2 + len(packets)
    tile = struct.pack(">HHHIBB", 0xFF90, 10, 0, tile_part, 0, 1) + b"\xff\x93" + packets
    return b"\xff\x4f" + size + coding + quantization + tile + b"\xff\xd9"


def jpx_bomb(side=50_000):
    image = stream(b"/Type/XObject/Subtype/Image/Width %d/Height %d/BitsPerComponent 8/ColorSpace/DeviceGray"
                   b"/Filter/JPXDecode" % (side, side), tiny_j2k(side, side))
    return full_page_image(image)


def unbalanced_q(count=200_000):
    """A page whose content restores the graphics state `count` times more than it saved."""
    content = b"Q\n" * count + TEXT
    return write_pdf(one_page(content=content))


def million_pages(fanout=10, levels=6):
    """fanout**levels real pages in a few objects: each /Pages node's Kids name the same child
    `fanout` times, the last level the same page."""
    pages = fanout ** levels
    objects = [b"<</Type/Catalog/Pages 2 0 R>>"]
    # Pages nodes 2 .. levels+1; the page is levels+2, its font and content follow.
    page = levels + 2
    for level in range(levels):
        number = 2 + level
        child = number + 1
        parent = b"/Parent %d 0 R" % (number - 1) if level else b""
        objects.append(b"<</Type/Pages%s/Kids[%s]/Count %d>>"
                       % (parent, b" ".join([b"%d 0 R" % child] * fanout), pages // fanout ** level))
    objects.append(b"<</Type/Page/Parent %d 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 %d 0 R>>>>"
                   b"/Contents %d 0 R>>" % (page - 1, page + 1, page + 2))
    objects.append(FONT)
    objects.append(stream(b"", TEXT))
    return write_pdf(objects)


def deep_outline(depth=100_000, flate=True):
    """An outline (bookmarks) nested `depth` deep: each item's /First is the next."""
    objects = one_page(page_extra=b"")
    objects[0] = b"<</Type/Catalog/Pages 2 0 R/Outlines 6 0 R/PageMode/UseOutlines>>"
    first = 7
    objects.append(b"<</Type/Outlines/First %d 0 R/Last %d 0 R/Count %d>>" % (first, first, depth))
    for level in range(depth):
        number = first + level
        parent = number - 1
        children = b"/First %d 0 R/Last %d 0 R/Count %d" % (number + 1, number + 1, depth - level - 1) \
            if level + 1 < depth else b""
        objects.append(b"<</Title(%d)/Parent %d 0 R/Dest[3 0 R/Fit]%s>>" % (level, parent, children))
    return write_pdf(objects, compressed=range(first, first + depth), flate=flate)


def deep_page_tree(depth=100_000, flate=True):
    """A page tree `depth` /Pages levels deep above its one page."""
    # Catalog 1, Pages 2 .. depth+1, page depth+2, font depth+3, content depth+4.
    page = depth + 2
    objects = [b"<</Type/Catalog/Pages 2 0 R>>"]
    for level in range(depth):
        number = 2 + level
        parent = b"/Parent %d 0 R" % (number - 1) if level else b""
        objects.append(b"<</Type/Pages%s/Kids[%d 0 R]/Count 1>>" % (parent, number + 1))
    objects.append(b"<</Type/Page/Parent %d 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 %d 0 R>>>>"
                   b"/Contents %d 0 R>>" % (page - 1, page + 1, page + 2))
    objects.append(FONT)
    objects.append(stream(b"", TEXT))
    return write_pdf(objects, compressed=range(2, page + 1), flate=flate)


# ----------------------------------------------------------------------------------------------
# Images


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_with_pdf_comment(width=200, height=60):
    """A valid greyscale PNG of dark bars on white whose tEXt chunk, first after the header,
    holds `%PDF-1.4`."""
    rows = bytearray()
    for y in range(height):
        row = bytearray(b"\xff" * width)
        if 20 <= y < 40:
            for x in range(10, width - 10):
                if (x // 6) % 3 != 2:
                    row[x] = 0
        rows += b"\x00" + row
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    text = png_chunk(b"tEXt", b"Comment\x00%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n")
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + text + png_chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + png_chunk(b"IEND", b""))


# TIFF tag types
SHORT, LONG, RATIONAL = 3, 4, 5


class Block(int):
    """In a TIFF entry's values, the offset of the page's data block number `self`."""


def tiff(pages):
    """A little-endian TIFF of `pages`.

    A page is (entries, blocks): `entries` maps tag -> (type, values) where a value Block(i)
    becomes the offset of blocks[i]; blocks are written before the page's IFD."""
    out = bytearray(b"II*\x00\x00\x00\x00\x00")
    previous_link = 4
    for entries, blocks in pages:
        offsets = []
        for block in blocks:
            if len(out) % 2:
                out += b"\x00"
            offsets.append(len(out))
            out += block
        if len(out) % 2:
            out += b"\x00"
        ifd = len(out)
        struct.pack_into("<I", out, previous_link, ifd)
        extra = bytearray()
        extra_at = ifd + 2 + 12 * len(entries) + 4
        table = bytearray(struct.pack("<H", len(entries)))
        for tag in sorted(entries):
            kind, values = entries[tag]
            values = [offsets[v] if isinstance(v, Block) else v for v in values]
            if kind == SHORT:
                packed = struct.pack("<%dH" % len(values), *values)
            elif kind == LONG:
                packed = struct.pack("<%dI" % len(values), *values)
            else:
                packed = b"".join(struct.pack("<II", n, d) for n, d in values)
            if len(packed) <= 4:
                field = packed.ljust(4, b"\x00")
            else:
                field = struct.pack("<I", extra_at + len(extra))
                extra += packed
                if len(extra) % 2:
                    extra += b"\x00"
            count = len(values)
            table += struct.pack("<HHI", tag, kind, count) + field
        previous_link = ifd + len(table)
        table += b"\x00\x00\x00\x00"
        out += table + extra
    return bytes(out)


def tiff_strip_page(width, height, data, bits=(8,), samples=1, photometric=1, extra=None):
    entries = {
        256: (LONG, [width]), 257: (LONG, [height]), 258: (SHORT, list(bits)), 259: (SHORT, [1]),
        262: (SHORT, [photometric]), 273: (LONG, [Block(0)]), 277: (SHORT, [samples]),
        278: (LONG, [height]), 279: (LONG, [len(data)]), 282: (RATIONAL, [(72, 1)]),
        283: (RATIONAL, [(72, 1)]), 296: (SHORT, [2]),
    }
    entries.update(extra or {})
    return entries, [data]


def tiff_pages(count=1000, side=8):
    """`count` pages of `side` x `side` 8-bit grey, one uncompressed strip each."""
    page = tiff_strip_page(side, side, bytes([0xFF, 0x00] * (side * side // 2)))
    return tiff([page] * count)


def tiff_pages_1000():
    return tiff_pages(1000)


def tiff_pages_10000():
    return tiff_pages(10_000)


def grey_pattern(width, height):
    return bytes(255 if (x // 8 + y // 8) % 2 else 0 for y in range(height) for x in range(width))


def tiff_float32(width=64, height=64):
    """One page of 32-bit IEEE float samples (SampleFormat 3), 0.0 to 1.0."""
    data = b"".join(struct.pack("<f", value / 255) for value in grey_pattern(width, height))
    return tiff([tiff_strip_page(width, height, data, bits=(32,), extra={339: (SHORT, [3])})])


def tiff_12bit(width=64, height=64):
    """One page of 12-bit grey samples, packed two to three bytes."""
    values = [value * 16 for value in grey_pattern(width, height)]
    data = bytearray()
    for i in range(0, len(values), 2):
        a, b = values[i], values[i + 1]
        data += bytes([a >> 4, ((a & 0xF) << 4) | (b >> 8), b & 0xFF])
    return tiff([tiff_strip_page(width, height, bytes(data), bits=(12,))])


def tiff_tiled_page2(width=64, height=64, tile=16):
    """Page 1 in one strip, page 2 the same picture in `tile` x `tile` tiles."""
    picture = grey_pattern(width, height)
    first = tiff_strip_page(width, height, picture)
    tiles = []
    for ty in range(0, height, tile):
        for tx in range(0, width, tile):
            tiles.append(b"".join(picture[(ty + y) * width + tx:(ty + y) * width + tx + tile] for y in range(tile)))
    entries = {
        256: (LONG, [width]), 257: (LONG, [height]), 258: (SHORT, [8]), 259: (SHORT, [1]),
        262: (SHORT, [1]), 277: (SHORT, [1]), 282: (RATIONAL, [(72, 1)]), 283: (RATIONAL, [(72, 1)]),
        296: (SHORT, [2]), 322: (LONG, [tile]), 323: (LONG, [tile]),
        324: (LONG, [Block(i) for i in range(len(tiles))]), 325: (LONG, [len(t) for t in tiles]),
    }
    return tiff([first, (entries, tiles)])


# ----------------------------------------------------------------------------------------------

ATTACKS = {
    "nested-resources": (nested_resources, "pdf"),
    "nested-forms": (nested_forms, "pdf"),
    "nested-forms-100": (nested_forms_100, "pdf"),
    "form-doubling": (form_doubling, "pdf"),
    "huge-count": (huge_count, "pdf"),
    "negative-count": (negative_count, "pdf"),
    "jbig2-bomb": (jbig2_bomb, "pdf"),
    "ccitt-bomb": (ccitt_bomb, "pdf"),
    "flate-bomb": (flate_bomb, "pdf"),
    "dct-bomb": (dct_bomb, "pdf"),
    "jpx-bomb": (jpx_bomb, "pdf"),
    "unbalanced-q": (unbalanced_q, "pdf"),
    "million-pages": (million_pages, "pdf"),
    "deep-outline": (deep_outline, "pdf"),
    "deep-page-tree": (deep_page_tree, "pdf"),
    "png-with-pdf-comment": (png_with_pdf_comment, "png"),
    "tiff-pages-1000": (tiff_pages_1000, "tif"),
    "tiff-pages-10000": (tiff_pages_10000, "tif"),
    "tiff-float32": (tiff_float32, "tif"),
    "tiff-12bit": (tiff_12bit, "tif"),
    "tiff-tiled-page2": (tiff_tiled_page2, "tif"),
}


def make(name, **sizes):
    """The bytes of attack `name`, with its size parameters (`depth`, `count`, `side`...) if given."""
    function, _ = ATTACKS[name]
    return function(**sizes)


def extension(name):
    return ATTACKS[name][1]


def write_named(folder, names, table, kind):
    """Writes FOLDER/NAME.EXT for each of `names` (all of `table`'s when none), `table` mapping
    a name to (function making its bytes, extension), and prints the paths; returns the exit
    status, 2 when a name is not in `table`."""
    names = names or list(table)
    unknown = [name for name in names if name not in table]
    if unknown:
        print(f"unknown {kind}: {' '.join(unknown)} (known: {' '.join(table)})", file=sys.stderr)
        return 2
    os.makedirs(folder, exist_ok=True)
    for name in names:
        function, ending = table[name]
        path = os.path.join(folder, f"{name}.{ending}")
        with open(path, "wb") as file:
            file.write(function())
        print(path)
    return 0


def main(arguments):
    if not arguments or arguments[0] in ("-h", "--help"):
        print(__doc__.strip() + "\n\nattacks: " + " ".join(ATTACKS), file=sys.stderr)
        return 2
    return write_named(arguments[0], arguments[1:], ATTACKS, "attack")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

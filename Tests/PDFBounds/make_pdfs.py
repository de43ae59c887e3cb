#!/usr/bin/python3
"""make_pdfs.py FOLDER NAME: writes FOLDER/NAME.pdf, a PDF made to cost more to write as a
searchable PDF than it draws (PDFBoundsTests). Each is one page drawing a grey image of a line
of text, plus:

  type3-page-resources  a Type 3 glyph (a font without /Resources) that draws an image through
                        the page's resources, which no operator of the page's contents names
  metadata-typed-image  the page's image is typed /Metadata, with '<?xpacket end=' in its pixels
  content-bomb          the page's content stream inflates to 256 MiB of NUL bytes (white space)
  content-bomb-thrice   the same stream three times over in the page's contents: 768 MiB
  objstm-bomb           an object stream nothing refers to inflates to 512 MiB
  inflate-cap           a stream of 122 MB that inflates to 490 MB, private data of the catalog's
"""
import io
import sys
import zlib

WIDTH, HEIGHT = 1200, 200


def stream(dictionary, data):
    return b"<< " + dictionary + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def build(objects, xref_stream_rows=None):
    """The PDF of `objects` ({number: body}), with a cross-reference table."""
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = out.tell()
        out.write(b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n")
    size = max(objects) + 1
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % size)
    for number in range(1, size):
        out.write(b"%010d 00000 n \n" % offsets[number] if number in offsets else b"0000000000 65535 f \n")
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref))
    return out.getvalue()


def words():
    """Grey pixels of a line of text, black on white (ImageMagick draws it): a page with words
    gets a text layer laid over it, which is what reads its contents."""
    import subprocess
    pixels = subprocess.run(["convert", "-size", f"{WIDTH}x{HEIGHT}", "xc:white", "-font", "DejaVu-Sans",
                             "-pointsize", "48", "-annotate", "+20+110", "Hello world test", "-depth", "8", "gray:-"],
                            check=True, capture_output=True).stdout
    assert len(pixels) == WIDTH * HEIGHT
    return pixels


def page(image_dictionary=None, image_data=None, content=None, resources=b""):
    """Objects 1 to 5: catalog, pages, page, contents, image."""
    if image_dictionary is None:
        image_dictionary = (b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                            b"/BitsPerComponent 8 /Filter /FlateDecode" % (WIDTH, HEIGHT))
        image_data = zlib.compress(words())
    width, height = WIDTH * 72 // 150, HEIGHT * 72 // 150
    return {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /XObject << /Im0 5 0 R >> %s>> "
           b"/Contents 4 0 R >>" % (width, height, resources),
        4: content if content is not None else stream(b"", b"q %d 0 0 %d 0 0 cm /Im0 Do Q" % (width, height)),
        5: stream(image_dictionary, image_data),
    }


def zeros_deflated(count, level=9):
    compressor = zlib.compressobj(level)
    chunk = bytes(1 << 24)
    parts = []
    while count > 0:
        parts.append(compressor.compress(chunk[:min(count, len(chunk))]))
        count -= len(chunk)
    parts.append(compressor.flush())
    return b"".join(parts)


def type3_page_resources():
    objects = page(resources=b"/Font << /T3 6 0 R >> ")
    objects[3] = objects[3].replace(b"/Im0 5 0 R", b"/Im0 5 0 R /ImG 8 0 R")
    width, height = WIDTH * 72 // 150, HEIGHT * 72 // 150
    objects[4] = stream(b"", b"q %d 0 0 %d 0 0 cm /Im0 Do Q BT /T3 60 Tf 200 10 Td (a) Tj ET" % (width, height))
    objects[6] = (b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1 1] /FontMatrix [1 0 0 1 0 0] "
                  b"/CharProcs << /a 7 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> "
                  b"/FirstChar 97 /LastChar 97 /Widths [1] >>")
    objects[7] = stream(b"", b"1 0 0 0 1 1 d1 q 1 0 0 1 0 0 cm /ImG Do Q")
    objects[8] = stream(b"/Type /XObject /Subtype /Image /Width 50 /Height 50 /ColorSpace /DeviceGray "
                        b"/BitsPerComponent 8", bytes(2500))
    return build(objects)


def metadata_typed_image():
    pixels = words()
    at = WIDTH * 100
    pixels = pixels[:at] + b'   \n\t  <?xpacket end="w"?>' + pixels[at + 25:]
    dictionary = (b"/Type /Metadata /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                  b"/BitsPerComponent 8" % (WIDTH, HEIGHT))
    return build(page(dictionary, pixels))


def content_bomb():
    return build(page(content=stream(b"/Filter /FlateDecode", zeros_deflated(256 << 20))))


def content_bomb_thrice():
    objects = page(content=stream(b"/Filter /FlateDecode", zeros_deflated(256 << 20)))
    objects[3] = objects[3].replace(b"/Contents 4 0 R", b"/Contents [4 0 R 4 0 R 4 0 R]")
    return build(objects)


def objstm_bomb():
    """Objects 1 to 5 in a classic layout, object 6 an object stream nothing refers to, listed in
    a cross-reference stream (object 9) with objects 7 and 8 inside it."""
    import struct
    objects = page()
    header = b"7 0 8 11 "
    objects[6] = stream(b"/Type /ObjStm /N 2 /First %d /Filter /FlateDecode" % len(header),
                        zeros_deflated(512 << 20))
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = out.tell()
        out.write(b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n")
    xref = out.tell()
    rows = [(0, 0, 65535)] + [(1, offsets[n], 0) for n in range(1, 7)] + [(2, 6, 0), (2, 6, 1), (1, xref, 0)]
    table = zlib.compress(b"".join(struct.pack(">BIH", *row) for row in rows))
    out.write(b"9 0 obj\n<< /Type /XRef /Size 10 /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length %d >>\n"
              b"stream\n" % len(table) + table + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % xref)
    return out.getvalue()


def inflate_cap(repeats=245):
    # Huffman-only codes of 1.75 and 2.5 bits a byte: 3.99 to 1 together. Each block ends on a
    # byte (a full flush) and, Huffman-only, depends on nothing before it, so the compressed
    # blocks are repeated rather than 490 MB compressed.
    import struct
    a, b = b"ABAC" * (1 << 18), b"ABCD" * (1 << 18)
    compressor = zlib.compressobj(1, zlib.DEFLATED, -15, 9, zlib.Z_HUFFMAN_ONLY)
    blocks = compressor.compress(a) + compressor.flush(zlib.Z_FULL_FLUSH)
    blocks += compressor.compress(b) + compressor.flush(zlib.Z_FULL_FLUSH)
    checksum = 1
    for _ in range(repeats):
        checksum = zlib.adler32(a + b, checksum)
    # A zlib header, the blocks, an empty last block (fixed codes), the Adler-32 of it all.
    data = b"\x78\x01" + blocks * repeats + b"\x03\x00" + struct.pack(">I", checksum)
    objects = page()
    objects[1] = b"<< /Type /Catalog /Pages 2 0 R /PieceInfo << /Test << /Private 6 0 R >> >> >>"
    objects[6] = stream(b"/Filter /FlateDecode", data)
    return build(objects)


MAKERS = {
    "type3-page-resources": type3_page_resources,
    "metadata-typed-image": metadata_typed_image,
    "content-bomb": content_bomb,
    "content-bomb-thrice": content_bomb_thrice,
    "objstm-bomb": objstm_bomb,
    "inflate-cap": inflate_cap,
    # 40 MB as stored, within the optimiser's 64 MiB, that inflates to 160 MB, past its 128 MiB.
    "inflate-past-cap": lambda: inflate_cap(80),
}

if __name__ == "__main__":
    folder, name = sys.argv[1], sys.argv[2]
    with open(f"{folder}/{name}.pdf", "wb") as out:
        out.write(MAKERS[name]())

"""PNG in the standard library: Chromium's RGB or RGBA screenshot read, and written again
deterministically, as 8-bit grey when every pixel is grey, with a pHYs chunk for a page's
resolution."""
import struct
import zlib


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

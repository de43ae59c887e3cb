#!/usr/bin/env python3
"""Writes the small image files the codec tests decode: one per format and pixel layout.

Every fixture is 40x30 pixels: the left half opaque colour (200, 40, 30), the right half
either fully transparent (so it must become white) or opaque blue (30, 60, 200).
Run from the repository root: python3 scripts/make-fixtures.py
"""
import io
import os
from PIL import Image

OUT = "Tests/ImageCodecTests/Fixtures"
W, H = 40, 30
LEFT = (200, 40, 30)
RIGHT = (30, 60, 200)


def rgb():
    image = Image.new("RGB", (W, H), RIGHT)
    image.paste(LEFT, (0, 0, W // 2, H))
    return image


def rgba():
    image = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    image.paste(LEFT + (255,), (0, 0, W // 2, H))
    return image


def save(image, name, **options):
    image.save(os.path.join(OUT, name), **options)


def main():
    os.makedirs(OUT, exist_ok=True)
    save(rgb(), "rgb.png", dpi=(150, 150))
    save(rgba(), "rgba.png")
    save(rgb().convert("L"), "grey.png")
    save(rgba().convert("LA"), "grey-alpha.png")
    save(rgb().quantize(colors=4), "palette.png")
    palette = rgba().convert("P")  # keeps a transparent palette entry via tRNS
    save(palette, "palette-alpha.png", transparency=palette.getpixel((W - 1, 0)))
    # 16 bits per sample: grey ramp stored in 16-bit, top byte equals the 8-bit grey.
    grey16 = Image.new("I;16", (W, H))
    grey16.putdata([(x * 6) * 257 for y in range(H) for x in range(W)])
    save(grey16, "grey16.png")
    save(rgb(), "rgb.jpg", quality=95, dpi=(200, 200))
    save(rgb().convert("CMYK"), "cmyk.jpg", quality=95)
    save(rgb().convert("1", dither=Image.Dither.NONE), "bilevel.tif", compression="group4", dpi=(300, 300))
    save(rgb(), "rgb.tif", compression="tiff_lzw")
    save(rgb(), "rgb.bmp")
    save(rgb(), "rgb.ppm")
    save(rgb().convert("L"), "grey.pgm")
    save(rgb(), "rgb.webp", lossless=True)
    save(rgb().quantize(colors=4), "palette.gif")
    save(Image.new("RGB", (1, 1), (255, 255, 255)), "one-pixel.png")
    with open(os.path.join(OUT, "rgb.png"), "rb") as f:
        data = f.read()
    with open(os.path.join(OUT, "truncated.png"), "wb") as f:
        f.write(data[: len(data) // 2])
    with open(os.path.join(OUT, "text.png"), "w") as f:
        f.write("This is a text file, not a PNG image.\n")
    open(os.path.join(OUT, "empty.png"), "wb").close()
    with open(os.path.join(OUT, "huge-header.png"), "wb") as f:
        f.write(png_header_only(100_000, 100_000))


def png_header_only(width, height):
    """A PNG signature and IHDR claiming width x height RGB, with no pixel data."""
    import struct
    import zlib
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


if __name__ == "__main__":
    main()

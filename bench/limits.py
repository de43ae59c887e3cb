#!/usr/bin/env python3
"""What refusing an image costs: for every format, a file whose header claims 40000x25000
pixels (1 gigapixel) is given to `filterocr ocr --max-pixels 1000000`; also a small PNG
padded to 8 GB (a sparse file) and /dev/zero on standard input.
Prints the wall time and peak memory of each refusal, beside `filterocr --version` as the
reference cost of starting the process, and the worst case. The target: under 100 MB and
0.5 s for every one.

usage: bench/limits.py [path/to/filterocr]
"""
import os, struct, subprocess, sys, tempfile, zlib

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/filterocr"
W, H = 40000, 25000
FIXTURES = "Tests/ImageCodecTests/Fixtures"


def png():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + chunk(b"IEND", b"")


def jpeg():
    # A real JPEG (the test fixture) whose frame header claims the size.
    data = bytearray(open(FIXTURES + "/rgb.jpg", "rb").read())
    for index in range(2, len(data) - 9):
        if data[index] == 0xFF and data[index + 1] in (0xC0, 0xC1, 0xC2):
            data[index + 5:index + 9] = struct.pack(">HH", H, W)
            return bytes(data)
    raise SystemExit("no frame header in rgb.jpg")


def bmp():
    info = struct.pack("<IiiHHIIiiII", 40, W, H, 1, 24, 0, 0, 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 54 + 1000, 0, 0, 54) + info + b"\0" * 1000


def pnm():
    return f"P6\n{W} {H}\n255\n".encode() + b"\0" * 1000


def gif():
    screen = b"GIF89a" + struct.pack("<HHBBB", W, H, 0, 0, 0)
    frame = b"\x2c" + struct.pack("<HHHHB", 0, 0, W, H, 0) + b"\x02\x02\x4c\x01\x00"
    return screen + frame + b"\x3b"


def webp():
    vp8x = b"VP8X" + struct.pack("<I", 10) + b"\0\0\0\0" + (W - 1).to_bytes(3, "little") + (H - 1).to_bytes(3, "little")
    body = b"WEBP" + vp8x
    return b"RIFF" + struct.pack("<I", len(body)) + body


def tiff():
    entries = [(256, 4, 1, W), (257, 4, 1, H), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
               (273, 4, 1, 200), (277, 3, 1, 1), (278, 4, 1, H), (279, 4, 1, W * H)]
    ifd = struct.pack("<H", len(entries)) + b"".join(struct.pack("<HHII", *e) for e in entries) + b"\0\0\0\0"
    return b"II*\x00" + struct.pack("<I", 8) + ifd + b"\0" * 64


def jp2():
    ihdr = b"ihdr" + struct.pack(">IIHBBBB", H, W, 3, 7, 7, 0, 0)
    jp2h = struct.pack(">I", 8 + len(ihdr) + 4) + b"jp2h" + struct.pack(">I", len(ihdr) + 4) + ihdr
    return (b"\x00\x00\x00\x0cjP  \r\n\x87\n" + b"\x00\x00\x00\x14ftypjp2 \x00\x00\x00\x00jp2 " + jp2h
            + b"\x00\x00\x00\x08jp2c")


def measure(arguments, stdin=None):
    with tempfile.NamedTemporaryFile() as timing:
        run = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", timing.name, BIN] + arguments,
                             stdin=stdin, capture_output=True, text=True)
        seconds, kib = open(timing.name).read().split()[-2:]
    return float(seconds), int(kib) / 1024, run.returncode, run.stderr.strip().splitlines()[-1:] or [""]


def main():
    rows = [("filterocr --version (start-up)",) + measure(["--version"])[:3] + ("",)]
    with tempfile.TemporaryDirectory() as folder:
        for name, make in [("png", png), ("jpg", jpeg), ("bmp", bmp), ("ppm", pnm), ("gif", gif), ("webp", webp),
                           ("tif", tiff), ("jp2", jp2)]:
            path = f"{folder}/claims-1-gigapixel.{name}"
            open(path, "wb").write(make())
            seconds, mib, status, message = measure(["ocr", "--no-feed", "--max-pixels", "1000000", path])
            rows.append((f"{name.upper()} claiming {W}x{H}", seconds, mib, status, message[0]))
        padded = f"{folder}/padded.png"
        open(padded, "wb").write(open(FIXTURES + "/rgb.png", "rb").read())
        os.truncate(padded, 8 << 30)
        seconds, mib, status, message = measure(["ocr", "--no-feed", padded])
        rows.append(("PNG padded to 8 GB", seconds, mib, status, message[0]))
        with open("/dev/zero", "rb") as zero:
            seconds, mib, status, message = measure(["batch", "--no-feed", "--stdin-image"], stdin=zero)
        rows.append(("/dev/zero on standard input", seconds, mib, status, message[0]))
        with open("/dev/zero", "rb") as zero:
            seconds, mib, status, message = measure(["batch", "--no-feed", "--stdin-image", "--max-bytes", "100000"],
                                                    stdin=zero)
        rows.append(("/dev/zero on standard input, --max-bytes 100 KB", seconds, mib, status, message[0]))
    print(f"{'refusal':44} {'wall s':>7} {'peak MB':>8} {'exit':>5}  message")
    for name, seconds, mib, status, message in rows:
        print(f"{name:44} {seconds:7.2f} {mib:8.1f} {status:5}  {message[:90]}")
    refusals = rows[1:]
    worst_time = max(refusals, key=lambda r: r[1])
    worst_memory = max(refusals, key=lambda r: r[2])
    print(f"\nworst time: {worst_time[1]:.2f} s ({worst_time[0]}); worst peak memory: {worst_memory[2]:.1f} MB "
          f"({worst_memory[0]}); targets 0.5 s and 100 MB")


if __name__ == "__main__":
    main()

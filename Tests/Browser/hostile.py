"""Hostile inputs the server tests and bench/serve_stress.py share, made without any imaging library."""

import struct
import zlib


def bilevel_png(width, height):
    """A white 1-bit PNG: tiny on disk (10000x10000 is about 12 KB), huge when decoded."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + b"\xff" * ((width + 7) // 8)
    pixels = zlib.compress(row * height, 9)
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def resident_memory(pid):
    """(VmRSS, VmHWM) of a process in bytes, from /proc."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0]) * 1024
    return fields.get("VmRSS", 0), fields.get("VmHWM", 0)

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


def hostile_documents(names=None, sizes=None):
    """{file name: bytes} of scripts/hostile_documents.py's attacks (all, or those named): deep
    nesting, huge page counts, image bombs inside PDFs, unusual TIFF pages. `sizes` maps an
    attack's name to its size parameters, e.g. {"nested-resources": {"depth": 2000}}."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "scripts" / "hostile_documents.py"
    spec = importlib.util.spec_from_file_location("hostile_documents", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {f"{name}.{module.extension(name)}": module.make(name, **(sizes or {}).get(name, {}))
            for name in (names or module.ATTACKS)}

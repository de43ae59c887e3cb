#!/usr/bin/env python3
"""For every image of images/, the strength at which each filter reads best (lowest CER
against the sidecar truth, from the default sweep), its CER there, and the original's CER.

usage: bench/best.py [path/to/filterocr]
"""
import glob, json, os, subprocess, sys

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/filterocr"
TYPES = (".png", ".jpg", ".tif", ".webp", ".gif", ".bmp")


def sweep(image, filter):
    run = subprocess.run([BIN, "sweep", image, "--filter", filter, "--format", "jsonl", "-j", "2"],
                         capture_output=True, text=True, check=True)
    return [json.loads(line) for line in run.stdout.splitlines()]


def original_cer(image):
    run = subprocess.run([BIN, "ocr", "--json", "--no-feed", image], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)["accuracy"]["characterErrorRate"]


def main():
    print(f"{'image':26} {'original CER':>12} {'best blur':>10} {'CER':>7} {'best binarize':>14} {'CER':>7}")
    for image in sorted(p for p in glob.glob("images/*") if p.endswith(TYPES)):
        cells = [f"{original_cer(image):12.4f}"]
        for filter, unit in [("blur", "σ"), ("binarize", "t")]:
            rows = sweep(image, filter)
            best = min(rows, key=lambda r: r["accuracy"]["characterErrorRate"])
            label = f"{unit} {best['parameter']:g}"
            cells += [f"{label:>{10 if filter == 'blur' else 14}}", f"{best['accuracy']['characterErrorRate']:7.4f}"]
        print(f"{os.path.basename(image):26} " + " ".join(cells))


if __name__ == "__main__":
    main()

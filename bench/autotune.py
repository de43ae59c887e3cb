#!/usr/bin/env python3
"""Tune the automatic choice's reading score on the `tune` split of bench/degrade.py's set,
never on `test`: recognises every image with every candidate chain once (cached in
SETDIR/.tune-SPLIT.json), then replays the choice with the score's parameters varied and
prints, for each setting, the mean CER of the choice against the original's and the
oracle's (the best chain by the truth).

usage: bench/autotune.py [path/to/filterocr] SETDIR [SPLIT]
"""
import glob
import itertools
import json
import os
import subprocess
import sys

CHAINS = [
    "original", "greyscale; then sauvola", "median", "blur; slider 1%", "contrast", "erode", "deskew",
    "sharpen", "otsu", "median; then sauvola", "dilate", "scale", "scale; then sauvola", "scale; then median",
    "scale; then otsu", "scale; then erode", "median; then otsu", "median; then erode", "contrast; then sauvola",
    "erode; then sauvola", "blur; slider 1%; then otsu", "blur; slider 1%; then sauvola",
    "greyscale; then sauvola; then median", "deskew; then sauvola",
]


# The score's parameters tried: the exponent of the confidence for each shape of word, the
# cost of an unlikely character, and the gain over the original a candidate needs.
GRID = {
    "dictionary": [0.25, 0.5, 1], "number": [1, 2], "letters": [1, 2, 3], "mixed": [2, 3, 5],
    "garbage": [0.3, 0.6, 1.0, 1.5], "gain": [0.0, 0.02, 0.04, 0.08],
}


def recognise(binary, images, chain):
    command = [binary, "batch", "--format", "jsonl", "--no-feed", "-j", "2"] + ([] if chain == "original" else ["--ops", chain])
    out = subprocess.run(command + images, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        row = json.loads(line)
        if "error" in row:
            continue
        rows[row["image"]] = {
            "cer": row["accuracy"]["characterErrorRate"],
            "words": [(w["text"], w["confidence"], w.get("dictionary", False), w["box"][3]) for w in row["words"]],
        }
    return rows


def shape(text, dictionary):
    if dictionary:
        return "dictionary"
    core = text.strip(".,;:!?\"'()[]{}«»“”‘’")
    digit = any(c.isdigit() for c in core)
    letter = any(c.isalpha() for c in core)
    if digit and not letter and all(c.isdigit() or c in ".,:/-%$€£+x" for c in core):
        return "number"
    if letter and not digit and all(c.isalpha() or c in "'’-" for c in core):
        return "letters"
    return "mixed"


SHAPES = ("dictionary", "number", "letters", "mixed")


def features(words, exponents):
    """Per shape: the characters, and for each exponent e the characters weighted by confidence^e."""
    sums = {}
    for text, confidence, dictionary, _ in words:
        c = min(1, max(0, confidence / 100))
        kind = shape(text, dictionary)
        sums[(kind, None)] = sums.get((kind, None), 0) + len(text)
        for e in exponents:
            sums[(kind, e)] = sums.get((kind, e), 0) + len(text) * c ** e
    return sums


def score(sums, p):
    # Σ n (q − g (1 − q)) = (1 + g) Σ n q − g Σ n
    return sum((1 + p["garbage"]) * sums.get((k, p[k]), 0) - p["garbage"] * sums.get((k, None), 0) for k in SHAPES)


def choose(results, chains, p):
    scores = {chain: score(results[chain]["features"], p) for chain in chains if chain in results}
    original = scores["original"]
    best = max(scores, key=scores.get)
    return best if scores[best] > original + p["gain"] * abs(original) else "original"


def main():
    args = sys.argv[1:]
    binary = args.pop(0) if args and os.access(args[0], os.X_OK) and not os.path.isdir(args[0]) else ".build/release/filterocr"
    setdir = args[0]
    split = args[1] if len(args) > 1 else "tune"
    cache_path = os.path.join(setdir, f".tune-{split}.json")
    cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
    images = sorted(f for f in glob.glob(os.path.join(setdir, split, "*")) if not f.endswith(".txt"))
    for chain in CHAINS:
        if chain not in cache:
            print(f"recognising with {chain!r}", file=sys.stderr)
            cache[chain] = recognise(binary, images, chain)
            json.dump(cache, open(cache_path, "w"))
    per_image = {}
    for chain, rows in cache.items():
        for image, row in rows.items():
            per_image.setdefault(image, {})[chain] = row
    names = sorted(per_image)
    exponents = sorted({e for k in SHAPES for e in GRID[k]})
    for n in names:
        for row in per_image[n].values():
            row["features"] = features(row["words"], exponents)
    mean = lambda values: sum(values) / len(values)
    original = mean([per_image[n]["original"]["cer"] for n in names])
    oracle = mean([min(r["cer"] for r in per_image[n].values()) for n in names])
    print(f"{len(names)} images: original {original:.4f}, oracle {oracle:.4f}")
    results = []
    for values in itertools.product(*GRID.values()):
        p = dict(zip(GRID.keys(), values))
        chosen = [per_image[n][choose(per_image[n], CHAINS, p)]["cer"] for n in names]
        worst = max(c - per_image[n]["original"]["cer"] for c, n in zip(chosen, names))
        results.append((mean(chosen), worst, p))
    results.sort(key=lambda r: (r[0], r[1]))
    for cer, worst, p in results[:12]:
        print(f"auto {cer:.4f} (x{cer / original:.2f} of original) worst +{worst:.4f}  {p}")
    if len(sys.argv) > 0:
        p = results[0][2]
        for n in names:
            c = choose(per_image[n], CHAINS, p)
            print(f"  {os.path.basename(n):36} {per_image[n]['original']['cer']:.3f} -> {per_image[n][c]['cer']:.3f} "
                  f"(oracle {min(r['cer'] for r in per_image[n].values()):.3f})  {c}")


if __name__ == "__main__":
    main()

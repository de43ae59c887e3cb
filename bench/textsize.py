#!/usr/bin/env python3
"""Times `filterocr ocr` against the `tesseract` command line on one core, page by page, on
12-megapixel photos and on 300-dpi scans, and compares their character error rates: what
reading large letters at a smaller scale (`--text-size auto`) saves against reading every page
as it is (`--text-size off`, the default), and what it costs in accuracy.

usage: bench/textsize.py FILTEROCR [--photos DIR] [--runs N]      (make bench runs it)

  photos  images/document_photo_12mp.jpg, the development corpus's camera page of typescript
          (devcorpus/public/typewriter_linzensoep_nld.png), and every page of at least 10
          megapixels with its truth in DIR: the test split of `bench/devset.py devcorpus/rendered
          --kinds perspective --max-pixels 12000000` (phone photos of pages nobody tuned on;
          made in a temporary folder when DIR is not given)
  scans   the 300-dpi TIFF scans of devcorpus/public and images/exam_page.tif

Then `filterocr --version` against `tesseract --version` (the start-up each pays), alternating,
median of 60. Each command runs N times (default 3), the three commands alternating, on a quiet machine;
the figure is the median. `tesseract` runs with OMP_THREAD_LIMIT=1 (one core, as filterocr's
one engine for one page; its default OpenMP threads take 2-4x longer on two cores). Ratios are
the sums of the medians over a set.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import score  # noqa: E402


def cer(truth_path, text):
    truth = score.normalised(open(truth_path, encoding="utf-8").read())
    return score.distance(truth, score.normalised(text)) / max(1, len(truth))


def timed(command, env):
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    elapsed = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"textsize.py: {' '.join(command)} failed: {result.stderr.strip()[:300]}")
    return elapsed, result.stdout


def pixels(path):
    out = subprocess.run(["identify", "-format", "%w %h\n", path], capture_output=True, text=True).stdout.split()
    return int(out[0]) * int(out[1]) if len(out) >= 2 else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("filterocr")
    parser.add_argument("--photos", metavar="DIR")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    photos = [f"{ROOT}/images/document_photo_12mp.jpg", f"{ROOT}/devcorpus/public/typewriter_linzensoep_nld.png"]
    made = args.photos is None
    if made:
        # The phone photos are made here, as bench/auto.sh makes its set (about two minutes).
        args.photos = tempfile.mkdtemp(prefix="filterocr-photos-")
        print(f"building 12 MP phone photos of devcorpus/rendered in {args.photos} (bench/devset.py)", flush=True)
        subprocess.run(["/usr/bin/python3", f"{HERE}/devset.py", f"{ROOT}/devcorpus/rendered", "--out", args.photos,
                        "--seeds", "3", "--kinds", "perspective", "--max-pixels", "12000000"],
                       check=True, stdout=subprocess.DEVNULL)
    if args.photos:
        folder = os.path.join(args.photos, "test")
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if not name.endswith(".txt") and os.path.exists(os.path.splitext(path)[0] + ".txt") and pixels(path) >= 10_000_000:
                photos.append(path)
    scans = sorted(f"{ROOT}/devcorpus/public/{name}" for name in os.listdir(f"{ROOT}/devcorpus/public") if name.endswith(".tif"))
    scans.append(f"{ROOT}/images/exam_page.tif")

    env = dict(os.environ, OMP_THREAD_LIMIT="1", FILTEROCR_STORE="none")
    commands = {
        "tesseract": lambda page: ["tesseract", page, "-"],
        "filterocr": lambda page: [args.filterocr, "ocr", "--no-feed", "--text-size", "auto", page],
        "as given": lambda page: [args.filterocr, "ocr", "--no-feed", "--text-size", "off", page],
    }
    for title, pages in (("12 MP photos", photos), ("300-dpi scans", scans)):
        print(f"\n{title}: median of {args.runs} runs, seconds (CER)")
        print(f"| page | MP | `tesseract` (1 core) | `--text-size auto` | ÷ tesseract | `--text-size off` | CER auto − tesseract |")
        print("|---|---|---|---|---|---|---|")
        totals = {name: 0.0 for name in commands}
        worst = 0.0
        for page in pages:
            times = {name: [] for name in commands}
            texts = {}
            for _ in range(args.runs):
                for name, command in commands.items():
                    seconds, texts[name] = timed(command(page), env)
                    times[name].append(seconds)
            medians = {name: statistics.median(values) for name, values in times.items()}
            rates = {name: cer(os.path.splitext(page)[0] + ".txt", text) for name, text in texts.items()}
            for name in commands:
                totals[name] += medians[name]
            worst = max(worst, rates["filterocr"] - rates["tesseract"])
            print(f"| {os.path.basename(page)} | {pixels(page) / 1e6:.1f} | {medians['tesseract']:.2f} ({rates['tesseract']:.4f}) "
                  f"| {medians['filterocr']:.2f} ({rates['filterocr']:.4f}) | {medians['filterocr'] / medians['tesseract']:.2f}x "
                  f"| {medians['as given']:.2f} ({rates['as given']:.4f}) | {rates['filterocr'] - rates['tesseract']:+.4f} |",
                  flush=True)
        print(f"| **all {len(pages)}** | | {totals['tesseract']:.2f} | {totals['filterocr']:.2f} "
              f"| **{totals['filterocr'] / totals['tesseract']:.2f}x** | {totals['as given']:.2f} | worst {worst:+.4f} |")
    startup(args.filterocr)
    if made:
        shutil.rmtree(args.photos, ignore_errors=True)


def startup(filterocr, runs=60):
    """`filterocr --version` against `tesseract --version`: the start-up each process pays,
    the two alternating, the median of `runs` each."""
    times = {"filterocr": [], "tesseract": []}
    for _ in range(runs):
        for name, command in (("filterocr", [filterocr, "--version"]), ("tesseract", ["tesseract", "--version"])):
            start = time.monotonic()
            subprocess.run(command, capture_output=True, check=True)
            times[name].append(time.monotonic() - start)
    medians = {name: statistics.median(values) * 1000 for name, values in times.items()}
    print(f"\nstart-up, median of {runs}: `filterocr --version` {medians['filterocr']:.1f} ms, "
          f"`tesseract --version` {medians['tesseract']:.1f} ms: **{medians['filterocr'] / medians['tesseract']:.2f}x**")


if __name__ == "__main__":
    main()

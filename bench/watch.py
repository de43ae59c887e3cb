#!/usr/bin/env python3
"""The hot folder against `batch -j 2` on the same files, in one invocation: 120 small images
(labels, where starting an engine would dominate) and 8 one-page scans (where reading does).

The watcher is started on an inbox that already holds the files (--settle 0, -j 2, no store)
and timed from its start until it has printed a line for every file; `batch -j 2 --no-store`
is timed over the same files. Each is run RUNS times (default 3), alternating, and the median
of each is compared. The targets: the watcher within 3x batch's time on the labels, 1.25x on
the scans.

usage: bench/watch.py [path/to/filterocr]
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/filterocr")
RUNS = int(os.environ.get("RUNS", "3"))
SCAN = "images/book_page.png"


def labels(folder, count=120):
    """Small images of a line of text each, as a label printer's scans are."""
    os.makedirs(folder)
    for index in range(count):
        subprocess.run(["convert", "-size", "360x90", "xc:white", "-font", "DejaVu-Sans", "-pointsize", "30",
                        "-fill", "black", "-annotate", "+12+58", f"LOT {index:04d} BOX {index * 7 % 97:02d}",
                        f"{folder}/label-{index:04d}.png"], check=True)


def scans(folder, count=8):
    os.makedirs(folder)
    for index in range(count):
        shutil.copy(SCAN, f"{folder}/scan-{index}.png")


def batch(files):
    start = time.monotonic()
    subprocess.run([BIN, "batch", "-j", "2", "--no-store", "--no-feed"] + files, stdout=subprocess.DEVNULL, check=True)
    return time.monotonic() - start


def watch(source, count, work):
    inbox, outbox = f"{work}/in", f"{work}/out"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(source, inbox)
    start = time.monotonic()
    watcher = subprocess.Popen([BIN, "watch", inbox, "--to", outbox, "--settle", "0", "-j", "2", "--no-store"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines = 0
    for _ in watcher.stdout:
        lines += 1
        if lines == count:
            break
    elapsed = time.monotonic() - start
    watcher.terminate()
    watcher.wait()
    if lines != count:
        raise SystemExit(f"the watcher printed {lines} lines of {count}")
    return elapsed


def compare(name, source, count, target, root):
    files = sorted(os.path.join(source, f) for f in os.listdir(source))
    batches, watches = [], []
    for _ in range(RUNS):
        batches.append(batch(files))
        watches.append(watch(source, count, f"{root}/work"))
    ratio = statistics.median(watches) / statistics.median(batches)
    print(f"{name:24} batch -j 2 {statistics.median(batches):6.2f} s  watch -j 2 {statistics.median(watches):6.2f} s  "
          f"ratio {ratio:.2f}x (target <= {target}x; runs: batch {', '.join(f'{t:.2f}' for t in batches)}; "
          f"watch {', '.join(f'{t:.2f}' for t in watches)})")
    return ratio <= target


def main():
    root = tempfile.mkdtemp(prefix="filterocr-bench-watch-")
    try:
        labels(f"{root}/labels")
        scans(f"{root}/scans")
        print(f"hot folder against batch, median of {RUNS} runs each, {os.cpu_count()} cores")
        ok = compare("120 labels (360x90)", f"{root}/labels", 120, 3.0, root)
        ok = compare("8 one-page scans", f"{root}/scans", 8, 1.25, root) and ok
        if not ok:
            print("watch: a target was missed")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()

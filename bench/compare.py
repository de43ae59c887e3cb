#!/usr/bin/env python3
"""Two builds of filterocr head to head, alternating in one run, so that a change can be
shown not to slow anything down on a noisy machine: `ocr` over the images with ground
truth, `batch -j 2` over images/ and the corpus, and every REPL transition of bench/repl.py.
Prints the best time of each and the ratio new ÷ old.

usage: bench/compare.py OLD_BINARY NEW_BINARY [RUNS]
"""
import glob, json, os, statistics, subprocess, sys, time

OLD, NEW = sys.argv[1], sys.argv[2]
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 3
CORPUS = os.environ.get("FILTEROCR_CORPUS", "corpus")
TYPES = (".png", ".jpg", ".tif", ".webp", ".gif", ".bmp")
IMAGES = sorted(p for p in glob.glob("images/*") if p.endswith(TYPES))
STATES = ["blur", "binarize", "75%", "slider 1.5"]


def wall(command, stdin=None):
    start = time.perf_counter()
    subprocess.run(command, input=stdin, capture_output=True, check=False)
    return time.perf_counter() - start


def best_of(commands):
    """Alternates the commands RUNS times; the best wall time of each."""
    times = [[] for _ in commands]
    for _ in range(RUNS):
        for index, command in enumerate(commands):
            times[index].append(wall(*command))
    return [min(t) for t in times]


def transitions(binary, image):
    script = "\n".join(STATES) + "\n"
    run = subprocess.run([binary, "repl", "--json", "--no-feed", "--image", image],
                         input=script, capture_output=True, text=True)
    objects = [json.loads(line) for line in run.stdout.splitlines()]
    return [o["timings"]["total"] for o in objects if "timings" in o]


def main():
    env = dict(os.environ)
    env.pop("OMP_THREAD_LIMIT", None)
    truth = [p for p in IMAGES if os.path.exists(os.path.splitext(p)[0] + ".txt")]
    truth += [CORPUS + "/phototest.tif", CORPUS + "/eurotext.tif"]
    listing = "\n".join((IMAGES + glob.glob(CORPUS + "/*.tif") + glob.glob(CORPUS + "/*.jpg")) * 2) + "\n"
    rows = []
    old, new = best_of([([OLD, "ocr", "--no-feed"] + truth,), ([NEW, "ocr", "--no-feed"] + truth,)])
    rows.append((f"ocr, {len(truth)} images", old, new))
    old, new = best_of([([OLD, "batch", "--no-feed", "-j", "2"], listing.encode()),
                        ([NEW, "batch", "--no-feed", "-j", "2"], listing.encode())])
    rows.append((f"batch -j 2, {listing.count(chr(10))} images", old, new))
    ratios = []
    for image in IMAGES:
        best_old, best_new = None, None
        for _ in range(RUNS):
            a, b = transitions(OLD, image), transitions(NEW, image)
            best_old = a if best_old is None else [min(x, y) for x, y in zip(best_old, a)]
            best_new = b if best_new is None else [min(x, y) for x, y in zip(best_new, b)]
        ratios += [n / o for o, n in zip(best_old, best_new) if o > 0]
        rows.append((f"repl {os.path.basename(image)} (sum of 5 transitions, s)",
                     sum(best_old) / 1000, sum(best_new) / 1000))
    print(f"{'measurement':58} {'old s':>8} {'new s':>8} {'new ÷ old':>10}")
    for name, old, new in rows:
        print(f"{name:58} {old:8.2f} {new:8.2f} {new / old:10.3f}")
    print(f"\nREPL transitions: median new ÷ old {statistics.median(ratios):.3f}, "
          f"{sum(r <= 1.05 for r in ratios)}/{len(ratios)} within 5%")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Per-transition latency of the REPL against the tesseract command line on the same pixels.

For each image of images/, runs one scripted session (original, blur, binarize, 75%,
slider 1.5, then original again, which the cache answers) and saves each rendered state as
PNG; then times `tesseract STATE.png -` with default settings and with OMP_THREAD_LIMIT=1 on
those PNGs, in the same run. Prints milliseconds and ratios.

usage: bench/repl.py [path/to/filterocr]
"""
import glob, json, os, statistics, subprocess, sys, tempfile, time

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/filterocr"
STATES = ["original", "blur", "binarize", "75%", "slider 1.5"]
IMAGE_TYPES = (".png", ".jpg", ".tif", ".webp", ".gif", ".bmp")


def session(image, folder):
    script = []
    for index, state in enumerate(STATES):
        if index > 0:
            script.append(state)
        script.append(f"save {folder}/{index}.png")
    script.append("original")
    run = subprocess.run([BIN, "repl", "--json", "--no-feed", "--image", image],
                         input="\n".join(script) + "\n", capture_output=True, text=True, check=True)
    objects = [json.loads(line) for line in run.stdout.splitlines()]
    return [o for o in objects if "timings" in o]


def tesseract_ms(png, env):
    start = time.perf_counter()
    subprocess.run(["tesseract", png, "-"], capture_output=True, env=env, check=True)
    return (time.perf_counter() - start) * 1000


def main():
    images = sorted(p for p in glob.glob("images/*") if p.endswith(IMAGE_TYPES))
    default_env = {k: v for k, v in os.environ.items() if k != "OMP_THREAD_LIMIT"}
    single_env = dict(default_env, OMP_THREAD_LIMIT="1")
    rows, ratios_default, ratios_single, hits = [], [], [], []
    print(f"{'image':28} {'state':11} {'filterocr':>10} {'tess 1T':>9} {'tess dflt':>10} {'÷1T':>6} {'÷dflt':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for image in images:
            transitions = session(image, folder)
            for index, state in enumerate(STATES):
                ours = transitions[index]["timings"]["total"]
                png = f"{folder}/{index}.png"
                single = tesseract_ms(png, single_env)
                default = tesseract_ms(png, default_env)
                ratios_single.append(ours / single)
                ratios_default.append(ours / default)
                print(f"{os.path.basename(image):28} {state:11} {ours:10.1f} {single:9.1f} {default:10.1f} "
                      f"{ours / single:6.2f} {ours / default:6.2f}")
            cached = transitions[-1]
            assert cached["cached"], "the last original should come from the cache"
            hits.append(cached["timings"]["total"])
    print()
    print(f"median filterocr ÷ OMP_THREAD_LIMIT=1 tesseract: {statistics.median(ratios_single):.2f} "
          f"(max {max(ratios_single):.2f}, {sum(r < 1 for r in ratios_single)}/{len(ratios_single)} transitions faster)")
    print(f"median filterocr ÷ default tesseract:           {statistics.median(ratios_default):.2f} "
          f"(max {max(ratios_default):.2f})")
    print(f"cache hits (original again): median {statistics.median(hits):.2f} ms, max {max(hits):.2f} ms")


if __name__ == "__main__":
    main()

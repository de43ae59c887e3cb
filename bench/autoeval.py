#!/usr/bin/env python3
"""Judges `filterocr ocr --auto` on the development set that bench/devset.py builds from
devcorpus/: pages nobody tuned on, split by source page and by generator seed.

usage: bench/autoeval.py SET [--bin PATH] [--splits test,clean] [--rows FILE] [--redo COLUMNS]
                         [--no-ocrmypdf] [--no-oracle] [--line-oracle] [--limit N] [--strict]

  SET        a folder built by bench/devset.py (its manifest.tsv names every page's split,
             source, seed and kinds), or by bench/corpus_set.py (its set.tsv names every page's
             corpus split, train, val or test, its kind and the device that made a copy; each
             page is scored as devcorpus/corpus.tsv says, bench/score.py's `scoring`, but for the
             oracle, which is filterocr's own plain score of each candidate)
  --splits   which of tune, test, mixed, clean and real to run (default: test,clean); real is
             the real pages devset.py --real copied as given (real-tune and real-test, reported
             together, with a row for each side)
  --rows     keep every page's row in FILE (TSV) and reuse the rows already there: a second
             run measures only what is missing (or what --redo names)
  --redo     measure these columns again even when FILE has them: tesseract, ocrmypdf,
             plain, auto (comma-separated; after a change to filterocr: --redo plain,auto)
  --no-oracle  run --auto without the truth and without --explain, as before the oracle
             column: no oracle, its figures left empty, the --auto time without the scoring
  --limit    only the first N pages of each split (by name)
  --strict   exit 1 when a target is missed
  --auto-options  more options for the --auto run, e.g. "--auto-budget 5"
  --keep-json DIR  keep each page's --auto report (with the oracle: --explain's features and
             every candidate's accuracy) in DIR/SPLIT/FILE.json, what a decision is learned from

For every page, one row:
  tesseract  `tesseract IMAGE stdout` (OMP_THREAD_LIMIT=1)
  ocrmypdf   OCRmyPDF `--rotate-pages --deskew --clean` (its --sidecar text; --image-dpi 300
             for pages that carry no resolution)
  original   `filterocr ocr IMAGE --json` (no filters)
  auto       `filterocr ocr IMAGE --auto --explain --truth NAME.txt --json` (the rendering
             chosen without the truth: the truth only scores the candidates, afterwards)
  lines      with --line-oracle: the line oracle, the CER if each line of the truth were read
             by whichever candidate --auto read whole reads it best (the truth's lines aligned
             to each candidate's text by Levenshtein's edit script): what combining the
             candidates line by line could reach, beside what choosing one whole page can
             (oracle). Each candidate is read again from a result store of the page's own,
             filled by an untimed --auto run
  oracle     from that same run: the lowest CER among the candidates --auto read whole (not
             its samples, `sampled`), each scored by filterocr against the truth
             (`auto.candidates[].accuracy`): what a perfect choice among them would read.
             auto - oracle is what the choice loses; oracle - original what the candidates
             could gain. `best` is that candidate's script (of equal CERs, the first tried, so
             a page where no candidate beats the original counts as the original)
each scored by bench/score.py's definition (docs/accuracy.md; filterocr's is the same), with
the wall seconds of the plain and the --auto run (the tesseract and OCRmyPDF columns run two at
a time; filterocr's two alone, so that their times are a quiet machine's, and with --no-store,
so that every recognition is made and none is answered by the result store). The --auto time
includes scoring every candidate against the truth: next to nothing on short pages, about 0.8 s
(0.13 s a candidate) on a page of 6,600 characters; --no-oracle for times without it.

Then, per split: for every column the macro CER (the mean of the pages' rates) and the micro
CER (the sum of their edit distances over the sum of their truths' lengths); the same per kind
(a page with two kinds counts under both) and for the pages as they arrive (a page with any of
ARRIVAL's kinds) and the degraded scans (the others), or for real pages their tuning and test
sources; beside the columns, auto / tesseract, auto / ocrmypdf, auto - oracle (macro, over the
pages that have both) and the share of pages whose best candidate is the original; the worst
page; the pages where the oracle read best by the most (auto - oracle); how many pages --auto
read worse than as given (at all, by more than 0.02, and on clean pages by more than 0.005);
and the median of auto seconds over plain seconds. The targets (issue: "--auto that holds on pages
nobody has seen") are checked on the macro means:
  arrival   auto <= 0.25x tesseract, <= 0.5x ocrmypdf
  degraded  auto <= 0.2x tesseract
  every page   auto - original <= 0.02;  clean pages <= 0.005
  time      median auto s / plain s <= 3 (each run alone, on a quiet machine)
"""
import argparse
import concurrent.futures
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402  (bench/score.py: the one definition of the error rate)

ARRIVAL = {"turn", "invert", "borders", "tilt", "perspective", "specks", "phone", "scanner", "thermal", "screenshot"}
COLUMNS = ("tesseract", "ocrmypdf", "original", "auto", "oracle", "lines")
FIELDS = ["split", "file", "kinds", "truth_chars", "tesseract", "ocrmypdf", "original", "auto",
          "oracle", "lines", "plain_s", "auto_s", "chosen", "best", "tried", "note"]
SPLITS = ("tune", "test", "mixed", "clean", "real", "train", "val")
REAL = ("real-tune", "real-test")  # the manifest's splits of the real pages, reported as `real`


def in_split(page_split, split):
    return page_split in REAL if split == "real" else page_split == split


def read_manifest(folder):
    """The set's pages: devset.py's manifest as it is, or corpus_set.py's with each page's kind
    and device as its kinds (a page as given has its kind alone)."""
    if not os.path.exists(os.path.join(folder, "manifest.tsv")) and os.path.exists(os.path.join(folder, "set.tsv")):
        with open(os.path.join(folder, "set.tsv"), encoding="utf-8") as f:
            pages = list(csv.DictReader(f, delimiter="\t"))
        for page in pages:
            page["kinds"] = page["kind"] + ("" if page["device"] == "-" else "," + page["device"])
            SCORINGS[page["file"]] = page["scoring"]
        return pages
    with open(os.path.join(folder, "manifest.tsv"), encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


# How each page of a corpus set is scored, by file; devset.py's pages are all `plain`.
SCORINGS = {}


class Truth(str):
    """A page's truth, with how it is scored."""
    scoring = "plain"


def truth_of(image):
    with open(os.path.splitext(image)[0] + ".txt", encoding="utf-8") as f:
        truth = Truth(f.read())
    truth.scoring = SCORINGS.get(os.path.basename(image), "plain")
    return truth


def cer_of(truth, text):
    return score.scores(truth, text, getattr(truth, "scoring", "plain"))[0]


def kinds_of(row):
    """The kinds of a page (the manifest separates them with commas); clean pages have none."""
    return [k for k in row["kinds"].replace("+", ",").split(",") if k and k != "-"]


def first_json(text):
    start = text.find("{")
    while start >= 0:
        try:
            value, _ = json.JSONDecoder().raw_decode(text, start)
            if isinstance(value, dict):
                return value
        except ValueError:
            pass
        start = text.find("{", start + 1)
    return None


def run_tesseract(image, truth):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    done = subprocess.run(["tesseract", image, "stdout"], capture_output=True, text=True, env=env, timeout=600)
    if done.returncode != 0:
        return None, "tesseract failed"
    return cer_of(truth, done.stdout), ""


def run_ocrmypdf(image, truth):
    with tempfile.TemporaryDirectory() as work:
        sidecar = os.path.join(work, "out.txt")
        done = subprocess.run(["ocrmypdf", "--rotate-pages", "--deskew", "--clean", "--image-dpi", "300",
                               "--jobs", "1", "--output-type", "pdf", "--sidecar", sidecar, image,
                               os.path.join(work, "out.pdf")], capture_output=True, text=True, timeout=900)
        if done.returncode != 0 or not os.path.exists(sidecar):
            line = next((l for l in done.stderr.splitlines() if l.strip()), "no output")
            return None, f"ocrmypdf: {line[:120]}"
        with open(sidecar, encoding="utf-8", errors="replace") as f:
            # OCRmyPDF separates pages with a form feed; a page is one page here.
            return cer_of(truth, f.read().replace("\f", " ")), ""


def oracle_of(choice):
    """The lowest CER among the candidates read whole, and its script (of equal CERs the first
    tried: the original is tried first); (None, "") without candidates scored."""
    best = None
    for candidate in choice.get("candidates") or []:
        rate = (candidate.get("accuracy") or {}).get("characterErrorRate")
        if candidate.get("sampled") or rate is None:
            continue
        if best is None or rate < best[0]:
            best = (rate, candidate.get("script", ""))
    return best or (None, "")


def line_oracle(binary, image, truth, auto_options=()):
    """The line oracle of `image` (see `lines` above); None when --auto gave no candidates."""
    import Levenshtein  # Debian's python3-levenshtein: the edit script of pages of thousands of characters
    lines = [score.normalised(line) for line in truth.splitlines()]
    lines = [line for line in lines if line]
    with tempfile.TemporaryDirectory() as work:
        common = ["--json", "--no-feed", "--no-truth", "--store", os.path.join(work, "store.sqlite")]
        done = subprocess.run([binary, "ocr", image, "--auto", "--explain", *auto_options, *common],
                              capture_output=True, text=True, timeout=1800)
        report = first_json(done.stdout)
        if done.returncode != 0 or report is None:
            return None
        scripts = [c.get("script", "") for c in (report.get("auto") or {}).get("candidates") or [] if not c.get("sampled")]
        best = [None] * len(lines)
        for script in scripts:
            options = [] if script == "original" else ["--ops", script]
            read = first_json(subprocess.run([binary, "ocr", image, *options, *common],
                                             capture_output=True, text=True, timeout=1800).stdout)
            if read is None:
                continue
            text = score.normalised(read.get("text", ""))
            for index, (line, read_there) in enumerate(zip(lines, score.stretches(lines, text))):
                errors = Levenshtein.distance(line, read_there)
                best[index] = errors if best[index] is None else min(best[index], errors)
    if not lines or None in best:
        return None
    return sum(best) / max(1, len(" ".join(lines)))


def run_filterocr(binary, image, truth, auto, auto_options=(), oracle=False, keep=None):
    """The CER, the seconds, and with --auto the script chosen, the candidates tried and with
    `oracle` the best candidate's CER and script; then a note. With `keep`, the report is
    written there too (JSON: the page's `--explain` features and candidates, to learn from)."""
    if auto and oracle:
        scoring = ["--truth", os.path.splitext(image)[0] + ".txt", "--explain"]
    else:
        scoring = ["--no-truth"]
    command = ([binary, "ocr", image, "--json", "--no-feed", "--no-store", *scoring]
               + (["--auto", *auto_options] if auto else []))
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800)
    seconds = time.monotonic() - start
    report = first_json(done.stdout)
    if done.returncode != 0 or report is None:
        line = next((l for l in done.stderr.splitlines() if l.strip()), "no output")
        return None, seconds, "", "", None, "", f"filterocr: {line[:120]}"
    if keep:
        os.makedirs(os.path.dirname(keep), exist_ok=True)
        with open(keep, "w", encoding="utf-8") as f:
            json.dump(report, f, sort_keys=True)
    choice = report.get("auto") or {}
    best, best_script = oracle_of(choice) if auto and oracle else (None, "")
    return (cer_of(truth, report.get("text", "")), seconds, choice.get("script", ""), choice.get("tried", ""),
            best, best_script, "")


def fmt(value, digits=4):
    return "" if value is None else f"{value:.{digits}f}"


def num(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def measure(args, pages):
    rows = {}
    if args.rows and os.path.exists(args.rows):
        with open(args.rows, encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                # Rows kept before a column was added have it empty.
                rows[(row["split"], row["file"])] = {field: row.get(field) or "" for field in FIELDS}
    redo = set(args.redo.split(",")) if args.redo else set()

    def save():
        if not args.rows:
            return
        with open(args.rows + ".part", "w", encoding="utf-8", newline="") as f:
            writer = csv.DictWriter(f, FIELDS, delimiter="\t")
            writer.writeheader()
            for key in sorted(rows):
                writer.writerow(rows[key])
        os.replace(args.rows + ".part", args.rows)

    # Each page's row, image and truth, read once.
    work = []
    for page in pages:
        image = os.path.join(args.set, page["split"], page["file"])
        truth = truth_of(image)
        row = rows.setdefault((page["split"], page["file"]), {field: "" for field in FIELDS})
        row.update(split=page["split"], file=page["file"], kinds=page["kinds"],
                   truth_chars=str(len(score.normalised(truth))))
        work.append((row, image, truth))

    def wanted(row, column):
        if column == "auto" and args.oracle and row["oracle"] == "":
            return True  # one --auto run gives both
        if column == "lines" and not args.line_oracle:
            return False
        return column in redo or row[column] == ""

    # The reference columns, two at a time: they are not timed.
    jobs = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for row, image, truth in work:
            if wanted(row, "tesseract"):
                jobs.append((row, "tesseract", pool.submit(run_tesseract, image, truth)))
            if args.ocrmypdf and wanted(row, "ocrmypdf"):
                jobs.append((row, "ocrmypdf", pool.submit(run_ocrmypdf, image, truth)))
        for row, column, job in jobs:
            value, note = job.result()
            row[column] = fmt(value)
            if note:
                row["note"] = note
                print(f"  {row['file']}: {note}", file=sys.stderr)
            save()

    # filterocr alone: its times are compared with each other.
    for index, (row, image, truth) in enumerate(work, 1):
        if wanted(row, "original") or "plain" in redo:
            value, seconds, _, _, _, _, note = run_filterocr(args.bin, image, truth, auto=False)
            row.update(original=fmt(value), plain_s=fmt(seconds, 2))
            if note:
                row["note"] = note
        if wanted(row, "auto"):
            keep = os.path.join(args.keep_json, row["split"], row["file"] + ".json") if args.keep_json else None
            value, seconds, chosen, tried, best, best_script, note = run_filterocr(
                args.bin, image, truth, auto=True, auto_options=args.auto_options.split(), oracle=args.oracle, keep=keep)
            row.update(auto=fmt(value), auto_s=fmt(seconds, 2), chosen=chosen, tried=str(tried),
                       oracle=fmt(best), best=best_script)
            if note:
                row["note"] = note
        if wanted(row, "lines") or (args.line_oracle and "auto" in redo):
            row["lines"] = fmt(line_oracle(args.bin, image, truth, args.auto_options.split()))
        save()
        print(f"[{index}/{len(pages)}] {row['split']:9} {row['file']:58} tess {row['tesseract']:>6} "
              f"orig {row['original']:>6} auto {row['auto']:>6} oracle {row['oracle']:>6} lines {row['lines']:>6}  {row['chosen']}"
              + (f"  (best: {row['best']})" if row['best'] and row['best'] != row['chosen'] else ""), flush=True)
    return [row for row, _, _ in work]


def summary(rows, label):
    """Macro and micro CER of every column over `rows`, with the pages that have all of them."""
    out = {}
    for column in COLUMNS:
        have = [r for r in rows if num(r[column]) is not None]
        if not have:
            out[column] = (None, None)
            continue
        macro = statistics.fmean(num(r[column]) for r in have)
        chars = sum(int(r["truth_chars"]) for r in have)
        micro = sum(num(r[column]) * int(r["truth_chars"]) for r in have) / max(1, chars)
        out[column] = (macro, micro)
    return out


def ratio(means, column):
    auto, other = means["auto"][0], means[column][0]
    return None if auto is None or not other else auto / other


def gap(rows):
    """Macro auto - oracle over the pages that have both."""
    both = [num(r["auto"]) - num(r["oracle"]) for r in rows
            if num(r["auto"]) is not None and num(r["oracle"]) is not None]
    return statistics.fmean(both) if both else None


def original_best(rows):
    """How many pages have a best candidate, and of them how many the original."""
    have = [r for r in rows if r["best"]]
    return sum(r["best"] == "original" for r in have), len(have)


def share(counts, width=7):
    hits, total = counts
    return f"{'-':>{width}}" if not total else f"{100 * hits / total:>{width - 1}.0f}%"


def report(rows, split):
    failures = []
    print(f"\n== {split}: {len(rows)} pages")
    if not rows:
        if split == "real":
            print("no real pages in the set (bench/devset.py --real devcorpus/photographed --out SET adds them)")
        return failures
    kinds = sorted({k for r in rows for k in kinds_of(r)})
    groups = [("all", rows)]
    if split == "real":
        groups += [("tune src", [r for r in rows if r["split"] == "real-tune"]),
                   ("test src", [r for r in rows if r["split"] == "real-test"])]
        # Per kind (real-photo-curl), under a row for their first word when it has several
        # (real-photo: real-photo-curl and real-photo-perspective).
        families = {}
        for kind in kinds:
            families.setdefault("-".join(kind.split("-")[:2]), []).append(kind)
        for family, members in sorted(families.items()):
            if len(members) > 1:
                groups.append((f"  {family}", [r for r in rows if set(members) & set(kinds_of(r))]))
            groups += [(f"{'    ' if len(members) > 1 else '  '}{kind}", [r for r in rows if kind in kinds_of(r)])
                       for kind in members]
    elif split != "clean":
        groups += [("arrival", [r for r in rows if ARRIVAL & set(kinds_of(r))]),
                   ("degraded", [r for r in rows if not ARRIVAL & set(kinds_of(r))])]
        groups += [(f"  {kind}", [r for r in rows if kind in kinds_of(r)]) for kind in kinds]
    width = max([12] + [len(name) for name, _ in groups])
    print(f"{'pages':{width}} {'n':>3}  {'tesseract':>15} {'ocrmypdf':>15} {'original':>15} {'auto':>15} "
          f"{'oracle':>15} {'lines':>15}   {'auto/tess':>9} {'auto/ocrm':>9} {'auto-orac':>9} {'orig best':>9}   (macro micro)")
    table = {}
    for name, group in groups:
        if not group:
            continue
        means = summary(group, name)
        table[name.strip()] = means
        cells = " ".join(f"{fmt(means[c][0], 3):>7} {fmt(means[c][1], 3):>7}" if means[c][0] is not None
                         else f"{'-':>15}" for c in COLUMNS)
        print(f"{name:{width}} {len(group):>3}  {cells}   {fmt(ratio(means, 'tesseract'), 3):>9} "
              f"{fmt(ratio(means, 'ocrmypdf'), 3):>9} {fmt(gap(group), 3):>9} {share(original_best(group), 9)}")

    deltas = [(num(r["auto"]) - num(r["original"]), r) for r in rows
              if num(r["auto"]) is not None and num(r["original"]) is not None]
    worse = [(d, r) for d, r in deltas if d > 0]
    limit = 0.005 if split == "clean" else 0.02
    far = [(d, r) for d, r in worse if d > limit]
    worst = max(rows, key=lambda r: num(r["auto"]) if num(r["auto"]) is not None else -1)
    print(f"worst page: {worst['file']} auto {worst['auto']} (original {worst['original']}, tesseract {worst['tesseract']})")
    print(f"pages --auto read worse than as given: {len(worse)} of {len(deltas)}; "
          f"by more than {limit}: {len(far)}")
    for d, r in sorted(far, key=lambda x: -x[0]):
        print(f"   +{d:.4f}  {r['file']}  {r['original']} -> {r['auto']}  ({r['chosen']})")
    times = [num(r["auto_s"]) / num(r["plain_s"]) for r in rows if num(r["auto_s"]) and num(r["plain_s"])]
    median_time = statistics.median(times) if times else None
    print(f"median auto s / plain s: {fmt(median_time, 2)}")
    gaps = sorted(((num(r["auto"]) - num(r["oracle"]), r) for r in rows
                   if num(r["auto"]) is not None and num(r["oracle"]) is not None), key=lambda x: -x[0])
    missed = [(d, r) for d, r in gaps if d > 0.02]
    print(f"pages where a candidate read better than the choice by more than 0.02: {len(missed)} of {len(gaps)}"
          + ("; the largest:" if missed else ""))
    for d, r in missed[:5]:
        print(f"   +{d:.4f}  {r['file']}  auto {r['auto']} ({r['chosen'] or '-'}), oracle {r['oracle']} ({r['best']})")

    def check(label, value, target):
        verdict = "no value" if value is None else ("ok" if value <= target else "MISSED")
        print(f"   {label}: {fmt(value, 3)} (target <= {target}) {verdict}")
        if verdict != "ok":
            failures.append(label)

    if split != "clean":
        if "arrival" in table:
            check("arrival auto / tesseract", ratio(table["arrival"], "tesseract"), 0.25)
            check("arrival auto / ocrmypdf", ratio(table["arrival"], "ocrmypdf"), 0.5)
        if "degraded" in table:
            check("degraded auto / tesseract", ratio(table["degraded"], "tesseract"), 0.2)
    check(f"pages worse by more than {limit}", float(len(far)), 0)
    check("median auto s / plain s", median_time, 3)
    means = table["all"]
    hits, total = original_best(rows)
    print(f"autoeval-summary {split} n={len(rows)} " + " ".join(
        f"{c}={fmt(means[c][0])}/{fmt(means[c][1])}" for c in COLUMNS)
        + f" auto_minus_oracle={fmt(gap(rows))} original_best={hits}/{total}"
        + f" worse={len(worse)} far={len(far)} time_ratio={fmt(median_time, 2)}")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set")
    parser.add_argument("--bin", default=".build/release/filterocr")
    parser.add_argument("--splits", default="test,clean")
    parser.add_argument("--rows")
    parser.add_argument("--redo", default="")
    parser.add_argument("--no-ocrmypdf", dest="ocrmypdf", action="store_false")
    parser.add_argument("--no-oracle", dest="oracle", action="store_false",
                        help="run --auto without the truth and --explain: no oracle column")
    parser.add_argument("--line-oracle", action="store_true",
                        help="add the line oracle (lines): each candidate read again from a store")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--auto-options", default="", help="more options for the --auto run, e.g. '--auto-budget 5'")
    parser.add_argument("--keep-json", metavar="DIR",
                        help="keep each page's --auto report in DIR/SPLIT/FILE.json (its features and candidates)")
    args = parser.parse_args()
    splits = args.splits.split(",")
    for split in splits:
        if split not in SPLITS:
            parser.error(f"unknown split '{split}' (tune, test, mixed, clean or real; train, val or test of a corpus set)")
    for column in filter(None, args.redo.split(",")):
        if column not in ("tesseract", "ocrmypdf", "plain", "auto"):
            parser.error(f"--redo takes tesseract, ocrmypdf, plain and auto, not '{column}'")
    if args.redo and "plain" in args.redo.split(","):
        args.redo += ",original"
    manifest = read_manifest(args.set)
    pages = []
    for split in splits:
        chosen = sorted((p for p in manifest if in_split(p["split"], split)), key=lambda p: p["file"])
        pages += chosen[:args.limit] if args.limit else chosen
    version = subprocess.run([args.bin, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"filterocr {version} ({args.bin}), {os.cpu_count()} cores, set {args.set}: "
          + ", ".join(f"{s} {sum(in_split(p['split'], s) for p in pages)}" for s in splits))
    rows = measure(args, pages)
    failures = []
    for split in splits:
        failures += report([r for r in rows if in_split(r["split"], split)], split)
    if args.strict and failures:
        sys.exit(1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Puts `--auto`'s modes side by side on one corpus set, in the groups the targets of `--auto`'s
learned decisions name: one bench/autoeval.py rows file per mode (the same set, split and
binary; each run with `--auto-options "--auto-by MODE"`), read together.

usage: bench/modes66.py SET MODE=ROWS.tsv [MODE=ROWS.tsv ...] [--default MODE] [--split test]

Groups (a page may be in several), from SET/set.tsv (bench/corpus_set.py):
  receipts         every receipt, as given or copied
  arrival          copies made as a phone, a cheap scanner, a photographed thermal slip or a
                   screenshot make them, and real phone photos
  degraded         fax and photocopy copies, and real forms (FUNSD's faxes and photocopies)
  never described  pages of kinds that neither the train nor the validation split has
  clean            rendered pages as given
For each group and mode: the mean CER (each page scored as the corpus says) and its ratio to
the `tesseract` command line's; the page oracle and the line oracle where a mode's run measured
them (the best candidate its search read whole; the best candidate for each line); then, for
`--default`, its mean less `page`'s (target <= 0.003 on every group), pages read worse than as
given by more than 0.02 (clean pages: 0.005), and the median of each mode's seconds over the
plain reading's (each run alone; a cost figure only when the run was on a quiet machine).
Every figure names its split."""
import argparse
import csv
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "corpus"))

ARRIVAL_DEVICES = {"phone", "scanner", "thermal", "screenshot"}
DEGRADED_DEVICES = {"fax", "photocopy"}
TARGETS = {"receipts": 0.45, "arrival": 0.15, "never described": 0.4, "degraded": 0.25}


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def groups_of(page, described):
    kind, device, origin = page["kind"], page["device"], page["origin"]
    groups = []
    if kind.startswith("receipt"):
        groups.append("receipts")
    if device in ARRIVAL_DEVICES or kind == "phone-photo":
        groups.append("arrival")
    if device in DEGRADED_DEVICES or (kind == "form" and origin == "real"):
        groups.append("degraded")
    if kind not in described:
        groups.append("never described")
    if device == "-" and origin == "rendered":
        groups.append("clean")
    return groups


def described_kinds():
    import manifest
    return {row["kind"] for row in manifest.read_manifest() if row["split"] in ("train", "val")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set")
    parser.add_argument("runs", nargs="+", help="MODE=ROWS.tsv")
    parser.add_argument("--default", default="learned")
    parser.add_argument("--split", default="test")
    args = parser.parse_args()
    with open(os.path.join(args.set, "set.tsv"), encoding="utf-8") as f:
        pages = {(p["split"], p["file"]): p for p in csv.DictReader(f, delimiter="\t") if p["split"] == args.split}
    described = described_kinds()
    runs = {}
    for run in args.runs:
        mode, _, path = run.partition("=")
        with open(path, encoding="utf-8") as f:
            runs[mode] = {(r["split"], r["file"]): r for r in csv.DictReader(f, delimiter="\t") if (r["split"], r["file"]) in pages}
    modes = list(runs)
    keys = sorted(set.intersection(*(set(rows) for rows in runs.values())))
    print(f"split {args.split}: {len(keys)} pages read by every mode ({', '.join(modes)})")
    grouped = {}
    for key in keys:
        for group in ["all"] + groups_of(pages[key], described):
            grouped.setdefault(group, []).append(key)

    first = runs[modes[0]]
    header = f"{'group':16} {'n':>4} {'tesseract':>9} " + " ".join(f"{m:>16}" for m in modes) + f" {'page oracle':>11} {'line oracle':>11}"
    print(header + "   (mean CER, and its ratio to tesseract's)")
    failures = []
    for group in ["all", "receipts", "arrival", "degraded", "never described", "clean"]:
        members = grouped.get(group, [])
        if not members:
            continue
        tesseract = statistics.fmean(number(first[k]["tesseract"]) or 0 for k in members)
        cells, means = [], {}
        for mode in modes:
            values = [number(runs[mode][k]["auto"]) for k in members]
            means[mode] = statistics.fmean(v for v in values if v is not None) if any(v is not None for v in values) else None
            ratio = means[mode] / tesseract if means[mode] is not None and tesseract else None
            cells.append(f"{means[mode]:.4f} {ratio:5.2f}x" if ratio is not None else f"{'-':>16}")
        oracles = []
        for column in ("oracle", "lines"):
            values = [number(runs[m][k][column]) for m in modes for k in members if number(runs[m][k][column]) is not None]
            per_page = [min((number(runs[m][k][column]) for m in modes if number(runs[m][k][column]) is not None), default=None)
                        for k in members]
            per_page = [v for v in per_page if v is not None]
            oracles.append(f"{statistics.fmean(per_page):11.4f}" if per_page and values else f"{'-':>11}")
        print(f"{group:16} {len(members):>4} {tesseract:9.4f} " + " ".join(f"{c:>16}" for c in cells) + " " + " ".join(oracles))
        if args.default in means and "page" in means and means[args.default] is not None and means["page"] is not None:
            if means[args.default] - means["page"] > 0.003:
                failures.append(f"{group}: {args.default} {means[args.default]:.4f} against page {means['page']:.4f}")
        if group in TARGETS and args.default in means and means[args.default] is not None and tesseract:
            if means[args.default] / tesseract > TARGETS[group]:
                failures.append(f"{group}: {args.default} {means[args.default] / tesseract:.2f}x tesseract (target {TARGETS[group]}x)")

    print()
    for mode in modes:
        rows = [runs[mode][k] for k in keys]
        worse = [r for r in rows if number(r["auto"]) is not None and number(r["original"]) is not None
                 and number(r["auto"]) - number(r["original"]) > (0.005 if "clean" in groups_of(pages[(r["split"], r["file"])], described) else 0.02)]
        times = [number(r["auto_s"]) / number(r["plain_s"]) for r in rows if number(r["auto_s"]) and number(r["plain_s"])]
        clean = [number(r["auto_s"]) / number(r["plain_s"]) for r in rows if number(r["auto_s"]) and number(r["plain_s"])
                 and "clean" in groups_of(pages[(r["split"], r["file"])], described)]
        print(f"{mode:10} pages worse than as given past the limit: {len(worse):3}   median time {statistics.median(times) if times else 0:.2f}x"
              f" plain, clean pages {statistics.median(clean) if clean else 0:.2f}x")
        if mode == args.default and worse:
            failures.append(f"{mode}: {len(worse)} pages worse than as given")
    print(f"\nsplit {args.split}, default {args.default}: " + ("every target met" if not failures else "missed: " + "; ".join(failures)))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Trains the page gate of `--auto-by learned`: whether a page is worth searching whole (the
filter chains `--auto-by page` reads) or only its lines are read again. Trained on the corpus's
train split, its threshold set on the validation split; written as a model file with the
figures it reached (bench/modelfile.py).

usage: bench/gate66.py --train DIR --val DIR [--set SET] [--out MODEL.json]
  DIR  the pages of one split: `bench/autoeval.py SET --auto-options "--auto-by page" --keep-json
       OUT`'s reports (OUT/SPLIT: each page's --explain `features`, measured on the righted page
       before any search, and every candidate's CER against the truth), or `autoharvest pages`'
       NAME.auto.json (every candidate's text, scored here against SET's truth as SET/set.tsv says)

A page's label is whether the page search's choice reads better than the righted page alone by
more than 0.005 CER (the righted page: the best-scored of the original and its righted
renderings, as the search takes its base). On validation, for each threshold, the gate's mean
CER (the search's choice where it fires, the righted page elsewhere) and the share of pages it
searches; the threshold written is the highest whose mean is within `--slack` (0.002) of
searching every page: the fewest searches that lose (almost) nothing, every figure naming the
validation split.

Needs Debian's python3-sklearn and python3-numpy (run with /usr/bin/python3)."""
import argparse
import csv
import glob
import json
import os
import sys

import numpy
from sklearn.ensemble import GradientBoostingClassifier

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402
import score  # noqa: E402

# The filters `--auto` rights a page with before it searches (PageRighting).
RIGHTING = {"lighttext", "borders", "sheet", "dewarp", "rotate", "deskew"}
GAIN = 0.005


def righting_only(script):
    steps = [step.strip() for step in script.split(";")]
    words = [step.removeprefix("then ").split()[0] for step in steps if step]
    return script == "original" or all(word in RIGHTING for word in words)


def truths(folder):
    """Each page's truth and scoring in a corpus set, by file name without its extension."""
    if not folder:
        return {}
    with open(os.path.join(folder, "set.tsv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return {os.path.splitext(r["file"])[0]: (os.path.join(folder, r["split"], os.path.splitext(r["file"])[0] + ".txt"), r["scoring"])
            for r in rows}


def page(path, known):
    """(features, CER of the righted page, CER of the search's choice) of a kept report."""
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    auto = report.get("auto") or {}
    features = auto.get("features")
    name = os.path.basename(path).removesuffix(".auto.json").removesuffix(".json")
    if name in known:
        truth_path, scoring = known[name]
        with open(truth_path, encoding="utf-8") as f:
            truth = f.read()
        for candidate in auto.get("candidates") or []:
            if "accuracy" not in candidate and candidate.get("text") is not None:
                candidate["accuracy"] = {"characterErrorRate": score.scores(truth, candidate["text"], scoring)[0]}
    candidates = [c for c in auto.get("candidates") or [] if not c.get("sampled") and c.get("accuracy")]
    if not features or not candidates:
        return None
    cer = {c["script"]: c["accuracy"]["characterErrorRate"] for c in candidates}
    righted = [c for c in candidates if righting_only(c["script"])] or candidates[:1]
    base = max(righted, key=lambda c: (c["score"], c["script"] == "original"))
    chosen = cer.get(auto.get("script"), cer[base["script"]])
    return features, cer[base["script"]], chosen


def load(folder, known):
    paths = sorted(glob.glob(os.path.join(folder, "**", "*.auto.json"), recursive=True)) \
        or sorted(glob.glob(os.path.join(folder, "**", "*.json"), recursive=True))
    pages = [p for p in (page(path, known) for path in paths) if p]
    if not pages:
        sys.exit(f"gate66.py: no reports with features and candidates' CER in {folder}")
    return pages


def matrix(pages, names):
    return numpy.array([[p[0].get(name, 0.0) for name in names] for p in pages])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", required=True)
    parser.add_argument("--val", required=True)
    parser.add_argument("--set", help="the corpus set whose truths score `autoharvest pages`' candidates")
    parser.add_argument("--slack", type=float, default=0.002)
    parser.add_argument("--out")
    args = parser.parse_args()
    known = truths(args.set)
    train, val = load(args.train, known), load(args.val, known)
    names = sorted(set().union(*(p[0].keys() for p in train)))
    labels = numpy.array([int(base - chosen > GAIN) for _, base, chosen in train])
    print(f"train: {len(train)} pages, {labels.sum()} where the search pays; val: {len(val)} pages")
    if labels.min() == labels.max():
        sys.exit("gate66.py: every train page has the same label; nothing to learn")
    gate = GradientBoostingClassifier(n_estimators=100, max_depth=3, learning_rate=0.1, random_state=66)
    gate.fit(matrix(train, names), labels)

    probability = gate.predict_proba(matrix(val, names))[:, 1]
    base = numpy.array([p[1] for p in val])
    chosen = numpy.array([p[2] for p in val])
    every, never = chosen.mean(), base.mean()
    oracle = numpy.minimum(base, chosen).mean()
    print(f"validation split, mean CER: search every page {every:.4f}, none {never:.4f}, oracle gate {oracle:.4f}")
    best = (0.0, every, 1.0)
    for threshold in sorted(set(float(p) for p in probability)) + [1.01]:
        fires = probability >= threshold
        mean = numpy.where(fires, chosen, base).mean()
        print(f"  threshold {threshold:.4f}: searches {fires.mean():5.1%}, mean CER {mean:.4f}")
        if mean <= every + args.slack and threshold > best[0]:
            best = (float(threshold), float(mean), float(fires.mean()))
    threshold, mean, searched = best
    print(f"chosen threshold {threshold:.4f}: mean CER {mean:.4f} on validation (every page searched: {every:.4f}), "
          f"{searched:.1%} of pages searched")
    if args.out:
        document = modelfile.model_file("page-gate", gate, names, thresholds={"gate": threshold},
                                        trained={"script": "bench/gate66.py", "trainPages": len(train), "validationPages": len(val)})
        document["figures"] = {"validation": {"searchEvery": round(every, 5), "searchNone": round(never, 5),
                                              "oracle": round(oracle, 5), "gate": round(mean, 5), "searched": round(searched, 4)}}
        print("wrote", args.out, modelfile.write(args.out, document)[:16])


if __name__ == "__main__":
    main()

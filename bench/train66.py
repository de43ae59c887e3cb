#!/usr/bin/env python3
"""Trains the column chooser of `--auto`'s line stage (Sources/Decisions/ColumnChooser.swift) on
the corpus's train split, sets its threshold on the validation split, and writes it as a model
file with the figures it reached (bench/modelfile.py).

usage: bench/train66.py --train TRAIN.tsv --val VAL.tsv --truth TRUTHDIR [--out MODEL.json]
  TRAIN.tsv, VAL.tsv  `autoharvest columns` of each split: one row per candidate of each column
  TRUTHDIR            bench/lines66.py's truths cut into lines (both splits'), for the lines' CER

In each column the chooser keeps the candidate it gives the highest probability of being the
truth's symbol; a line takes the chosen symbols only when, summed over its columns, they are
preferred to the page's own by at least the threshold `line` (set on validation: the value
that makes the fewest errors there). Compared on validation, every figure naming its split:
  page     the page's own reading of each line (what a plain reading gives);
  vote     the readings' summed probability of each candidate (ColumnChooser without a model);
  logistic, gbdt   the two models trained;
  oracle   the truth's symbol wherever some reading has it (the most any chooser can reach).
The model written is the one of the two with fewer validation errors.

Needs Debian's python3-sklearn, python3-numpy and python3-levenshtein (run with /usr/bin/python3)."""
import argparse
import collections
import csv
import hashlib
import json
import os
import sys

import Levenshtein
import numpy
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402

KEYS = ("page", "line", "column", "candidate", "truth", "label")


def read_rows(path):
    """The rows of `path`: the features' names, and for each line (page, line) its columns, each
    a list of (candidate, label, features)."""
    csv.field_size_limit(1 << 24)
    with open(path, encoding="utf-8") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader)
        names = header[len(KEYS):]
        lines = collections.OrderedDict()
        for row in reader:
            page, line, column, candidate, _, label = row[:len(KEYS)]
            columns = lines.setdefault((page, int(line)), collections.OrderedDict())
            columns.setdefault(int(column), []).append(
                (json.loads(candidate), int(label), numpy.array([float(v) for v in row[len(KEYS):]])))
    return names, lines


def choice_rows(lines):
    """The candidates of columns with a choice to make (two candidates or more), as X and y."""
    features, labels = [], []
    for columns in lines.values():
        for candidates in columns.values():
            if len(candidates) > 1:
                for _, label, vector in candidates:
                    features.append(vector)
                    labels.append(label)
    return numpy.array(features), numpy.array(labels)


def truths(folder, lines):
    cache, result = {}, {}
    for page, index in lines:
        if page not in cache:
            with open(os.path.join(folder, page + ".json"), encoding="utf-8") as f:
                cache[page] = json.load(f)
        result[(page, index)] = (cache[page]["lines"][index], cache[page]["scoring"])
    return result


def choose(columns, weigh, names, threshold=None):
    """The line's text as the chooser makes it, and the page's own. `weigh` gives each candidate's
    weight from its features; None chooses the truth wherever a reading has it (the oracle)."""
    on_page = names.index("candidate.onPage")
    chosen, page, gain = [], [], 0.0
    for candidates in columns.values():
        own = next((i for i, c in enumerate(candidates) if c[2][on_page] == 1), 0)
        if weigh is None:
            best = next((i for i, c in enumerate(candidates) if c[1] == 1), own)
        else:
            weights = weigh[id(candidates)] if isinstance(weigh, dict) else weigh(numpy.array([c[2] for c in candidates]))
            best = own
            for i, weight in enumerate(weights):
                if weight > weights[best]:
                    best = i
            gain += weights[best] - weights[own]
        if candidates[best][0] is not None:
            chosen.append(candidates[best][0])
        if candidates[own][0] is not None:
            page.append(candidates[own][0])
    text, own_text = "".join(chosen), "".join(page)
    if threshold is not None and gain < threshold:
        text = own_text
    return text, own_text, gain


def errors(text, truth, scoring):
    if scoring == "casefold":
        text, truth = text.lower(), truth.lower()
    return Levenshtein.distance(" ".join(text.split()), " ".join(truth.split()))


def evaluate(lines, line_truths, weigh, names, threshold=None):
    total = characters = better = worse = 0
    for key, columns in lines.items():
        truth, scoring = line_truths[key]
        text, own, _ = choose(columns, weigh, names, threshold)
        mine, theirs = errors(text, truth, scoring), errors(own, truth, scoring)
        total += mine
        characters += max(1, len(truth))
        better += mine < theirs
        worse += mine > theirs
    return {"cer": total / max(1, characters), "errors": total, "better": better, "worse": worse, "lines": len(lines)}


def weighed(lines, weigh):
    """Every column's weights from one call of `weigh` over all the columns' candidates (a model
    is much faster asked once than once a column), by the column's identity, for `choose`."""
    columns = [candidates for line in lines.values() for candidates in line.values()]
    if not columns:
        return {}
    weights = weigh(numpy.array([c[2] for candidates in columns for c in candidates]))
    result, start = {}, 0
    for candidates in columns:
        result[id(candidates)] = weights[start:start + len(candidates)]
        start += len(candidates)
    return result


def gains(lines, weigh, names):
    return [choose(columns, weigh, names)[2] for columns in lines.values()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", required=True)
    parser.add_argument("--val", required=True)
    parser.add_argument("--truth", required=True)
    parser.add_argument("--out")
    args = parser.parse_args()

    names, train = read_rows(args.train)
    val_names, val = read_rows(args.val)
    if val_names != names:
        sys.exit("train66.py: the two splits' rows name different features")
    train_x, train_y = choice_rows(train)
    print(f"train: {len(train)} lines, {len(train_y)} candidates in columns with a choice ({train_y.sum()} right)")
    print(f"val:   {len(val)} lines")
    val_truths = truths(args.truth, val)

    scaler = StandardScaler().fit(train_x)
    logistic = LogisticRegression(max_iter=2000).fit(scaler.transform(train_x), train_y)
    gbdt = GradientBoostingClassifier(n_estimators=150, max_depth=3, learning_rate=0.1, random_state=66).fit(train_x, train_y)
    vote_index = names.index("candidate.probabilityShare")
    choosers = {
        "page": lambda x: x[:, names.index("candidate.onPage")],
        "vote": lambda x: x[:, vote_index],
        "logistic": lambda x: logistic.predict_proba(scaler.transform(x))[:, 1],
        "gbdt": lambda x: gbdt.predict_proba(x)[:, 1],
        "oracle": None,
    }
    figures = {}
    print("\nvalidation split (line CER over the lines harvested; better/worse: lines against the page's own reading)")
    weights = {name: weighed(val, weigh) for name, weigh in choosers.items() if weigh is not None}
    for name, weigh in choosers.items():
        figures[name] = evaluate(val, val_truths, weights.get(name), names)
        print(f"  {name:9} cer {figures[name]['cer']:.4f}  better {figures[name]['better']:5}  worse {figures[name]['worse']:5}")

    # The line threshold: the least summed preference that lets a line change, set on validation.
    best = None
    for name in ("logistic", "gbdt"):
        candidates = sorted(set([0.0] + [round(g, 2) for g in gains(val, weights[name], names) if g > 0]))
        grid = [0.0] + list(numpy.quantile(candidates, numpy.linspace(0, 1, 21))) if candidates else [0.0]
        for threshold in sorted(set(float(t) for t in grid)):
            result = evaluate(val, val_truths, weights[name], names, threshold)
            if best is None or result["errors"] < best[2]["errors"]:
                best = (name, threshold, result)
    name, threshold, result = best
    print(f"\nchosen: {name}, line threshold {threshold:.3f} on validation: cer {result['cer']:.4f} "
          f"(page {figures['page']['cer']:.4f}, vote {figures['vote']['cer']:.4f}, oracle {figures['oracle']['cer']:.4f}); "
          f"better {result['better']}, worse {result['worse']}")
    if args.out:
        model, scaler_used = (logistic, scaler) if name == "logistic" else (gbdt, None)
        with open(args.train, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:16]
        document = modelfile.model_file("column-chooser", model, names, thresholds={"line": threshold}, scaler=scaler_used,
                                        trained={"script": "bench/train66.py", "rows": os.path.basename(args.train),
                                                 "rowsDigest": digest, "trainLines": len(train), "validationLines": len(val)})
        document["figures"] = {"validation": {**{k: round(v["cer"], 5) for k, v in figures.items()},
                                              "chosen": round(result["cer"], 5)}}
        print("wrote", args.out, modelfile.write(args.out, document)[:16])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Cuts each harvested page's truth into its lines: the truth of each line that
`autoharvest lines` read, in the harvest's order, for `autoharvest columns` to label the line's
columns with.

The page's own reading (each line's first reading, its words joined by spaces, the lines by
spaces) is aligned to the whole truth by a shortest edit script (both as score.py normalises
them); each line's truth is the stretch of the truth its characters fall on. A line the truth
has nothing for (specks read as letters) gets an empty truth: the right reading of it is none.
Where the page reads its columns in another order than the truth, lines get stretches of the
wrong place; such lines are few on the corpus's train and val pages (books, receipts and
rendered pages read in order) and are kept.

usage: bench/lines66.py --set SETDIR --harvest HARVESTDIR --out TRUTHDIR
  SETDIR      a corpus set (bench/corpus_set.py): its set.tsv gives each file's split and scoring,
              and SETDIR/SPLIT/NAME.txt its truth
  HARVESTDIR  autoharvest lines' JSON files (NAME.json)
writes TRUTHDIR/NAME.json: {"lines": [...], "scoring": "..."}

Needs Debian's python3-levenshtein (run with /usr/bin/python3)."""
import argparse
import csv
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402


def line_texts(harvest):
    return [" ".join(word["text"] for word in line["readings"][0]["words"]) for line in harvest["lines"]]


def cut(lines, truth):
    """The stretch of `truth` each of `lines` falls on."""
    return score.stretches([score.normalised(line) for line in lines], score.normalised(truth))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", required=True)
    parser.add_argument("--harvest", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.set, "set.tsv"), encoding="utf-8") as f:
        pages = list(csv.DictReader(f, delimiter="\t"))
    done = 0
    for page in pages:
        name = os.path.splitext(page["file"])[0]
        harvested = os.path.join(args.harvest, name + ".json")
        if not os.path.exists(harvested):
            continue
        with open(harvested, encoding="utf-8") as f:
            harvest = json.load(f)
        with open(os.path.join(args.set, page["split"], name + ".txt"), encoding="utf-8") as f:
            truth = f.read()
        document = {"lines": cut(line_texts(harvest), truth), "scoring": page["scoring"]}
        with open(os.path.join(args.out, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(document, f, ensure_ascii=False)
        done += 1
    print(f"{done} pages cut into lines", file=sys.stderr)


if __name__ == "__main__":
    main()

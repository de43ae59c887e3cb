#!/usr/bin/env python3
"""Import FUNSD's 199 form pages, with FUNSD-r's truth, into a folder outside the repository:
FUNSD is licensed for non-commercial research and education only, so its pages evaluate
`--auto` (the frozen test split) and are never committed nor learned from.

usage: scripts/corpus/import_funsd.py CLONE --out DIR

  CLONE  a clone (or bare clone) of https://github.com/chongzhangFDU/Token-Path-Prediction-Datasets
  DIR    e.g. $FILTEROCR_RESTRICTED/funsd: NAME.png and NAME.txt

The truth of a page is its segments' texts in reading order: segments whose vertical middles fall
within one another's height make a line, read left to right, and lines are read top to bottom.
FUNSD's truth leaves out some spaces ("ANYOFTHE"): its pages are scored without spaces."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from repository import importer  # noqa: E402
from rows import rows  # noqa: E402


def lines(segments):
    """The segments' texts as lines, top to bottom, each left to right."""
    return [" ".join(text for _, text in row) for row in rows([(s["box"], s["text"]) for s in segments])]


def main():
    arguments, repository = importer(__doc__)
    pages = 0
    for name in repository.names("FUNSD-r/jsons"):
        stem = Path(name).stem
        document = json.loads(repository.read(name))
        (arguments.out / f"{stem}.png").write_bytes(repository.read(f"FUNSD-r/images/{stem}.png"))
        (arguments.out / f"{stem}.txt").write_text("\n".join(lines(document["document"])) + "\n", encoding="utf-8")
        pages += 1
    official = {}
    for split in ("train", "test"):
        for line in repository.read(f"FUNSD-r/data.{split}.txt").decode().splitlines():
            if line.strip():
                official[Path(line.split()[0]).stem] = split
    (arguments.out / "official-split.tsv").write_text("".join(f"{k}\t{v}\n" for k, v in sorted(official.items())))
    print(f"{pages} pages from {repository.commit} into {arguments.out}")


if __name__ == "__main__":
    main()

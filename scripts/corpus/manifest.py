#!/usr/bin/env python3
"""Write devcorpus/corpus.tsv: every page of the development corpus with its source, kind,
origin, licence, scoring, split and SHA-256, so that the split is fixed before any result is
known and a changed page is seen.

usage: scripts/corpus/manifest.py [--restricted DIR]

  --restricted  the folder the restricted importers wrote (funsd/, scribeocr/), outside the
                repository (default: $FILTEROCR_RESTRICTED). Without it, the manifest's
                restricted rows are kept as they are: the frozen split does not depend on who
                rebuilds the manifest.

The split, by source, decided from names alone:
- Pages the team has already run `--auto` on (devcorpus/public, rendered, photographed: the
  sources of bench/devset.py's sets) are never test pages: devset.py's tuning sources are
  `train`, its test sources `val`.
- The old books, one source per book: the books in the order of SHA-256("old-books|LETTER"),
  the first two `test`, the next two `val`, the other six `train`.
- Receipts rendered from CORD's text keep CORD's split: its train, valid and test receipts are
  `train`, `val` and `test`, each receipt a source.
- Restricted pages (FUNSD, scribeocr: licences that allow research and evaluation but not a
  model shipped in the product) are `test` only: never learned from.
Pages with the same truth text (one receipt scanned twice) are one source, on the side of the
first of their names."""

import argparse
import hashlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from devset import is_tuning_source  # noqa: E402

MANIFEST = ROOT / "devcorpus" / "corpus.tsv"
COLUMNS = ("page", "location", "file", "source", "kind", "origin", "licence", "scoring", "split", "sha256")
IMAGES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")

# One row per folder: where its pages are, their origin, licence and scoring.
FOLDERS = {
    "public": ("repo", "real", "see devcorpus/public/README.md", "plain"),
    "rendered": ("repo", "rendered", "see devcorpus/rendered/README.md", "plain"),
    "photographed": ("repo", "real", "see devcorpus/photographed/README.md", "casefold"),
    "books": ("repo", "real", "GPL-3.0 (repository); scans and texts public domain", "reflow"),
    "receipts": ("repo", "rendered", "CC BY 4.0 (CORD's text)", "plain"),
    "funsd": ("restricted", "real", "FUNSD: non-commercial research and education", "nospace"),
    "scribeocr": ("restricted", "real", "none stated", "plain"),
}

PUBLIC_KINDS = {"bebel": "historical-print", "clauren": "historical-print", "herder": "historical-print",
                "vdsbb": "historical-print", "winsnes": "historical-print", "unlv": "magazine", "typewriter": "typewriter",
                "linn": "brochure", "table": "table"}
SCRIBE_KINDS = {"chart": "chart", "deposition": "filing", "filing": "filing", "form": "form",
                "multicol": "columns", "receipt": "receipt", "singlecol": "prose", "slide": "slide",
                "table": "table"}
RENDERED_KINDS = {"de": "prose", "fr": "prose", "it": "prose", "es": "columns", "twocol": "columns",
                  "threecol": "columns", "infographic": "poster", "poster": "poster", "mixed": "mixed"}


def kind(folder, name):
    first = name.split("_")[0]
    if folder == "public":
        return PUBLIC_KINDS.get(first, "other")
    if folder == "rendered":
        return RENDERED_KINDS.get(first, first)
    if folder == "photographed":
        return {"receipt": "receipt-thermal", "dark": "receipt-scanned", "photo": "phone-photo"}.get(first, "other")
    if folder == "books":
        return "book"
    if folder == "receipts":
        return "receipt"
    if folder == "funsd":
        return "form"
    return SCRIBE_KINDS.get(first, "other")


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def book_splits():
    letters = sorted("abcdefghij", key=lambda letter: hashlib.sha256(f"old-books|{letter}".encode()).digest())
    return {letter: "test" if i < 2 else "val" if i < 4 else "train" for i, letter in enumerate(letters)}


def pages(folder, root):
    """(name, image path) of every image with its truth beside it, by name."""
    found = []
    for path in sorted(root.iterdir()):
        if path.suffix.lower() in IMAGES and path.with_suffix(".txt").exists():
            found.append((path.stem, path))
    return found


def rows_of(folder, root):
    location, origin, licence, scoring = FOLDERS[folder]
    listed = pages(folder, root)
    first = {}
    for name, path in listed:
        text = " ".join(path.with_suffix(".txt").read_text(encoding="utf-8", errors="replace").split())
        first.setdefault(text or name, name)
    books = book_splits()
    rows = []
    for name, path in listed:
        text = " ".join(path.with_suffix(".txt").read_text(encoding="utf-8", errors="replace").split())
        source = first[text or name]
        if folder == "books":
            source = name[0]
            split = books[source]
        elif folder == "receipts":
            split = {"train": "train", "valid": "val", "test": "test"}[name.split("_")[1]]
        elif location == "restricted":
            split = "test"
        else:
            split = "train" if is_tuning_source(source) else "val"
        rows.append({"page": f"{folder}/{name}", "location": location, "file": f"{folder}/{path.name}",
                     "source": f"{folder}/{source}", "kind": kind(folder, name), "origin": origin,
                     "licence": licence, "scoring": scoring, "split": split, "sha256": digest(path)})
    return rows


def read_manifest():
    if not MANIFEST.exists():
        return []
    lines = MANIFEST.read_text(encoding="utf-8").splitlines()
    return [dict(zip(COLUMNS, line.split("\t"))) for line in lines[1:] if line]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--restricted", type=Path, default=os.environ.get("FILTEROCR_RESTRICTED"))
    arguments = parser.parse_args()
    rows = []
    for folder, (location, *_rest) in FOLDERS.items():
        if location == "repo":
            rows += rows_of(folder, ROOT / "devcorpus" / folder)
        elif arguments.restricted and (Path(arguments.restricted) / folder).is_dir():
            rows += rows_of(folder, Path(arguments.restricted) / folder)
        else:
            rows += [row for row in read_manifest() if row["page"].startswith(folder + "/")]
    MANIFEST.write_text("\t".join(COLUMNS) + "\n" + "".join("\t".join(row[c] for c in COLUMNS) + "\n" for row in rows),
                        encoding="utf-8")
    counts = {}
    for row in rows:
        key = (row["split"], row["origin"])
        counts[key] = counts.get(key, 0) + 1
    print(f"{len(rows)} pages into {MANIFEST.relative_to(ROOT)}: "
          + ", ".join(f"{split} {origin} {n}" for (split, origin), n in sorted(counts.items())))


if __name__ == "__main__":
    main()

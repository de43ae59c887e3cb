#!/usr/bin/env python3
"""Import the old-books dataset's pages into devcorpus/books/: each page binarized at 300 dpi
(the set's `minimum` thresholding, which its authors recommend for OCR) as a 1-bit PNG, with its
Project Gutenberg truth as NAME.txt.

usage: scripts/corpus/import_oldbooks.py CLONE [--out devcorpus/books]

  CLONE  a clone (or bare clone) of https://github.com/PedroBarcha/old-books-dataset

The scans are the Internet Archive's of ten public-domain books (1870-1920); the repository is
GPL-3.0. Pages are converted with ImageMagick (`convert`, lossless: the same pixels)."""

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from repository import importer  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def main():
    arguments, repository = importer(__doc__, out=ROOT / "devcorpus" / "books")
    truths = {Path(name).stem: name for name in repository.names("groundtruth") if name.endswith(".txt")}
    pages = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name in repository.names("binarized_300dpi/minimum/tiff"):
            stem = Path(name).stem
            if stem not in truths:
                continue
            tiff = Path(scratch) / "page.tiff"
            tiff.write_bytes(repository.read(name))
            subprocess.run(["convert", str(tiff), "-strip", "-define", "png:exclude-chunks=date,time",
                            str(arguments.out / (stem + ".png"))],
                           check=True)
            text = repository.read(truths[stem]).decode("utf-8").strip()
            (arguments.out / (stem + ".txt")).write_text(text + "\n", encoding="utf-8")
            pages += 1
    print(f"{pages} pages from {repository.commit} into {arguments.out}")


if __name__ == "__main__":
    main()

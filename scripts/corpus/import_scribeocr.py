#!/usr/bin/env python3
"""Import scribeocr's OCR benchmark pages (receipts, slides, charts, filings, forms, tables,
columns), with their hand-corrected hOCR truth as text, into a folder outside the repository: the
repository states no licence, so its pages evaluate `--auto` (the frozen test split) and are
never committed nor learned from.

usage: scripts/corpus/import_scribeocr.py CLONE --out DIR

  CLONE  a clone (or bare clone) of https://github.com/scribeocr/ocr-benchmark
  DIR    e.g. $FILTEROCR_RESTRICTED/scribeocr: NAME.png|jpg and NAME.txt

A page's truth is its `ocr_line` elements in document order, each its `ocrx_word` texts joined by
a space. An image without a truth file (multicol_10) is left out."""

import sys
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from repository import importer  # noqa: E402


class Lines(HTMLParser):
    def __init__(self):
        super().__init__()
        self.lines, self.stack, self.word = [], [], None

    def handle_starttag(self, tag, attributes):
        classes = (dict(attributes).get("class") or "").split()
        kind = "line" if {"ocr_line", "ocr_caption", "ocr_header", "ocr_textfloat"} & set(classes) else \
            "word" if "ocrx_word" in classes else None
        self.stack.append(kind)
        if kind == "line":
            self.lines.append([])
        elif kind == "word":
            self.word = []

    def handle_endtag(self, tag):
        kind = self.stack.pop() if self.stack else None
        if kind == "word" and self.word is not None:
            text = "".join(self.word).strip()
            if text and self.lines:
                self.lines[-1].append(text)
            self.word = None

    def handle_data(self, data):
        if self.word is not None:
            self.word.append(data)


def main():
    arguments, repository = importer(__doc__)
    truths = {}
    for name in repository.names("ground_truth"):
        stem = Path(name).name.split(".")[0]
        truths[stem] = name
    pages = 0
    for name in repository.names("img"):
        stem = Path(name).stem
        if stem not in truths:
            print(f"{name}: no truth, left out", file=sys.stderr)
            continue
        reader = Lines()
        reader.feed(repository.read(truths[stem]).decode("utf-8"))
        text = "\n".join(" ".join(words) for words in reader.lines if words)
        (arguments.out / Path(name).name).write_bytes(repository.read(name))
        (arguments.out / f"{stem}.txt").write_text(text + "\n", encoding="utf-8")
        pages += 1
    print(f"{pages} pages from {repository.commit} into {arguments.out}")


if __name__ == "__main__":
    main()

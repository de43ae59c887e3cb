#!/usr/bin/env python3
"""Scores a recognised text against its ground truth, as filterocr's own accuracy report does
(docs/accuracy.md): both texts NFC-normalised, every run of white space one space, the ends
trimmed; the character error rate is the Levenshtein distance over Unicode code points divided
by the truth's length (an empty truth counts as 1); the word error rate is the same over the
words separated by white space; word recall is the share of the truth's words (runs of letters
and digits, lower case) that the recognition contains, each as often as it occurs.

A page's truth may be written another way than a reading can be (devcorpus/corpus.tsv's
`scoring` column); the scoring then makes both texts alike first:
  plain     as above;
  casefold  both in lower case (receipts: the truth of some is in capitals, of others not);
  nospace   no white space at all (FUNSD's truth leaves out spaces, "ANYOFTHE");
  reflow    book text whose lines were joined into paragraphs: a hyphen ending a line of the
            reading joins its word to the next line's, and typographic quotes and dashes are
            compared as their ASCII forms.

usage: bench/score.py [--scoring MODE] TRUTH.txt OCR.txt   (- reads the recognised text from standard input)
prints one line:  cer=0.0123 wer=0.0456 recall=0.9789
"""
import collections
import re
import sys
import unicodedata

WORD = re.compile(r"[^\W_]+")


SCORINGS = ("plain", "casefold", "nospace", "reflow")
LINE_END_HYPHEN = re.compile(r"(\w)[-\u00ad\u2010]\s*\n\s*(\w)")
TYPOGRAPHIC = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})


def normalised(text):
    return " ".join(unicodedata.normalize("NFC", text).split())


def stretches(lines, other):
    """The stretch of `other` each of `lines` falls on: the lines joined by single spaces are
    aligned to `other` by a shortest edit script (Debian's python3-levenshtein), and each line's
    characters take the stretch their positions fall on (a line `other` has nothing for takes an
    empty one)."""
    import Levenshtein
    spans, start = [], 0
    for line in lines:
        spans.append((start, start + len(line)))
        start += len(line) + 1
    whole = " ".join(lines)
    at = [None] * (len(whole) + 1)
    for _, i1, i2, j1, j2 in Levenshtein.opcodes(whole, other):
        for k in range(i1, i2):
            at[k] = j1 + min(k - i1, j2 - j1)
    at[len(whole)] = len(other)
    for k in range(len(whole) - 1, -1, -1):
        if at[k] is None:
            at[k] = at[k + 1]
    return [other[at[a]:at[b]].strip() for a, b in spans]


def alike(truth, ocr, scoring="plain"):
    """The truth and the reading made comparable under `scoring`, before `normalised`."""
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}: expected one of {', '.join(SCORINGS)}")
    if scoring == "casefold":
        return truth.casefold(), ocr.casefold()
    if scoring == "nospace":
        return "".join(truth.split()), "".join(ocr.split())
    if scoring == "reflow":
        return truth.translate(TYPOGRAPHIC), LINE_END_HYPHEN.sub(r"\1\2", ocr).translate(TYPOGRAPHIC)
    return truth, ocr


try:
    import Levenshtein  # Debian's python3-levenshtein: the same distance, in C
except ImportError:
    Levenshtein = None


def distance(a, b):
    """Levenshtein distance between two sequences (strings, or lists such as words): in C when
    python3-levenshtein is there (a list's items are coded as characters first), else one row
    at a time."""
    if Levenshtein is not None:
        if not (isinstance(a, str) and isinstance(b, str)):
            codes = {}
            a, b = ("".join(chr(0x10000 + codes.setdefault(item, len(codes))) for item in sequence) for sequence in (a, b))
        return Levenshtein.distance(a, b)
    if len(a) < len(b):
        a, b = b, a
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        diagonal, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            diagonal, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, diagonal + (x != y))
    return row[-1]


def scores(truth, ocr, scoring="plain"):
    truth, ocr = alike(truth, ocr, scoring)
    truth, ocr = normalised(truth), normalised(ocr)
    cer = distance(truth, ocr) / max(1, len(truth))
    truth_words, ocr_words = truth.split(), ocr.split()
    wer = distance(truth_words, ocr_words) / max(1, len(truth_words))
    wanted = collections.Counter(WORD.findall(truth.lower()))
    found = collections.Counter(WORD.findall(ocr.lower()))
    total = sum(wanted.values())
    recall = sum((wanted & found).values()) / total if total else 1.0
    return cer, wer, recall


def main():
    arguments = sys.argv[1:]
    scoring = "plain"
    if len(arguments) == 4 and arguments[0] == "--scoring":
        scoring, arguments = arguments[1], arguments[2:]
    if len(arguments) != 2 or scoring not in SCORINGS:
        sys.exit(f"usage: bench/score.py [--scoring {'|'.join(SCORINGS)}] TRUTH.txt OCR.txt")
    with open(arguments[0], encoding="utf-8") as f:
        truth = f.read()
    if arguments[1] == "-":
        ocr = sys.stdin.read()
    else:
        with open(arguments[1], encoding="utf-8", errors="replace") as f:
            ocr = f.read()
    cer, wer, recall = scores(truth, ocr, scoring)
    print(f"cer={cer:.4f} wer={wer:.4f} recall={recall:.4f}")


if __name__ == "__main__":
    main()

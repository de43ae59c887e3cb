#!/usr/bin/env python3
"""Scores a recognised text against its ground truth, as filterocr's own accuracy report does
(docs/accuracy.md): both texts NFC-normalised, every run of white space one space, the ends
trimmed; the character error rate is the Levenshtein distance over Unicode code points divided
by the truth's length (an empty truth counts as 1); the word error rate is the same over the
words separated by white space; word recall is the share of the truth's words (runs of letters
and digits, lower case) that the recognition contains, each as often as it occurs.

usage: bench/score.py TRUTH.txt OCR.txt      (- reads the recognised text from standard input)
prints one line:  cer=0.0123 wer=0.0456 recall=0.9789
"""
import collections
import re
import sys
import unicodedata

WORD = re.compile(r"[^\W_]+")


def normalised(text):
    return " ".join(unicodedata.normalize("NFC", text).split())


def distance(a, b):
    """Levenshtein distance between two sequences, one row at a time."""
    if len(a) < len(b):
        a, b = b, a
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        diagonal, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            diagonal, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, diagonal + (x != y))
    return row[-1]


def scores(truth, ocr):
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
    if len(sys.argv) != 3:
        sys.exit("usage: bench/score.py TRUTH.txt OCR.txt")
    with open(sys.argv[1], encoding="utf-8") as f:
        truth = f.read()
    if sys.argv[2] == "-":
        ocr = sys.stdin.read()
    else:
        with open(sys.argv[2], encoding="utf-8", errors="replace") as f:
            ocr = f.read()
    cer, wer, recall = scores(truth, ocr)
    print(f"cer={cer:.4f} wer={wer:.4f} recall={recall:.4f}")


if __name__ == "__main__":
    main()

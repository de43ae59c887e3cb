"""Scoring (--score): Tesseract on a page, and bench/score.py's measure, the one every accuracy
figure of the project uses."""
import os
import subprocess
import sys

# this file is scripts/devcorpus/scoring.py: three levels up is the repository, then bench/
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "bench"))
from score import scores  # noqa: E402


def score(truth, ocr):
    """The character error rate and word recall of `ocr` against `truth`."""
    cer, _, recall = scores(truth, ocr)
    return cer, recall


def tesseract(png, lang="eng"):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    res = subprocess.run(["nice", "tesseract", png, "-", "-l", lang], capture_output=True, env=env)
    return res.stdout.decode("utf-8", "replace")

"""bench/score.py's scorings: each makes alike what a truth of its kind writes otherwise, and
nothing else."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import score  # noqa: E402


def cer(truth, ocr, scoring):
    return score.scores(truth, ocr, scoring)[0]


def test_plain_counts_case_spaces_and_hyphens():
    assert cer("Total 4.50", "TOTAL 4.50", "plain") > 0
    assert cer("ANY OF THE", "ANYOFTHE", "plain") > 0
    assert cer("to investigate it", "to in-\nvestigate it", "plain") > 0


def test_casefold_forgives_case_only():
    assert cer("Total 4.50", "TOTAL 4.50", "casefold") == 0
    assert cer("Total 4.50", "TOTAL 4.80", "casefold") > 0


def test_nospace_forgives_spaces_only():
    assert cer("ANYOFTHE", "ANY OF THE", "nospace") == 0
    assert cer("ANYOFTHE", "ANY OF TEH", "nospace") > 0


def test_reflow_joins_line_end_hyphens_and_typographic_quotes():
    truth = "who went to Adana to investigate into the “Young Turks.”"
    assert cer(truth, 'who went to Adana to in-\nvestigate into the "Young Turks."', "reflow") == 0
    # A hyphen inside a line stays a hyphen, and what was misread stays an error.
    assert cer(truth, 'who went to Adana to in-vestigate into the "Young Turks."', "reflow") > 0
    assert cer(truth, 'who went to Adana to in-\nvestigate into the "Young Turk."', "reflow") > 0


def test_an_unknown_scoring_is_refused():
    with pytest.raises(ValueError, match="unknown scoring"):
        score.scores("a", "a", "loose")

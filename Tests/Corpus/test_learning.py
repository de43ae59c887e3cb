"""What the learned decisions are trained with: truths cut into lines (bench/lines66.py), model
files written from scikit-learn (bench/modelfile.py), and the trainer (bench/train66.py)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import lines66  # noqa: E402
import modelfile  # noqa: E402


def test_truth_cut_into_the_readings_lines():
    lines = ["Sourdough lo af 2.50", "con-", "tinued here", "x.x"]
    assert lines66.cut(lines, "Sourdough loaf 2.50 continued here") == ["Sourdough loaf 2.50", "con", "tinued here", ""]


def test_truth_cut_keeps_every_character_once():
    lines = ["The quick brown", "fox jumps", "over the lazy dog"]
    truth = "The quick brown fox jumped over the lazy dog."
    cut = lines66.cut(lines, truth)
    assert " ".join(cut) == truth


def test_parity_fixtures_are_what_the_exporter_writes(tmp_path):
    """The Swift tests hold inference to these fixtures: they must be the exporter's own output,
    so that a change to the exporter that Swift does not follow fails here or there."""
    modelfile.write_parity_fixtures(tmp_path)
    for kind in ("regressor", "classifier", "logistic"):
        written = json.loads((tmp_path / f"parity-{kind}.json").read_text())
        committed = json.loads((ROOT / "Tests/DecisionsTests/Fixtures" / f"parity-{kind}.json").read_text())
        assert written["features"] == committed["features"] and written["kind"] == committed["kind"]
        assert max(abs(a - b) for a, b in zip(written["parity"]["y"], committed["parity"]["y"])) < 1e-9


def write_rows(path, lines, rng):
    """Rows as `autoharvest columns` writes them, for lines of `truth` where a second reading
    sometimes has a wrong symbol, which the page reads right half of the time."""
    names = ["column.readings", "candidate.onPage", "candidate.probabilityShare", "candidate.confidenceMax"]
    with open(path, "w", encoding="utf-8") as out:
        out.write("\t".join(["page", "line", "column", "candidate", "truth", "label"] + names) + "\n")
        for page, line, truth in lines:
            for column, symbol in enumerate(truth):
                wrong = rng.random() < 0.3
                page_right = rng.random() < 0.5
                candidates = [(symbol, 1, page_right or not wrong)] + ([("#", 0, not page_right)] if wrong else [])
                for text, label, on_page in candidates:
                    values = [2, int(on_page), 0.5, 0.95 if label else 0.40]
                    out.write("\t".join([page, str(line), str(column), json.dumps(text), json.dumps(symbol), str(label)]
                                        + [str(v) for v in values]) + "\n")


def test_trainer_learns_a_chooser_that_beats_the_page_and_writes_it(tmp_path):
    import random
    rng = random.Random(66)
    truth = tmp_path / "truth"
    truth.mkdir()
    for split in ("train", "val"):
        lines = [(f"{split}{page}", line, "hello world") for page in range(4) for line in range(5)]
        write_rows(tmp_path / f"{split}.tsv", lines, rng)
        for page in range(4):
            (truth / f"{split}{page}.json").write_text(json.dumps({"lines": ["hello world"] * 5, "scoring": "plain"}))
    model = tmp_path / "model.json"
    done = subprocess.run([sys.executable, str(ROOT / "bench/train66.py"), "--train", str(tmp_path / "train.tsv"),
                           "--val", str(tmp_path / "val.tsv"), "--truth", str(truth), "--out", str(model)],
                          capture_output=True, text=True, check=True)
    written = json.loads(model.read_text())
    assert written["format"] == "filterocr-model/1" and written["name"] == "column-chooser"
    figures = written["figures"]["validation"]
    # The surer candidate is the truth here: a trained chooser reads every line right, the page does not.
    assert figures["chosen"] == 0 and figures["page"] > 0, done.stdout
    assert "line" in written["thresholds"]


def test_gate_searches_only_the_pages_where_the_search_pays(tmp_path):
    """Reports as `autoeval.py --keep-json` keeps them, where the search pays on noisy pages only:
    the gate learns it, and its threshold on validation searches about those pages alone."""
    import random
    rng = random.Random(66)
    for split in ("train", "val"):
        (tmp_path / split).mkdir()
        for index in range(60):
            noise = rng.random()
            base = 0.05 + noise * 0.3
            chosen = base - (0.1 if noise > 0.6 else 0.0) + rng.uniform(-0.002, 0.002)
            report = {"auto": {"features": {"imageNoise": noise, "words": rng.randint(10, 300)},
                               "script": "deskew; then median" if noise > 0.6 else "deskew",
                               "candidates": [
                                   {"script": "original", "score": 90, "accuracy": {"characterErrorRate": base + 0.01}},
                                   {"script": "deskew", "score": 100, "accuracy": {"characterErrorRate": base}},
                                   {"script": "deskew; then median", "score": 99, "accuracy": {"characterErrorRate": chosen}}]}}
            (tmp_path / split / f"p{index}.json").write_text(json.dumps(report))
    model = tmp_path / "gate.json"
    done = subprocess.run([sys.executable, str(ROOT / "bench/gate66.py"), "--train", str(tmp_path / "train"),
                           "--val", str(tmp_path / "val"), "--out", str(model)], capture_output=True, text=True, check=True)
    written = json.loads(model.read_text())
    figures = written["figures"]["validation"]
    assert written["name"] == "page-gate" and written["features"] == ["imageNoise", "words"]
    assert figures["gate"] <= figures["searchEvery"] + 0.002 < figures["searchNone"], done.stdout
    assert 0.2 < figures["searched"] < 0.6, done.stdout


def test_gate_scores_harvested_candidates_against_the_sets_truth(tmp_path):
    """`autoharvest pages` keeps every candidate's text: the gate scores them with the corpus set's
    truth and scoring (here `casefold`: a reading in capitals is right)."""
    import random
    rng = random.Random(7)
    rows = ["split\tfile\tpage\tkind\torigin\tdevice\tscoring\tparameters"]
    for split in ("train", "val"):
        (tmp_path / "set" / split).mkdir(parents=True)
        (tmp_path / split).mkdir()
        for index in range(40):
            name = f"{split}{index}"
            noisy = rng.random() < 0.4
            truth = "total 12.50 thank you"
            (tmp_path / "set" / split / f"{name}.txt").write_text(truth)
            rows.append(f"{split}\t{name}.png\tx/{name}\treceipt\trendered\t-\tcasefold\t{{}}")
            given = "TOTAL 12.5O THANK Y0U" if noisy else "TOTAL 12.50 THANK YOU"
            report = {"auto": {"features": {"imageNoise": (0.8 if noisy else 0.1) + rng.uniform(-0.05, 0.05)},
                               "script": "median" if noisy else "original",
                               "candidates": [{"script": "original", "score": 10, "text": given},
                                              {"script": "median", "score": 9, "text": "TOTAL 12.50 THANK YOU"}]}}
            (tmp_path / split / f"{name}.auto.json").write_text(json.dumps(report))
    (tmp_path / "set" / "set.tsv").write_text("\n".join(rows) + "\n")
    model = tmp_path / "gate.json"
    done = subprocess.run([sys.executable, str(ROOT / "bench/gate66.py"), "--train", str(tmp_path / "train"),
                           "--val", str(tmp_path / "val"), "--set", str(tmp_path / "set"), "--out", str(model)],
                          capture_output=True, text=True, check=True)
    figures = json.loads(model.read_text())["figures"]["validation"]
    assert figures["searchEvery"] == 0 and figures["searchNone"] > 0, done.stdout
    assert figures["gate"] == 0 and figures["searched"] < 0.7, done.stdout

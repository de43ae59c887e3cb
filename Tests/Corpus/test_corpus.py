"""The development corpus's manifest (devcorpus/corpus.tsv, scripts/corpus/manifest.py): every page
it names in the repository is there byte for byte, every page there is named, no source is on two
sides of the split, and the frozen test split is the one fixed before any result was known."""

import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "corpus"))
import manifest  # noqa: E402

# SHA-256 of the test split's "page<TAB>sha256" lines, sorted: changing a test page, adding one or
# moving one in or out of the test split changes it. Fixed when the split was made; a new test
# split needs new sources, never a page already looked at.
FROZEN_TEST = "d33fc7306e3ecf34f642ef9147fa05fe2e79b2cab865842f3c72e7834e7ca987"
FROZEN_TEST_PAGES = 327


def rows():
    return manifest.read_manifest()


def test_every_page_in_the_repository_is_listed_and_unchanged():
    listed = {row["file"]: row for row in rows() if row["location"] == "repo"}
    found = {}
    for folder, (location, *_rest) in manifest.FOLDERS.items():
        if location == "repo":
            for _name, path in manifest.pages(folder, ROOT / "devcorpus" / folder):
                found[f"{folder}/{path.name}"] = path
    assert sorted(found) == sorted(listed), "pages added or removed without scripts/corpus/manifest.py"
    changed = [name for name, path in found.items() if manifest.digest(path) != listed[name]["sha256"]]
    assert changed == [], f"pages changed since the manifest was written: {changed[:5]}"


def test_no_source_is_on_two_sides_of_the_split():
    sides = {}
    for row in rows():
        sides.setdefault(row["source"], set()).add(row["split"])
    assert {source: split for source, split in sides.items() if len(split) > 1} == {}


def test_no_page_is_listed_twice_and_every_row_is_whole():
    pages = [row["page"] for row in rows()]
    assert len(pages) == len(set(pages))
    for row in rows():
        assert row["split"] in ("train", "val", "test"), row
        assert row["location"] in ("repo", "restricted"), row
        assert row["scoring"] in ("plain", "reflow", "nospace", "casefold"), row
        assert len(row["sha256"]) == 64, row


def test_restricted_pages_are_never_learned_from():
    assert {row["split"] for row in rows() if row["location"] == "restricted"} == {"test"}


def test_pages_already_run_are_never_test_pages():
    seen = ("public/", "rendered/", "photographed/")
    assert [row["page"] for row in rows() if row["page"].startswith(seen) and row["split"] == "test"] == []


def test_the_books_are_split_by_the_rule_the_manifest_states():
    splits = manifest.book_splits()
    assert sorted(splits.values()).count("test") == 2 and sorted(splits.values()).count("val") == 2
    for row in rows():
        if row["page"].startswith("books/"):
            assert row["split"] == splits[row["source"].split("/")[1]], row


def test_the_frozen_test_split_is_unchanged():
    test = sorted((row["page"], row["sha256"]) for row in rows() if row["split"] == "test")
    text = "".join(f"{page}\t{digest}\n" for page, digest in test)
    assert len(test) == FROZEN_TEST_PAGES
    assert hashlib.sha256(text.encode()).hexdigest() == FROZEN_TEST

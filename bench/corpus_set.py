#!/usr/bin/env python3
"""Build a development set from the corpus (devcorpus/corpus.tsv): every page of the chosen splits
as it is, and copies of it as devices make them (a phone, a cheap scanner, a fax, a photocopier,
a thermal receipt photographed, a screenshot), each page in its corpus split.

usage: bench/corpus_set.py --out OUTDIR [--splits train,val] [--copies N] [--restricted DIR]
                          [--limit N]

  --splits      the corpus splits to build (default train,val; `test` is the frozen split, built
                only for the one evaluation that reports it)
  --copies      simulated copies of each page (default 2), each through a different device
  --restricted  the folder of the restricted pages (default $FILTEROCR_RESTRICTED); without it
                they are left out, and said to be
  --limit       the first N pages of each split only (a quick look)

Writes OUTDIR/SPLIT/NAME.EXT + NAME.txt, NAME being the page's corpus name with `/` as `--`
(books/a006 → books--a006), a copy NAME--DEVICE; and OUTDIR/set.tsv: split, file, page, kind,
origin (real, rendered or simulated), device (- for a page as given), scoring, parameters.

A device is a recipe of bench/devset.py's kinds: some always, some by chance, with every kind's
values drawn from devset.py's ranges (its table says what each kind is):

| device | always | by chance | for kinds of page |
| --- | --- | --- | --- |
| phone | perspective, light, blur, jpeg | noise 50%, crease 20% | all |
| scanner | tilt, noise | borders 50%, resolution 50%, jpeg 50%, specks 30% | all |
| fax | fax | specks 50%, tilt 50% | documents (not receipts, slides, posters) |
| photocopy | copier | specks 50%, tilt 30%, borders 30%, bleed 20% | documents |
| thermal | fade, light, jpeg | perspective 50%, blur 50%, crease 30% | receipts |
| screenshot | resolution | jpeg 50% | slides, posters |

A page's copies take different devices, in an order drawn for the page; each copy's generator is
seeded with SHA-256("PAGE|COPY"), so the same corpus gives the same files (as devset.py's do).
These copies are simulated, not real, and every figure on them says so.

Needs Debian's python3-opencv, python3-numpy and python3-pil (run with /usr/bin/python3)."""

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts" / "corpus"))
import devset  # noqa: E402
import manifest  # noqa: E402

DEVICES = {
    "phone": (["perspective", "light", "blur", "jpeg"], {"noise": 0.5, "crease": 0.2}),
    "scanner": (["tilt", "noise"], {"borders": 0.5, "resolution": 0.5, "jpeg": 0.5, "specks": 0.3}),
    "fax": (["fax"], {"specks": 0.5, "tilt": 0.5}),
    "photocopy": (["copier"], {"specks": 0.5, "tilt": 0.3, "borders": 0.3, "bleed": 0.2}),
    "thermal": (["fade", "light", "jpeg"], {"perspective": 0.5, "blur": 0.5, "crease": 0.3}),
    "screenshot": (["resolution"], {"jpeg": 0.5}),
}
COLUMNS = ("split", "file", "page", "kind", "origin", "device", "scoring", "parameters")


def devices_for(kind):
    if kind.startswith("receipt"):
        return ["thermal", "phone", "scanner"]
    if kind in ("slide", "poster"):
        return ["screenshot", "phone"]
    return ["phone", "scanner", "fax", "photocopy"]


def recipe(page, copy, kind):
    """The device of copy `copy` of `page` and its kinds' parameters, in the order applied."""
    np = devset.np
    order = np.random.default_rng(devset.stable_hash(f"{page}|devices")).permutation(len(devices_for(kind)))
    device = devices_for(kind)[int(order[copy % len(order)])]
    rng = np.random.default_rng(devset.stable_hash(f"{page}|{copy}"))
    always, chances = DEVICES[device]
    kinds = list(always) + [k for k, p in chances.items() if devset.chance(rng, p)]
    kinds = [k for k in devset.ORDER if k in kinds]
    return device, {k: devset.DRAW[k](rng) for k in kinds}


def write(image, target, drawn):
    cv2 = devset.cv2
    if "jpeg" in drawn:
        params = [cv2.IMWRITE_JPEG_QUALITY, drawn["jpeg"]["quality"]]
    else:
        params = [cv2.IMWRITE_PNG_COMPRESSION, 6]
        if image.ndim == 2 and "fax" in drawn and devset.np.isin(image, (0, 255)).all():
            params += [cv2.IMWRITE_PNG_BILEVEL, 1]
    if not cv2.imwrite(str(target), image, params):
        sys.exit(f"corpus_set.py: cannot write {target}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--splits", default="train,val")
    parser.add_argument("--copies", type=int, default=2)
    parser.add_argument("--restricted", type=Path, default=os.environ.get("FILTEROCR_RESTRICTED"))
    parser.add_argument("--limit", type=int)
    arguments = parser.parse_args()
    if devset.MISSING:
        sys.exit(f"corpus_set.py: {devset.MISSING}: run it with Debian's /usr/bin/python3 "
                 "(python3-opencv, python3-numpy, python3-pil)")
    splits = [s.strip() for s in arguments.splits.split(",") if s.strip()]
    if not splits or any(s not in ("train", "val", "test") for s in splits):
        parser.error("--splits takes train, val and test, separated by commas")
    if arguments.copies < 0:
        parser.error("--copies must be 0 or more")
    rows = [row for row in manifest.read_manifest() if row["split"] in splits]
    lines, left_out, counts = [], 0, {}
    for split in splits:
        (arguments.out / split).mkdir(parents=True, exist_ok=True)
        chosen = [row for row in rows if row["split"] == split][:arguments.limit]
        for row in chosen:
            root = ROOT / "devcorpus" if row["location"] == "repo" else arguments.restricted
            path = root / row["file"] if root else None
            if path is None or not path.exists():
                left_out += 1
                continue
            name = row["page"].replace("/", "--")
            truth = path.with_suffix(".txt")
            shutil.copyfile(path, arguments.out / split / (name + path.suffix))
            shutil.copyfile(truth, arguments.out / split / (name + ".txt"))
            lines.append((split, name + path.suffix, row["page"], row["kind"], row["origin"], "-", row["scoring"], "{}"))
            clean = None
            for copy in range(arguments.copies):
                device, drawn = recipe(row["page"], copy, row["kind"])
                if clean is None:
                    clean = devset.load(path)
                    h, w = clean.shape[:2]
                    scale = min(1.0, (devset.MAX_PIXELS / (w * h)) ** 0.5)
                    if scale < 1:
                        clean = devset.scale_by(clean, scale)
                image, extra = devset.degrade(clean, f"{row['page']}|{device}", copy, drawn)
                file = f"{name}--{device}" + (".jpg" if "jpeg" in drawn else ".png")
                write(image, arguments.out / split / file, drawn)
                shutil.copyfile(truth, arguments.out / split / (Path(file).stem + ".txt"))
                record = json.dumps(dict(drawn, scale=round(scale, 3), **extra), sort_keys=True, separators=(",", ":"))
                lines.append((split, file, row["page"], row["kind"], "simulated", device, row["scoring"], record))
            counts[split] = counts.get(split, 0) + 1 + arguments.copies
            print(f"{split:5} {row['page']}", flush=True)
    with open(arguments.out / "set.tsv", "w", encoding="utf-8") as f:
        f.write("\t".join(COLUMNS) + "\n" + "".join("\t".join(line) + "\n" for line in lines))
    note = f"; {left_out} restricted pages left out (no --restricted folder holds them)" if left_out else ""
    print(f"wrote {arguments.out}: " + ", ".join(f"{n} {s}" for s, n in counts.items()) + note)


if __name__ == "__main__":
    main()

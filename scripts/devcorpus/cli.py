"""The command line: the arguments, the checks across all pages before any is rendered
(names unique, each excerpt used once, no long line twice, every font known), then each page
asked for rendered (and scored with --score), and the README when all pages were made."""
import argparse
import os
import shutil
import tempfile
from collections import Counter

from .chromium import CHROMIUM, chromium
from .fonts import FONT_PACKAGES
from .pages import PAGES
from .readme import readme
from .render import render
from .scoring import score, tesseract


def main(doc):
    """The script; doc is the entry point's docstring, whose first line is the description."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--only", help="comma-separated page names")
    ap.add_argument("--keep-html", metavar="DIR")
    ap.add_argument("--score", action="store_true")
    ap.add_argument("--keep-going", action="store_true", help="report a failing page and go on")
    args = ap.parse_args()
    if shutil.which(CHROMIUM) is None:
        raise SystemExit("chromium not found (apt-get install chromium)")
    if chromium(["--version"]).returncode != 0:
        raise SystemExit("chromium --version failed")
    pages = [fn() for fn in PAGES]
    names = [pg.name for pg in pages]
    assert len(set(names)) == len(names), "duplicate page names"
    used = Counter(s for pg in pages for s in pg.sources if s != "synthetic")
    assert all(n == 1 for n in used.values()), "an excerpt is used twice: %s" % used
    seen = {}
    for pg in pages:
        for f in pg.fonts:
            assert f in FONT_PACKAGES, f
        for line in pg.truth_text().splitlines():
            if len(line) >= 40:   # no text twice, within a page or across pages
                assert line not in seen, "%s repeats a line of %s: %s" % (pg.name, seen[line], line)
                seen[line] = pg.name
    only = set(args.only.split(",")) if args.only else None
    if only and only - set(names):
        raise SystemExit("no such page: %s" % ", ".join(sorted(only - set(names))))
    os.makedirs(args.outdir, exist_ok=True)
    if args.keep_html:
        os.makedirs(args.keep_html, exist_ok=True)
    scores, failed = {}, []
    with tempfile.TemporaryDirectory() as work:
        for pg in pages:
            if only and pg.name not in only:
                continue
            try:
                pg.mode = render(pg, args.outdir, work, args.keep_html)
            except SystemExit as e:
                if not args.keep_going:
                    raise
                print("FAILED", e, flush=True)
                failed.append(pg.name)
                continue
            size = os.path.getsize(os.path.join(args.outdir, pg.name + ".png"))
            msg = "%-36s %5dx%-5d %-5s %4d KB" % (pg.name, pg.w, pg.h, pg.mode, size // 1024)
            if args.score:
                png = os.path.join(args.outdir, pg.name + ".png")
                truth = pg.truth_text()
                scores[pg.name] = {"eng": score(truth, tesseract(png, "eng"))}
                if pg.tess_lang != "eng":
                    scores[pg.name][pg.tess_lang] = score(truth, tesseract(png, pg.tess_lang))
                msg += "  cer=%.4f word_recall=%.3f" % scores[pg.name]["eng"]
                if pg.tess_lang != "eng":
                    msg += "  (%s cer=%.4f)" % (pg.tess_lang, scores[pg.name][pg.tess_lang][0])
            print(msg, flush=True)
    if failed:
        raise SystemExit("failed: " + ", ".join(failed))
    if not only:
        for pg in pages:
            if not hasattr(pg, "mode"):
                pg.mode = ""
        readme(pages, args.outdir, scores)

"""The development corpus of rendered pages, made by scripts/make_devcorpus.py; one purpose a
module:

  books      the books the excerpts come from (provenance, for the README)
  excerpts   the excerpts' text, embedded, and taking paragraphs from them
  fonts      the font families pages may name, their Debian packages and licences
  page       Page: one page's HTML and its truth, built together in reading order
  pages/     the pages, one module per kind, and their order (PAGES)
  chromium   running headless Chromium
  check      the check run in the laid-out page, and its words compared with the truth
  png        Chromium's screenshot read and re-encoded deterministically
  render     one page from its HTML to NAME.png and NAME.txt
  scoring    Tesseract and bench/score.py's measure (--score)
  readme     OUTDIR/README.md
  cli        the command line: arguments, checks across pages, the run
"""

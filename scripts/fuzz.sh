#!/usr/bin/env bash
# Runs each libFuzzer target for FUZZ_SECONDS (default 180) with a seed corpus made from
# images/, the test fixtures and sample commands and feeds (and, for the document reader, the
# hostile documents of scripts/hostile_documents.py); prints per target the inputs run, the
# coverage reached and the crashes found. FUZZ_DOCUMENT_RUNS=N runs the document reader for N
# inputs instead of FUZZ_SECONDS (1,000,000 take 14 minutes on two idle cores). A crashing
# input is copied to Tests/FuzzRegressions/TARGET/, where `make test` replays it from then on.
#
# usage: scripts/fuzz.sh [TARGET...]   (built by `make fuzz`)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-180}
python=${PYTHON:-/usr/bin/python3}
bin=.build-fuzz/release
work=.build-fuzz/corpus
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzImageDecoder FuzzCommands FuzzFeedReader FuzzDocumentReader)

seed() {  # target folder: the seed inputs
  local target=$1 folder=$2
  mkdir -p "$folder"
  case $target in
    FuzzImageDecoder)
      for f in images/* Tests/ImageCodecTests/Fixtures/*; do
        case "$f" in *.txt|*.md) continue ;; esac
        # Large images slow every mutation; their first 64 KB keep the headers.
        head -c 65536 "$f" > "$folder/$(basename "$f")"
      done ;;
    FuzzCommands)
      printf 'blur\n25%%\n75%%\nslider 1.5\noriginal\n' > "$folder/transitions"
      printf 'open "my scan.png"\nopen ~/a\\ b.png\nsave out.png # note\n' > "$folder/paths"
      printf 'binarize; slider 150%%; 75%%\n' > "$folder/script"
      printf 'next\ntext\nwords\ntop\nshow\nstatus\nhelp\nslider abc\nslider -1\n' > "$folder/queries" ;;
    FuzzDocumentReader)
      # Small PDFs and a two-page TIFF made from the corpus, as scanners write them.
      img2pdf --imgsize 300dpix300dpi -o "$folder/scan.pdf" corpus/phototest.tif > /dev/null 2>&1
      tesseract corpus/phototest.tif "$folder/ocr" pdf >/dev/null 2>&1
      qpdf --object-streams=generate "$folder/scan.pdf" "$folder/objstm.pdf" || true
      tiffcp corpus/phototest.tif corpus/eurotext.tif "$folder/pages.tif"
      printf '%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%%%EOF\n' > "$folder/javascript.pdf"
      hostile_seeds "$folder" ;;
    FuzzFeedReader)
      printf '%s\n' '{"image":"a.png","meanConfidence":90,"operations":["blur 25%"],"schema":"filterocr.topwords/1","segment":"blur","sequence":3,"sessionTopWords":[{"count":2,"word":"the"}],"source":"repl","topWords":[{"count":2,"word":"the"}],"updatedAt":"2026-11-21T06:15:01.923Z","wordCount":5}' > "$folder/feed.json" ;;
  esac
}

# The shapes of scripts/hostile_documents.py (deep nesting, huge counts, image bombs, unusual
# TIFF pages), each under -max_len: nesting 800 to 2,000 deep rather than 60,000, 200 TIFF
# pages rather than 10,000, object streams left uncompressed where the PDF mutator should see
# inside them. The image bombs keep their full claimed sizes: their files are small.
hostile_seeds() {  # folder
  "$python" - "$1" <<'EOF'
import os, sys
sys.path.insert(0, "scripts")
import hostile_documents as hostile
seeds = {
    "nested-resources-800.pdf": hostile.nested_resources(800, flate=False),
    "nested-resources-2000.pdf": hostile.nested_resources(2000),
    "nested-resources-direct.pdf": hostile.nested_resources(60_000, direct=True),
    "nested-forms-250.pdf": hostile.nested_forms(250),
    "nested-forms-100.pdf": hostile.nested_forms_100(),
    "form-doubling-12.pdf": hostile.form_doubling(12),
    "huge-count.pdf": hostile.huge_count(),
    "negative-count.pdf": hostile.negative_count(),
    "jbig2-bomb.pdf": hostile.jbig2_bomb(),
    "ccitt-bomb.pdf": hostile.ccitt_bomb(),
    "flate-bomb.pdf": hostile.flate_bomb(),
    "dct-bomb.pdf": hostile.dct_bomb(),
    "jpx-bomb.pdf": hostile.jpx_bomb(),
    "unbalanced-q.pdf": hostile.unbalanced_q(20_000),
    "million-pages.pdf": hostile.million_pages(),
    "deep-outline-500.pdf": hostile.deep_outline(500, flate=False),
    "deep-page-tree-800.pdf": hostile.deep_page_tree(800, flate=False),
    "png-with-pdf-comment.png": hostile.png_with_pdf_comment(),
    "tiff-pages-200.tif": hostile.tiff_pages(200),
    "tiff-float32.tif": hostile.tiff_float32(),
    "tiff-12bit.tif": hostile.tiff_12bit(),
    "tiff-tiled-page2.tif": hostile.tiff_tiled_page2(),
}
for name, data in seeds.items():
    assert len(data) <= 65536, name
    with open(os.path.join(sys.argv[1], name), "wb") as file:
        file.write(data)
EOF
}

# The PDF syntax and the attacks' keys, for libFuzzer's byte-level mutations of documents.
document_dictionary() {  # file
  local word
  for word in '%PDF-1.7' '%%EOF' ' obj' 'endobj' 'stream\x0A' '\x0Aendstream' 'xref' 'trailer' 'startxref' ' 0 R' \
      '<<' '>>' '[' ']' '/Type' '/Catalog' '/Pages' '/Page' '/Kids' '/Count' '/Parent' '/MediaBox' \
      '/Resources' '/XObject' '/Subtype' '/Form' '/Image' '/Width' '/Height' '/BitsPerComponent' \
      '/ColorSpace' '/DeviceGray' '/Filter' '/FlateDecode' '/DCTDecode' '/JPXDecode' '/JBIG2Decode' \
      '/CCITTFaxDecode' '/DecodeParms' '/K' '/Columns' '/Rows' '/Length' '/ObjStm' '/N' '/First' \
      '/XRef' '/W' '/Index' '/Size' '/Root' '/Contents' '/Outlines' '/ExtGState' '/Pattern' '/Group' \
      '/Transparency' '/SMask' '/Font' ' Do' ' q' ' Q' ' cm' 'BT' 'ET' ' Tj' '1000000000' '-5' \
      '65536' '2147483647' 'II*\x00' 'MM\x00*' '\x89PNG'; do
    printf '"%s"\n' "$word"
  done > "$1"
}

mkdir -p "$work"
printf '%-18s %12s %10s %10s %8s\n' target inputs coverage features crashes
for target in "${targets[@]}"; do
  corpus=$work/$target
  seed "$target" "$corpus"
  artifacts=$work/$target-crashes/
  mkdir -p "$artifacts"
  log=$work/$target.log
  options=(-max_total_time="$seconds")
  if [ "$target" = FuzzDocumentReader ]; then
    document_dictionary "$work/$target.dict"
    options+=(-dict="$work/$target.dict")
    [ -z "${FUZZ_DOCUMENT_RUNS:-}" ] || options=(-runs="$FUZZ_DOCUMENT_RUNS" -dict="$work/$target.dict")
  fi
  "$bin/$target" "$corpus" -rss_limit_mb=2048 -max_len=65536 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$artifacts" "${options[@]}" > "$log" 2>&1 || true
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
  features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
  # Crashes, timeouts, leaks and out-of-memory inputs; slow units (over 10 s but finished) are
  # left in the artifacts folder.
  crashes=$(find "$artifacts" -type f ! -name 'slow-unit-*' | wc -l)
  if [ "$crashes" -gt 0 ]; then
    mkdir -p "Tests/FuzzRegressions/$target"
    find "$artifacts" -type f ! -name 'slow-unit-*' -exec cp {} "Tests/FuzzRegressions/$target/" \;
  fi
  printf '%-18s %12s %10s %10s %8s\n' "$target" "$runs" "$coverage" "$features" "$crashes"
done

# filterocr: `make run` starts the tool on images/, `make test` runs the tests.
# Both install the Debian packages they need first (apt-get, as root or through sudo).

SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/filterocr

# eng for every page; deu and fra for the corpus's European text (eurotext).
RUNTIME_PACKAGES = tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-osd
# MuPDF renders PDF pages (Debian ships it as a static library, so the libraries it uses come
# with it); qpdf lays text layers over a PDF's own pages and libdeflate recompresses an optimised
# PDF's streams; libxml2 edits their XMP metadata; SQLite keeps the result store; libtiff finds
# a multi-page TIFF's pages.
BUILD_PACKAGES = libtesseract-dev libleptonica-dev libedit-dev pkg-config libxml2 libxml2-dev \
    libmupdf-dev libmujs-dev libgumbo-dev libopenjp2-7-dev libjbig2dec0-dev libharfbuzz-dev libfreetype-dev \
    libjpeg-dev zlib1g-dev libqpdf-dev libsqlite3-dev libtiff-dev libdeflate-dev
# The Python the tests and benchmarks run with, and the modules they import, are Debian's:
# a distribution's python3 refuses to install from PyPI outside a virtual environment (PEP 668), and
# apt needs no PyPI. Debian's interpreter is named in full, so that another python3 first on
# PATH (pyenv, conda) is not the one that lacks the packages.
PYTHON = /usr/bin/python3
export PYTHON
BENCH_PACKAGES = hyperfine python3 python3-opencv python3-numpy python3-levenshtein python3-sklearn ocrmypdf unpaper img2pdf poppler-utils mupdf-tools qpdf
# The browser tests drive Debian's Chromium through Selenium; the PDF tests read PDFs with
# poppler's pdftotext, pdfinfo and pdfimages. The document tests make their PDFs and TIFFs
# from the corpus with img2pdf, tiffcp (libtiff-tools) and qpdf; GreyPage reads pages through
# ImageMagick's convert; the hostile-document tests read searchable PDFs with MuPDF's mutool,
# the store tests craft stores with sqlite3, and a born-digital manual (libtasn1-doc's) must
# come back from a searchable PDF with its text as it was. The Slurm test starts a one-node
# cluster of Debian's Slurm and munge (deploy/slurm/local-cluster.sh); the deployment tests
# (Tests/Deploy) check the Kubernetes manifests against the API's models (python3-kubernetes),
# the systemd unit with systemd-analyze, and run the GNU parallel recipe. strace counts the
# threads a recognition starts (one per engine, none of OpenMP's). paperless-ngx's call of
# OCRmyPDF cleans pages with unpaper (its default PAPERLESS_OCR_CLEAN).
TEST_PACKAGES = chromium chromium-driver python3 python3-selenium python3-pytest poppler-utils \
    img2pdf libtiff-tools qpdf imagemagick mupdf-tools sqlite3 libtasn1-doc \
    slurm-wlm slurmctld slurmd slurm-client munge python3-kubernetes python3-yaml parallel systemd shellcheck ocrmypdf strace \
    unpaper libxml2-utils python3-sklearn python3-levenshtein
# The Debian package (`make deb`): dpkg-shlibdeps (dpkg-dev) reads its dependencies from the
# binary, fakeroot builds it owned by root, strip (binutils) strips the binary and lintian checks
# the package; its test reads the installed manual pages with man-db's man.
DEB_PACKAGES = dpkg-dev fakeroot binutils lintian man-db
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Installs those of the Debian packages $(1) that are missing, so a machine that has
# everything does not touch apt.
define install-missing
@missing=$$(for p in $(1); do \
    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
if [ -n "$$missing" ]; then \
    echo "Installing" $$missing; \
    $(SUDO) apt-get update -qq && \
    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
fi
endef

FUZZ_TARGETS = FuzzImageDecoder FuzzCommands FuzzFeedReader FuzzDocumentReader

.PHONY: deps bench-deps test-deps build run serve companion test bench fuzz stress tsan manual completions install install-ocrmypdf-plugin uninstall deb clean

deps:
	$(call install-missing,$(RUNTIME_PACKAGES) $(BUILD_PACKAGES))

bench-deps: deps
	$(call install-missing,$(BENCH_PACKAGES))
	@$(PYTHON) -c 'import cv2, numpy' || { echo "$(PYTHON) cannot import cv2 and numpy (python3-opencv, python3-numpy)" >&2; exit 1; }

test-deps: deps
	$(call install-missing,$(TEST_PACKAGES) $(DEB_PACKAGES))
	@$(PYTHON) -c 'import selenium, pytest, kubernetes, yaml, sklearn, Levenshtein' || { echo "$(PYTHON) cannot import selenium, pytest, kubernetes, yaml, sklearn and Levenshtein (python3-selenium, python3-pytest, python3-kubernetes, python3-yaml, python3-sklearn, python3-levenshtein)" >&2; exit 1; }

build: deps
	$(SWIFT) build -c $(CONFIG) --product filterocr

# The make targets share the repository's watchfeed/ (a command run elsewhere writes the
# per-user feed, under XDG_STATE_HOME or ~/.local/state): `make companion` beside `make run`
# or `make serve` shows their words.
FEED = watchfeed/topwords.json

run: build
	$(BIN) --feed $(FEED)

# The workbench and the watch in a browser, on http://127.0.0.1:8080/.
serve: build
	$(BIN) serve --feed $(FEED)

# The live top words of `make run` and `make serve`, as a watch face in the terminal.
companion: build
	$(BIN) companion --feed $(FEED)

# The tests import the modules' public API only, so they build without testable imports: the
# modules then compile with the flags `make build` uses, and `make run` after `make test` (or the
# reverse) rebuilds next to nothing. (Only `swift test` takes the option, so it builds too.)
TEST_BUILD = -c $(CONFIG) --disable-testable-imports

# Tests/Deploy/test_deb.py installs the package `make deb` builds (and removes it after).
test: deps test-deps deb
	shellcheck $$(grep -rlE '^#!.*[/ ](ba|da)?sh$$' deploy scripts/deb)
	$(SWIFT) test $(TEST_BUILD)
	FILTEROCR_BIN=$(CURDIR)/$(BIN) FILTEROCR_DEB=$(CURDIR)/$(DEB) $(PYTHON) -m pytest -q Tests/Browser Tests/Deploy Tests/Corpus

# The benchmarks time recognitions against other tools: none is answered from the result store,
# but bench/resume.sh's, which measures the store.
bench: export FILTEROCR_STORE = none
bench: build bench-deps
	$(SWIFT) build -c $(CONFIG) --product filterbench
	bench/filters.sh .build/$(CONFIG)/filterbench
	bench/ocr.sh $(BIN)
	$(PYTHON) bench/repl.py $(BIN)
	$(PYTHON) bench/speculate.py $(BIN)
	bench/batch.sh $(BIN)
	bench/documents.sh $(BIN)
	$(PYTHON) bench/ocrmypdf.py --filterocr $(BIN)
	$(PYTHON) bench/pdfsize.py --filterocr $(BIN)
	$(PYTHON) bench/limits.py $(BIN)
	bench/sweep.sh $(BIN)
	bench/tune.sh $(BIN)
	bench/auto.sh $(BIN)
	$(PYTHON) bench/textsize.py $(BIN)
	bench/resume.sh $(BIN)
	$(PYTHON) bench/watch.py $(BIN)
	$(PYTHON) bench/serve_load.py $(BIN)

# libFuzzer on the parsers of untrusted input, FUZZ_SECONDS each (default 180); the document
# reader for FUZZ_DOCUMENT_RUNS inputs (default 1,000,000: 14 to 45 minutes on two cores,
# by the machine's load), a count rather than a time so that a loaded machine still runs them all.
FUZZ_DOCUMENT_RUNS ?= 1000000
fuzz: deps
	for target in $(FUZZ_TARGETS); do \
	    $(SWIFT) build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
	        --product $$target || exit 1; \
	done
	FUZZ_DOCUMENT_RUNS=$(FUZZ_DOCUMENT_RUNS) scripts/fuzz.sh

# The long versions of the storm and fault tests, and attacks on the web server.
stress: deps
	FILTEROCR_STORM_COMMANDS=200000 FILTEROCR_FEED_WRITES=20000 \
	    $(SWIFT) test $(TEST_BUILD) --filter "ReplStormTests|FeedCrashSafetyTests|SignalTests|HostileInputTests"
	$(PYTHON) bench/serve_stress.py $(BIN)

# The batch runner, the feed, the REPL driver, speculation and the engine pools under Thread Sanitizer.
tsan: deps
	$(SWIFT) build --scratch-path .build-tsan --sanitize=thread -Xswiftc -DTSAN --build-tests
	FILTEROCR_STORM_COMMANDS=300 FILTEROCR_FEED_WRITES=300 $(SWIFT) test --scratch-path .build-tsan --sanitize=thread -Xswiftc -DTSAN --skip-build \
	    --filter "ImageRunnerTests|ReorderBufferTests|ReplDriverTests|ReplStormTests|FeedWriter|FeedCrashSafetyTests|SpeculationTests|DedicatedEngineTests|RecognizerPoolTests|NewestQueueTests|RendererTests|PageDocumentTests|FeedFollowerTests"

# Manual pages, one per command, generated from the commands' declarations by
# swift-argument-parser's plugin (which builds every product in release first), and shell
# completions printed by the binary itself: neither can drift from the options.
MANUAL = .build/manual
manual: build
	$(SWIFT) package generate-manual --multi-page --authors "the filterocr authors" \
	    --section 1 --date "$$(git log -1 --format=%cs 2>/dev/null || date +%F)"
	rm -rf $(MANUAL) && mkdir -p $(MANUAL)
	cp .build/plugins/GenerateManual/outputs/filterocr/*.1 $(MANUAL)/

completions: build
	mkdir -p .build/completions
	$(BIN) --generate-completion-script bash > .build/completions/filterocr.bash
	$(BIN) --generate-completion-script zsh > .build/completions/_filterocr
	$(BIN) --generate-completion-script fish > .build/completions/filterocr.fish

# make install [PREFIX=/usr/local] [DESTDIR=staging]: the binary, its manual pages, its
# completions for bash, zsh and fish, where each shell looks for them under PREFIX, and the
# OCRmyPDF plugin.
PREFIX ?= /usr/local
install: build manual completions install-ocrmypdf-plugin
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/filterocr
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(MANUAL)/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -D -m 644 .build/completions/filterocr.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/filterocr
	install -D -m 644 .build/completions/_filterocr $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_filterocr
	install -D -m 644 .build/completions/filterocr.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/filterocr.fish

# The OCRmyPDF plugin, a Python package, where Debian's python3 finds it (its dist-packages
# under /usr/local are on its path).
PLUGIN_DIR = $(DESTDIR)$(PREFIX)/lib/$$($(PYTHON) -c 'import sys; print("python%d.%d" % sys.version_info[:2])')/dist-packages/filterocr_ocrmypdf
install-ocrmypdf-plugin:
	install -D -m 644 integrations/ocrmypdf/filterocr_ocrmypdf/__init__.py $(PLUGIN_DIR)/__init__.py

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/filterocr $(DESTDIR)$(PREFIX)/share/man/man1/filterocr*.1 \
	    $(DESTDIR)$(PREFIX)/share/bash-completion/completions/filterocr \
	    $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_filterocr \
	    $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/filterocr.fish
	rm -rf $(PLUGIN_DIR)

# make deb: the Debian package, .build/deb/filterocr_VERSION_ARCH.deb (VERSION from
# `filterocr --version`, ARCH from `dpkg --print-architecture`; e.g.
# .build/deb/filterocr_0.1.0_amd64.deb), built by scripts/deb/build-deb.sh from the binary, the
# manual pages and completions above and the OCRmyPDF plugin, and checked by lintian. It
# installs under /usr: apt-get install ./.build/deb/filterocr_0.1.0_amd64.deb
DEB_DIR = .build/deb
DEB = $(DEB_DIR)/filterocr_$(shell $(BIN) --version | awk '{ print $$2 }')_$(shell dpkg --print-architecture).deb
deb: build manual completions
	$(call install-missing,$(DEB_PACKAGES))
	scripts/deb/build-deb.sh --binary $(BIN) --manual $(MANUAL) --completions .build/completions \
	    --plugin integrations/ocrmypdf/filterocr_ocrmypdf --output $(DEB_DIR)

clean:
	rm -rf .build

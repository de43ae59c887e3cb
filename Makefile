# filterocr: `make run` starts the tool on images/, `make test` runs the tests.
# Both install the Debian packages they need first (apt-get, as root or through sudo).

SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/filterocr

RUNTIME_PACKAGES = tesseract-ocr tesseract-ocr-eng
BUILD_PACKAGES = libtesseract-dev libleptonica-dev libedit-dev pkg-config libxml2
BENCH_PACKAGES = hyperfine python3
# The browser tests drive Debian's Chromium through Selenium (from PyPI, for the tests only);
# the PDF tests read PDFs with poppler's pdftotext, pdfinfo and pdfimages.
TEST_PACKAGES = chromium chromium-driver python3 poppler-utils
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)

FUZZ_TARGETS = FuzzImageDecoder FuzzCommands FuzzFeedReader

.PHONY: deps bench-deps test-deps build run serve test bench fuzz stress tsan clean

# Installs only what is missing, so a machine that has everything does not touch apt.
deps:
	@missing=$$(for p in $(RUNTIME_PACKAGES) $(BUILD_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	    echo "Installing $$missing"; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

bench-deps: deps
	@for p in $(BENCH_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || \
	    { DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$p; }; done
	@python3 -c 'import cv2, numpy' 2>/dev/null || python3 -m pip install -q opencv-python-headless numpy

test-deps: deps
	@missing=$$(for p in $(TEST_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	    echo "Installing $$missing"; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@python3 -c 'import selenium, pytest' 2>/dev/null || python3 -m pip install -q -r Tests/Browser/requirements.txt

build: deps
	$(SWIFT) build -c $(CONFIG) --product filterocr

run: build
	$(BIN)

# The workbench and the watch in a browser, on http://127.0.0.1:8080/.
serve: build
	$(BIN) serve

test: deps test-deps
	$(SWIFT) build -c $(CONFIG) --build-tests
	$(SWIFT) test -c $(CONFIG) --skip-build
	FILTEROCR_BIN=$(CURDIR)/$(BIN) python3 -m pytest -q Tests/Browser

bench: build bench-deps
	$(SWIFT) build -c $(CONFIG) --product filterbench
	bench/filters.sh .build/$(CONFIG)/filterbench
	bench/ocr.sh $(BIN)
	bench/repl.py $(BIN)
	bench/speculate.py $(BIN)
	bench/batch.sh $(BIN)
	bench/limits.py $(BIN)
	bench/sweep.sh $(BIN)
	bench/auto.sh $(BIN)
	bench/serve_load.py $(BIN)

# libFuzzer on the parsers of untrusted input, FUZZ_SECONDS each (default 180).
fuzz: deps
	for target in $(FUZZ_TARGETS); do \
	    $(SWIFT) build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
	        --product $$target || exit 1; \
	done
	scripts/fuzz.sh

# The long versions of the storm and fault tests, and attacks on the web server.
stress: deps
	$(SWIFT) build -c $(CONFIG) --build-tests
	FILTEROCR_STORM_COMMANDS=200000 FILTEROCR_FEED_WRITES=20000 \
	    $(SWIFT) test -c $(CONFIG) --skip-build --filter "ReplStormTests|FeedCrashSafetyTests|SignalTests|HostileInputTests"
	bench/serve_stress.py $(BIN)

# The batch runner, the feed, the REPL driver, speculation and the engine pools under Thread Sanitizer.
tsan: deps
	$(SWIFT) build --scratch-path .build-tsan --sanitize=thread -Xswiftc -DTSAN --build-tests
	FILTEROCR_STORM_COMMANDS=300 FILTEROCR_FEED_WRITES=300 $(SWIFT) test --scratch-path .build-tsan --sanitize=thread -Xswiftc -DTSAN --skip-build \
	    --filter "ImageRunnerTests|ReorderBufferTests|ReplDriverTests|ReplStormTests|FeedWriter|FeedCrashSafetyTests|SpeculationTests|DedicatedEngineTests|RecognizerPoolTests|NewestQueueTests|RendererTests"

clean:
	rm -rf .build

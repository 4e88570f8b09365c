# Tilescope. `make run` and `make test` are the whole set-up on a fresh
# Debian 12 / Raspberry Pi OS bookworm machine: both install what is missing.

SHELL := /bin/bash
GO ?= go
BIN := bin/tilescope
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
ADDR ?= :8080
DATA ?= $(HOME)/.local/share/tilescope
FUZZTIME ?= 10s

# Debian packages the build, the tests and the service need.
APT_PKGS := libopencv-dev libtesseract-dev libleptonica-dev tesseract-ocr-eng \
	tesseract-ocr-rus hunspell-ru wordnet-base pkg-config gcc g++ \
	chromium fonts-dejavu-core fonts-liberation fonts-freefont-ttf

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build run test bench fuzz train eval install clean

all: build

# deps installs only what is missing: the apt packages not yet installed,
# then the Go modules.
deps:
	@missing=$$(for p in $(APT_PKGS); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "deps: installing $$missing"; \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
	@command -v $(GO) >/dev/null || { echo "deps: Go is missing: install Go 1.26 or later (see README)"; exit 1; }
	$(GO) mod download

build: deps
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/tilescope

run: build
	$(BIN) serve --addr $(ADDR) --data $(DATA) --camera demo

test: deps
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 40m ./...

bench: deps
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./...

# fuzz runs each fuzz target briefly (FUZZTIME each).
fuzz: deps
	@set -e; for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			echo "fuzz $$pkg $$f"; \
			$(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg; \
		done; \
	done

# dicts regenerates the built-in word lists (dict/data/*.tsd) from ENABLE
# (../shared/data/enable1.txt) and Debian's hunspell-ru; the output is
# reproducible and committed, so only run it when a source changes.
.PHONY: dicts dict-bench
dicts:
	cd dict && $(GO) generate .

# dict-bench shows the dictionary's targets: lookup, load time, heap.
dict-bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./dict/...

clean:
	rm -rf bin

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
APT_PKGS := libopencv-dev libjpeg62-turbo-dev libtesseract-dev libleptonica-dev tesseract-ocr-eng \
	tesseract-ocr-rus hunspell-ru wordnet-base pkg-config gcc g++ \
	chromium fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf fonts-urw-base35 \
	gstreamer1.0-tools gstreamer1.0-plugins-good

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# CV links only the OpenCV modules the program calls (core and imgproc:
# `grep -rho 'gocv\.[A-Z][a-zA-Z]*' --include=*.go .`) instead of the 55
# that gocv's pkg-config line names; not imgcodecs (GDAL and 139 shared
# libraries): JPEG is decoded by internal/libjpeg, pixel for pixel as
# imgcodecs did, and only vision's tests link imgcodecs, for its decoder
# as the reference (vision/internal/imgcodecs). gocv's build tag
# customenv takes its cgo flags from the environment; every function in
# its own section and --gc-sections drop gocv's wrappers of the modules
# never called (videoio, highgui, dnn, ...), and with them their
# libraries: the program maps 72 shared libraries instead of 268
# (docs/pi.md, "A lean start"). A gocv call into
# another module fails to link here (and in make test), naming it: add
# the module's -lopencv_ below. Expanded when a recipe runs (after deps).
CV_TAGS := customenv
CV_ENV = CGO_CPPFLAGS="$$(pkg-config --cflags opencv4)" \
	CGO_CFLAGS="-O2 -g -ffunction-sections -fdata-sections" \
	CGO_CXXFLAGS="--std=c++11 -O2 -g -ffunction-sections -fdata-sections" \
	CGO_LDFLAGS="-Wl,--gc-sections -lopencv_imgproc -lopencv_core"

.PHONY: all deps build run test bench fuzz train eval install clean

all: build

# deps installs only what is missing: the apt packages not yet installed,
# then the Go modules.
deps:
	@missing=$$(for p in $(APT_PKGS); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "deps: installing" $$missing; \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
	@command -v $(GO) >/dev/null || { echo "deps: Go is missing: install Go 1.26 or later (see README)"; exit 1; }
	$(GO) mod download

# build makes two programs (cmd/tilescope/lean.go): bin/tilescope-full,
# the whole program with OpenCV and Tesseract, and bin/tilescope, the same
# package without cgo and without the commands that need them (the tag
# lean), which starts in milliseconds and hands every other command on to
# bin/tilescope-full by exec. Run and install them as bin/tilescope.
build: deps
	$(CV_ENV) $(GO) build -trimpath -tags $(CV_TAGS) -ldflags '$(LDFLAGS)' -o $(BIN)-full ./cmd/tilescope
	CGO_ENABLED=0 $(GO) build -trimpath -tags lean -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/tilescope

# run starts the table service with the demo camera; it prints the address,
# the QR code phones scan and the PIN (kept in $(DATA)/pin).
# GAME picks the game (upwords, pyramids: `serve -h` lists them); each game
# other than Upwords keeps its own data directory, so a table's game goes
# on as it was.
# PLAYERS names the seats of a new game (comma-separated; the demo of
# Twists & Turns was played by three: PLAYERS=Аня,Борис,Вера).
GAME ?= upwords
PLAYERS ?=
RUN_DATA = $(if $(filter upwords,$(GAME)),$(DATA),$(DATA)/$(GAME))
run: build
	$(BIN) serve --addr $(ADDR) --data $(RUN_DATA) --camera demo --game $(GAME) $(if $(PLAYERS),--players $(PLAYERS))

# test: gofmt, vet (also of the lean build's command package), every
# test, then gocv's own count of open Mats (build tag matprofile) after
# the leak tests of every vision package. The tests over the real photos
# and the word list need ../shared (as on CI): under make test they fail
# without it rather than skip (internal/sharedtest); REQUIRE_SHARED= lets
# them skip on a machine that has only the repository.
TEST_TIMEOUT ?= 40m
REQUIRE_SHARED ?= 1
test: deps
	@unformatted=$$("$$($(GO) env GOROOT)/bin/gofmt" -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt -l: not formatted:"; echo "$$unformatted"; exit 1; fi
	$(CV_ENV) $(GO) vet -tags $(CV_TAGS) ./...
	$(GO) vet -tags lean ./cmd/tilescope
	TILESCOPE_REQUIRE_SHARED=$(REQUIRE_SHARED) $(CV_ENV) $(GO) test -count=1 -tags $(CV_TAGS) -timeout $(TEST_TIMEOUT) ./...
	$(CV_ENV) $(GO) test -count=1 -tags matprofile,$(CV_TAGS) -run 'MatLeak' ./vision/...
	@if [ -n "$(REQUIRE_SHARED)" ] || [ -d "$(PHOTOS)/train" ]; then \
		$(MAKE) --no-print-directory verify-verifiers; \
	else echo "test: verify-verifiers skipped ($(PHOTOS) missing, REQUIRE_SHARED=)"; fi

# lint: go vet and staticcheck (STATICCHECK_VERSION, installed into bin/
# from the Go module proxy when missing; staticcheck.conf says which check
# is left out and why) over every package, with the cgo tags and without.
STATICCHECK_VERSION ?= v0.8.2
.PHONY: lint
lint: deps
	$(GO) mod tidy -diff
	$(CV_ENV) $(GO) vet -tags $(CV_TAGS) ./...
	$(GO) vet -tags lean ./cmd/tilescope
	@[ -x bin/staticcheck ] && bin/staticcheck -version | grep -q '$(STATICCHECK_VERSION:v%=%)' || \
		GOBIN=$(CURDIR)/bin $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	$(CV_ENV) bin/staticcheck -tags $(CV_TAGS) ./...
	bin/staticcheck -tags lean ./cmd/tilescope

# startup: each command's start as a whole process (median of 20 runs:
# wall time, peak memory), and scan's cost above the scan itself; exits 1
# when a target of docs/pi.md ("A lean start") is missed.
.PHONY: startup
startup: build
	$(GO) run ./hw/pi/internal/startup -bin $(BIN)

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

# dict-agree measures the Russian expansion (dict/internal/affix) against
# hunspell's own verdict: every form we make through hunspell -l, and
# AGREE_N sampled forms with their endings changed through hunspell -G
# (what hunspell accepts must be ours), and unmunch's output. It needs the
# hunspell and unmunch commands (installed here when missing).
AGREE_N ?= 60000
DICT_TOOLS := hunspell hunspell-tools hunspell-ru
.PHONY: dict-agree
dict-agree:
	@missing=$$(for p in $(DICT_TOOLS); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
	cd dict && nice $(GO) run ./internal/gen -hunspell /usr/share/hunspell/ru_RU.dic -agree $(AGREE_N)

# dict-bench shows the dictionary's targets: lookup, load time, heap.
dict-bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./dict/...

# The loose tiles' verifiers as make train writes them (verify-verifiers
# retrains them with the same arguments).
# The Lexicon verifier's Right regression learns also from the train split
# as tilted and steep cameras take it (augment, seed 1000), drawn into the
# scratch folder $$a first by VERIFIER_AUGMENT (docs/loose-tiles.md,
# loosesure); its Tile regression and cut from the split as taken.
VERIFIER_AUGMENT = nice $(GO) run ./vision/loose/internal/augment -photos $(PHOTOS)/train -family tilt -seed 1000 -out $$a/tilt >/dev/null && \
	nice $(GO) run ./vision/loose/internal/augment -photos $(PHOTOS)/train -family steep -seed 1000 -out $$a/steep >/dev/null
VERIFIER_ARGS = -photos $(PHOTOS)/train -right-photos $$a/tilt,$$a/steep -render 40 -seed 1000 -no-specialist
VERIFIER_TWISTS_ARGS = -game twists -render 80 -difficulty mixed -seed 1000 -no-specialist

# SQR_PRINTS: the premium prints en-sqr's last fine-tuning line draws a
# third of its scenes in (every one of render.ScrabblePrints but
# "french", kept out to measure a print the model never saw; docs/ocr.md,
# "Other prints in a share of the scenes"); its other scenes, the lines
# before it and en-scr (the scan's) draw the classic print.
SQR_PRINTS = classic,words,letters,numbers,german,spanish,plain

# train retrains the tile classifier (ocr/model/*.tsm, committed) from fonts
# and the Bananagrams photos' train split (../shared/data/photos), then the
# loose tiles' verifier (vision/loose/verifier.txt) on that split, and the
# reader of Scrabble tiles' value digits (vision/scrabble/internal/digits,
# from digits drawn in the installed typefaces render does not draw tiles
# in; docs/scrabble-vision.md, scrdigit's section); fixed
# seeds, the same model bytes every run (about 20 minutes on a busy 2-core
# machine). eval-tiles measures our reader and Tesseract on the held-out
# valid split and on rendered scenes not used in training (docs/ocr.md).
PHOTOS ?= ../shared/data/photos/bananagrams-fi
# PYR_MORE_FONTS: the typefaces en-pyr is trained further on (its second
# line below; docs/pyramids-vision.md, "Letters in other typefaces"), none
# of the tuning or held-out sets' typefaces.
PYR_MORE_FONTS = DejaVuSansMono-Bold,DejaVuSerifCondensed-Bold,DejaVuSerif,DejaVuSansCondensed,FreeSans,FreeSerif,LiberationSansNarrow-Regular,LiberationSerif-Regular,LiberationMono-Regular,NimbusSans-Regular,NimbusMonoPS-Bold,URWBookman-Light,C059-Bold
# UPW_MORE_FONTS: the typefaces en-upw is trained further on (its second
# line below; docs/vision.md, "Upwords letters in many more typefaces"),
# none of the held-out sets' families (URW Gothic, Carlito, Cabin, P052,
# Caladea). Most come from UPW_FONT_PKGS (render.ExtraTypefaces), which
# make train installs when missing (train-fonts); the held-out sets are
# drawn in Carlito, Cabin and Caladea from them too.
UPW_MORE_FONTS = OpenSans-Bold,OpenSans-Regular,Lato-Bold,Lato-Regular,Roboto-Bold,Roboto-Regular,Cantarell-Bold,Cantarell-Regular,LeagueSpartan-Bold,Quicksand-Bold,Karla-Bold,GilliusADF-Bold,B612-Bold,ClearSans-Bold,Comfortaa-Bold,LinBiolinum-Bold,DejaVuSans-ExtraLight,DejaVuSansMono,LinLibertine-Bold,LinLibertine-Regular,EBGaramond-Bold,RobotoSlab-Bold,DejaVuSerifCondensed,FreeMono,NimbusMonoPS-Regular,C059-Bold,C059-Roman
UPW_FONT_PKGS := fonts-open-sans fonts-lato fonts-roboto-unhinted fonts-cantarell fonts-crosextra-carlito \
	fonts-crosextra-caladea fonts-cabin fonts-league-spartan fonts-quicksand fonts-karla fonts-adf-gillius \
	fonts-b612 fonts-clear-sans fonts-linuxlibertine fonts-ebgaramond fonts-roboto-slab \
	fonts-comfortaa
.PHONY: train-fonts
train-fonts:
	@missing=$$(for p in $(UPW_FONT_PKGS); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "train-fonts: installing" $$missing; \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
train: train-fonts
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -alphabets en -real 12 -real-warp 6 -epochs 25 -seed 3
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -alphabets ru
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist blur -blur-scenes 300 -hidden 256 -synth 60 -empty 500 -epochs 25 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist pyramids -pyr-upright -pyr-blur 0.5 -pyr-scenes 480 -pyr-hard 240 -pyr-makers 80 -pyr-makers-hard 120 -synth 40 -empty 200 -epochs 15 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist pyramids -pyr-upright -pyr-init ocr/model/en-pyr.tsm -pyr-init-lr 0.003 -pyr-blur 0.5 -pyr-scenes 100 -pyr-hard 80 -pyr-makers-hard 80 -pyr-more 400 -pyr-more-fonts $(PYR_MORE_FONTS) -pyr-eval 0 -synth 40 -empty 200 -epochs 3 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist pyramids-grey -pyr-blur 0.5 -pyr-scenes 200 -pyr-hard 300 -pyr-makers 80 -pyr-makers-hard 150 -pyr-blurred 300 -hidden 192 -epochs 15 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist pyramids-grey -pyrg-name pyrc -pyrg-cnn 8,16,32 -pyr-blur 0.5 -pyr-scenes 80 -pyr-hard 120 -pyr-makers 30 -pyr-makers-hard 60 -pyr-blurred 120 -hidden 64 -epochs 5 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist scrabble -scr-scenes 240 -scr-degrade 1 -synth 40 -empty 400 -epochs 20 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist scrabble -scr-scenes 240 -scr-degrade 1 -scr-typefaces 0.3 -scr-dark 0.3 -scr-cuts 2 -scr-others 40 -scr-out en-sqr -synth 40 -empty 400 -epochs 20 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist scrabble -scr-init ocr/model/en-sqr.tsm -scr-init-lr 0.003 -scr-scenes 80 -scr-degrade 1 -scr-typefaces 0.3 -scr-dark 0.3 -scr-cuts 2 -scr-others 20 -scr-real vision/scrabble/testdata/real -scr-real-photos $(SCRABBLE_PHOTOS) -scr-real-tiles 60 -scr-real-empty 4 -scr-out en-sqr -synth 20 -empty 200 -epochs 3 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist scrabble -scr-init ocr/model/en-sqr.tsm -scr-init-lr 0.003 -scr-scenes 120 -scr-degrade 1 -scr-typefaces 0.3 -scr-dark 0.3 -scr-cuts 2 -scr-prints $(SQR_PRINTS) -scr-prints-share 0.34 -scr-empty-keep 0.5 -scr-others 20 -scr-real vision/scrabble/testdata/real -scr-real-photos $(SCRABBLE_PHOTOS) -scr-real-tiles 120 -scr-real-empty 4 -scr-out en-sqr -synth 20 -empty 200 -epochs 3 -seed 3
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist scrabble -scr-init ocr/model/en-scr.tsm -scr-init-lr 0.003 -scr-scenes 16 -scr-degrade 1 -scr-real vision/scrabble/testdata/real -scr-real-photos $(SCRABBLE_PHOTOS) -scr-real-tiles 60 -scr-real-empty 2 -scr-real-motion 1 -scr-out en-scrb -synth 10 -empty 100 -epochs 3 -scr-eval 0 -seed 5
	nice $(GO) run ./vision/scrabble/internal/digits/train -out vision/scrabble/internal/digits/model.bin -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist upwords -upw-scenes 240 -upw-classic 80 -hard-scenes 60 -synth 40 -empty 400 -real 2 -real-warp 1 -epochs 15 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist upwords -upw-init ocr/model/en-upw.tsm -upw-init-lr 0.003 -upw-scenes 80 -upw-classic 40 -upw-more 240 -upw-more-fonts $(UPW_MORE_FONTS) -hard-scenes 60 -synth 40 -empty 400 -real 2 -real-warp 1 -upw-eval 0 -epochs 4 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist upwords -upw-init ocr/model/en-upw.tsm -upw-init-lr 0.003 -upw-scenes 40 -upw-classic 20 -upw-dim 160 -hard-scenes 30 -synth 20 -empty 300 -real 2 -real-warp 1 -upw-eval 0 -epochs 3 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist upwords-blur -upwb-init ocr/model/en-blur.tsm -upwb-scenes 160 -upwb-classic 80 -hard-scenes 60 -synth 60 -empty 500 -epochs 4 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist upwords-blur -upwb-init ocr/model/en-upwb.tsm -upwb-scenes 0 -upwb-classic 0 -hard-scenes 0 -upwb-shaken 120 -upwb-shaken-classic 40 -synth 40 -empty 300 -epochs 8 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist upwords-blur -upwb-init ocr/model/en-upwb.tsm -upwb-scenes 0 -upwb-classic 0 -hard-scenes 0 -upwb-shaken 40 -upwb-shaken-classic 0 -upwb-dim 120 -synth 20 -empty 200 -epochs 4 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist upwords-blur -upwb-init ocr/model/en-upwb.tsm -upwb-scenes 0 -upwb-classic 0 -hard-scenes 0 -upwb-shapes 120 -synth 20 -empty 200 -epochs 4 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist upwords-blur -upwb-init ocr/model/en-upwb.tsm -upwb-scenes 0 -upwb-classic 0 -hard-scenes 0 -upwb-shaken 120 -upwb-shaken-classic 40 -upwb-shaken-from 93001 -synth 20 -empty 200 -epochs 4 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist loose -synth 40 -empty 200 -real 4 -real-warp 2 -epochs 4 -seed 1
	nice $(GO) run ./ocr/internal/train -photos $(PHOTOS) -out ocr/model -specialist loose-ru -ru-loose-scenes 160 -synth 40 -empty 200 -epochs 4 -seed 1
	a=$$(mktemp -d) && trap 'rm -rf "$$a"' EXIT && $(VERIFIER_AUGMENT) && \
	nice $(GO) run ./vision/loose/internal/trainverify $(VERIFIER_ARGS) -out vision/loose/verifier.txt
	nice $(GO) run ./vision/loose/internal/trainverify $(VERIFIER_TWISTS_ARGS) -out vision/loose/verifier-twists.txt

# verify-verifiers retrains the loose tiles' two verifiers into a scratch
# folder and compares them byte for byte with the shipped ones: a change to
# vision/loose's detection, to en.tsm or ru.tsm, or to the renderer makes
# the shipped verifiers stale without any other test failing
# (docs/loose-tiles.md, "The verifiers retrained", "Stale again"). About a
# minute on a quiet machine; make test runs it last (skipped only when the
# ban-seg photos are missing and REQUIRE_SHARED= is given).
.PHONY: verify-verifiers
verify-verifiers: deps
	@d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && a=$$d/augmented && $(VERIFIER_AUGMENT) && \
	nice $(GO) run ./vision/loose/internal/trainverify $(VERIFIER_ARGS) -out $$d/verifier.txt && \
	nice $(GO) run ./vision/loose/internal/trainverify $(VERIFIER_TWISTS_ARGS) -out $$d/verifier-twists.txt && \
	{ cmp $$d/verifier.txt vision/loose/verifier.txt && cmp $$d/verifier-twists.txt vision/loose/verifier-twists.txt || \
	{ echo "verify-verifiers: stale: make train's two trainverify lines now write other verifiers; run them (the 'nice ... trainverify' lines of make train) and commit vision/loose/verifier*.txt with the figures"; exit 1; }; } && \
	echo "verify-verifiers: the shipped verifiers are what make train writes"

.PHONY: eval-tiles
eval-tiles: build
	$(BIN) eval-tiles --backend ours,tesseract,tesseract4 --mode warp $(PHOTOS)/valid
	$(BIN) eval-tiles --backend ours,tesseract --mode box $(PHOTOS)/valid
	$(BIN) eval-tiles --backend ours,tesseract --render upwords --scenes 10
	$(BIN) eval-tiles --backend ours --render lexicon --scenes 10
	$(BIN) eval-tiles --backend ours --alphabet ru --render twists --scenes 10

# eval-scrabble-crops cuts the real Scrabble photos into square crops as
# another person might (ocr/internal/scrcrops, seed 16) and reads the
# tuning half with read-tile's English reader (docs/ocr.md, "Real Scrabble
# crops"). HALF=held reads the held-out half (measured once per change).
# CROPS="-style 2 -seed 1216" cuts the fresh set of the same photos
# ("A fresh cut": other sizes, turns, lighting, blur, JPEG).
SCRABBLE_PHOTOS ?= ../shared/data/photos/scrabble-board
HALF ?= tune
CROPS ?=
.PHONY: eval-scrabble-crops
eval-scrabble-crops: build
	@d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && \
	nice $(GO) run ./ocr/internal/scrcrops -photos $(SCRABBLE_PHOTOS) $(CROPS) -out $$d && \
	$(BIN) eval-tiles --backend ours $$d/$(HALF)

clean:
	rm -rf bin

# --- On the Raspberry Pi: the service (hw/systemd, docs/pi.md) ------------
# install builds, copies the binary to $(PREFIX)/bin, makes the system user
# tilescope (in the video and gpio groups, for the camera and the button),
# installs hw/systemd/tilescope.service, enables it at boot and (re)starts
# it. SERVICE_* change what the unit runs: e.g.
#   make install SERVICE_CAMERA=upload SERVICE_BUTTON=none SERVICE_LED=none
# With DESTDIR set it only stages the files under DESTDIR (no user, no
# systemctl): make install DESTDIR=/tmp/stage.
PREFIX ?= /usr/local
UNITDIR ?= /etc/systemd/system
SERVICE_USER := tilescope
SERVICE_ADDR ?= :8080
SERVICE_CAMERA ?= rpicam
SERVICE_BUTTON ?= GPIO17
SERVICE_LED ?= GPIO27

.PHONY: uninstall demo-frames

install: build
	@if [ -z "$(DESTDIR)" ] && ! command -v systemctl >/dev/null; then \
		echo "install: systemd is needed (Raspberry Pi OS and Debian have it)"; exit 1; fi
	$(SUDO) install -D -m 0755 $(BIN)-full $(DESTDIR)$(PREFIX)/bin/tilescope-full
	$(SUDO) install -D -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/tilescope
	sed -e 's#/usr/local/bin/tilescope#$(PREFIX)/bin/tilescope#' \
		-e 's#--addr :8080#--addr $(SERVICE_ADDR)#' \
		-e 's#--camera rpicam#--camera "$(SERVICE_CAMERA)"#' \
		-e 's#--button GPIO17#--button $(SERVICE_BUTTON)#' \
		-e 's#--led GPIO27#--led $(SERVICE_LED)#' \
		hw/systemd/tilescope.service > bin/tilescope.service
	$(SUDO) install -D -m 0644 bin/tilescope.service $(DESTDIR)$(UNITDIR)/tilescope.service
	@if [ -n "$(DESTDIR)" ]; then echo "install: staged in $(DESTDIR)"; exit 0; fi; \
	set -e; \
	id -u $(SERVICE_USER) >/dev/null 2>&1 || $(SUDO) useradd --system --no-create-home \
		--home-dir /var/lib/tilescope --shell /usr/sbin/nologin $(SERVICE_USER); \
	for g in video gpio render; do \
		if getent group $$g >/dev/null; then $(SUDO) usermod -aG $$g $(SERVICE_USER); fi; done; \
	case "$(SERVICE_CAMERA)" in rpicam*) command -v rpicam-vid >/dev/null || \
		echo "install: warning: rpicam-vid is missing: sudo apt install rpicam-apps";; esac; \
	$(SUDO) systemctl daemon-reload; \
	$(SUDO) systemctl enable tilescope.service; \
	$(SUDO) systemctl restart tilescope.service; \
	sleep 2; systemctl --no-pager --lines=0 status tilescope.service || true; \
	echo "install: tilescope runs at boot; its log, with the table PIN: journalctl -u tilescope"; \
	echo "install: open http://$$(hostname -I 2>/dev/null | cut -d' ' -f1)$(SERVICE_ADDR) on a phone"

# uninstall stops and removes the service and the binary; it keeps the game
# data (/var/lib/tilescope) and the user.
uninstall:
	-$(SUDO) systemctl disable --now tilescope.service
	$(SUDO) rm -f $(DESTDIR)$(UNITDIR)/tilescope.service $(DESTDIR)$(PREFIX)/bin/tilescope \
		$(DESTDIR)$(PREFIX)/bin/tilescope-full
	-$(SUDO) systemctl daemon-reload
	@echo "uninstall: kept /var/lib/tilescope and the user $(SERVICE_USER) (sudo rm -rf /var/lib/tilescope; sudo userdel $(SERVICE_USER))"

# demo-frames renders the photos of the built-in demo game
# (hw/camera/demodata) again, after the game or the renderer changed.
demo-frames:
	$(GO) run ./hw/camera/internal/gendemo

# --- Rendered scenes (vision/render, docs/render.md) -----------------------
# render-set writes an evaluation set of rendered scenes of random positions
# (EVAL_N scenes of EVAL_GAME, conditions drawn from EVAL_DIFFICULTY) into
# EVAL_DIR; render-docs draws the pictures of docs/render.md again (needs
# ../shared/data/photos for the real photos beside them).
EVAL_GAME ?= upwords
EVAL_N ?= 200
EVAL_SEED ?= 1
EVAL_DIFFICULTY ?= mixed
EVAL_DIR ?= /tmp/tilescope-eval/$(EVAL_GAME)
.PHONY: render-set render-docs render-bench
render-set: build
	nice $(BIN) render-set --game $(EVAL_GAME) --n $(EVAL_N) --seed $(EVAL_SEED) \
		--difficulty $(EVAL_DIFFICULTY) --out $(EVAL_DIR)

render-docs:
	$(GO) run ./vision/render/internal/docimg -out docs/img -photos ../shared/data/photos

render-bench:
	$(GO) test -run '^$$' -bench . -benchtime 20x ./vision/render/

# load: 20 phones on the event stream and a turn every second for a minute,
# on loopback only; prints turns lost and GET /api/game latency (docs/service.md).
.PHONY: load
LOAD_TIME ?= 1m
load: deps
	$(GO) test -count=1 -run '^TestLoad$$' -v -timeout 10m ./web/ -args -load.duration=$(LOAD_TIME) -load.latency

# eval-loose: the loose-tile reader (Lexicon, Twists) on the real ban-seg
# photos (valid split) and on rendered scenes; leak-loose: no gocv Mat left
# open by a scan (docs/loose-tiles.md).
.PHONY: eval-loose leak-loose
LOOSE_N ?= 20
eval-loose: build
	$(BIN) eval-loose --photos $(PHOTOS)/valid
	$(BIN) eval-loose --images $(PHOTOS)/../scrabble-board --labels vision/loose/testdata/scrabble-real/labels --classes vision/loose/testdata/scrabble-real/classes.txt
	$(BIN) eval-loose --bananagrams $(PHOTOS)/valid
	$(BIN) eval-loose --render $(LOOSE_N) --game lexicon --difficulty normal
	$(BIN) eval-loose --render $(LOOSE_N) --game twists --difficulty normal

leak-loose: deps
	$(GO) test -count=1 -tags matprofile -run TestNoMatLeak ./vision/loose/

# eval: the Upwords board reader (docs/vision.md) on a rendered evaluation
# set (EVAL_DIR, written by render-set when missing): board found, letters
# right, heights right, time per image. EVAL_READER=none measures the
# board and heights alone; EVAL_INTRINSICS=truth as if calibrated.
EVAL_READER ?= ours
EVAL_INTRINSICS ?= auto
eval: build
	@[ -d $(EVAL_DIR) ] || $(MAKE) render-set EVAL_GAME=upwords
	$(BIN) eval-scan --reader $(EVAL_READER) --intrinsics $(EVAL_INTRINSICS) $(EVAL_DIR)

# eval-game: the table service's pipeline (vision, the reading checked
# against the game so far, the rules) on GAME_N rendered Upwords games of
# GAME_TURNS turns, a fixed camera per game; every misread square is
# corrected as a player would. Prints turns right with no tap, taps per
# turn, heights and letters as the game holds them, scores right.
GAME_N ?= 20
GAME_TURNS ?= 25
GAME_SEED ?= 1
.PHONY: eval-game
eval-game: build
	nice $(BIN) eval-game --games $(GAME_N) --turns $(GAME_TURNS) --seed $(GAME_SEED) --difficulty $(EVAL_DIFFICULTY)

# eval-pyramids: the Crossword Pyramids reader (docs/pyramids-vision.md) on
# rendered scenes, written into PYR_DIR by render-set when missing: 20 easy
# (seed 2000), 40 normal (seed 1000), 20 hard (seed 3000), and held out
# from all tuning 20 normal (seed 5000) and 30 hard (seed 7000); then
# other makers' sets (render-set --maker varied: sizes and prints drawn
# per scene), 20 normal (seed 8000) and 20 hard (seed 8100) tuned on, 20
# normal (seed 9000) and 20 hard (seed 9100) held out. Prints board found,
# squares (colour) right, letters right, heights right, sure squares and
# how many of them are right, time.
PYR_DIR ?= /tmp/tilescope-pyramids
.PHONY: eval-pyramids
eval-pyramids: build
	@set -e; for spec in easy:easy:20:2000 normal:normal:40:1000 hard:hard:20:3000 heldout:normal:20:5000 heldout-hard:hard:30:7000 \
		makers:normal:20:8000:varied makers-hard:hard:20:8100:varied heldout-makers:normal:20:9000:varied heldout-makers-hard:hard:20:9100:varied; do \
		IFS=: read name d n s maker <<< "$$spec"; \
		[ -d $(PYR_DIR)/$$name ] || nice $(BIN) render-set --game pyramids --n $$n --seed $$s \
			--difficulty $$d --maker $${maker:-classic} --out $(PYR_DIR)/$$name >/dev/null; \
		echo "== $$name ($$d)"; nice $(BIN) eval-pyramids $(PYR_FLAGS) $(PYR_DIR)/$$name; \
	done

# eval-game-pyramids: the table service on rendered Crossword Pyramids
# games (eval-game --game pyramids, docs/pyramids-vision.md): PYR_GAME_N
# games of PYR_GAME_TURNS turns on the seed the history rules were written
# against (1) and on one held out from them (5).
PYR_GAME_N ?= 5
# PYR_FLAGS: reader flags for eval-pyramids and eval-game-pyramids, e.g.
# --face-model=false (without vision/pyramids Options.FaceModel, on by default).
PYR_FLAGS ?=
PYR_GAME_TURNS ?= 10
.PHONY: eval-game-pyramids
eval-game-pyramids: build
	@set -e; for spec in tuned:1 heldout:5; do \
		IFS=: read name s <<< "$$spec"; \
		echo "== $$name (seed $$s, $(EVAL_DIFFICULTY))"; \
		nice $(BIN) eval-game --game pyramids $(PYR_FLAGS) --games $(PYR_GAME_N) --turns $(PYR_GAME_TURNS) --seed $$s --difficulty $(EVAL_DIFFICULTY); \
	done

# eval-game-scrabble: the table service on rendered Scrabble games
# (eval-game --game scrabble, docs/scrabble-vision.md): SCR_GAME_N games of
# up to SCR_GAME_TURNS turns, one photo a turn from a fixed camera; every
# misread square corrected as a player would. Seed 1 is looked at; seed 5
# is kept for measuring a change once, before and after.
SCR_GAME_N ?= 8
SCR_GAME_TURNS ?= 15
.PHONY: eval-game-scrabble
eval-game-scrabble: build
	@set -e; for spec in looked-at:1 heldout:5; do \
		IFS=: read name s <<< "$$spec"; \
		echo "== $$name (seed $$s, $(EVAL_DIFFICULTY))"; \
		nice $(BIN) eval-game --game scrabble --games $(SCR_GAME_N) --turns $(SCR_GAME_TURNS) --seed $$s --difficulty $(EVAL_DIFFICULTY); \
	done

# leak-pyramids: no gocv Mat left open by a Crossword Pyramids scan, by
# gocv's own count (make test checks the package's count of its Mats).
.PHONY: leak-pyramids
leak-pyramids: deps
	$(GO) test -count=1 -tags matprofile -run '^TestMatLeak$$' ./vision/pyramids/

# --- The Raspberry Pi's build, under emulation (docs/pi.md) -----------------
# pi-check builds the program in a Debian 12 arm64 root (debootstrap,
# qemu-user-static) with the packages of APT_PKGS and an arm64 Go, runs
# the whole test suite there (make test) and compares the arm64 reader's
# readings with this machine's on the golden scans. Slow (hours); needs
# root; keeps the root in PI_CACHE and its log in PI_LOG. Not part of test.
# The tests are compiled on the host for arm64 and run in the root;
# PI_STEPS picks steps (hw/pi/check.sh), e.g. PI_STEPS='src xtest' only
# the tests, PI_STEPS=test make test compiled in the root too (hours).
PI_CACHE ?= /var/cache/tilescope-pi
PI_LOG ?= $(PI_CACHE)/pi-check.log
PI_STEPS ?=
PI_PKGS ?=
PI_CHECK_RUN ?=
.PHONY: pi-check
pi-check:
	APT_PKGS='$(APT_PKGS)' PI_CACHE='$(PI_CACHE)' PI_LOG='$(PI_LOG)' PI_STEPS='$(PI_STEPS)' PI_PKGS='$(PI_PKGS)' PI_CHECK_RUN='$(PI_CHECK_RUN)' GO='$(GO)' hw/pi/check.sh

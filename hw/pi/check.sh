#!/usr/bin/env bash
# pi-check: build Tilescope for arm64 and run its whole test suite in a
# Debian 12 (bookworm) arm64 root, the system Raspberry Pi OS bookworm is
# built on, under qemu-user emulation; then compare the arm64 program's
# readings with this machine's on the golden scans. docs/pi.md, "Tested
# for arm64 under emulation", says what it shows and what it cannot.
#
# Run it through the Makefile (make pi-check), which passes APT_PKGS. It
# needs root (debootstrap, chroot, binfmt_misc) and Debian's packages. It
# is idempotent: the root, the arm64 Go and the arm64 build cache stay in
# PI_CACHE (default /var/cache/tilescope-pi) and are reused; the sources
# are copied in fresh every run (the files git tracks, as they are in the
# working tree). Everything is logged to PI_LOG.
#
# Variables: PI_CACHE, PI_LOG, PI_MIRROR (a Debian mirror), PI_GO (the
# arm64 Go toolchain module), PI_STEPS (which steps to run, in this
# order: any of root deps go src build compare xtest test; default all
# but test), PI_TEST_TIMEOUT (go test -timeout per package; emulation is
# 10-40 times slower), PI_PKGS (the packages xtest tests, ./... by
# default; the Mat leak check only then), PI_CHECK_RUN (a go test -run
# pattern: xtest runs only the tests it matches, and no Mat leak check;
# e.g. PI_STEPS='src xtest' PI_PKGS=./cmd/tilescope
# PI_CHECK_RUN='^TestServePyramidsSurvivesKill9$' for one test; through
# make, the $ is written $$).
#
# The build step builds and stages the program inside the root, under
# emulation (make install DESTDIR=/tmp/stage). The tests (xtest) are
# compiled on the host (Go for arm64, cgo through Debian's
# aarch64-linux-gnu-g++ with the root as sysroot, against the root's own
# OpenCV and Tesseract) and run inside the root under emulation, each in
# its package's directory, with go vet for arm64 and make test's Mat leak
# check: every test of make test, run on arm64. The step test runs make
# test itself inside the root instead, compiling every test binary under
# emulation too: hours more on a shared machine, for the same tests.
# Under emulation TILESCOPE_EMULATION=qemu-user is set: the browser tests
# skip, naming the limit (Chromium aborts under qemu-user).
set -euo pipefail

repo=${PI_REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
cache=${PI_CACHE:-/var/cache/tilescope-pi}
# Run from a copy: bash reads a script as it goes, and the run takes
# hours, during which the file in the working tree may change.
if [ -z "${PI_CHECK_COPY:-}" ] && [ "$(id -u)" = 0 ]; then
	mkdir -p "$cache"
	cp "$0" "$cache/check-$$.sh"
	PI_REPO=$repo PI_CHECK_COPY=1 exec bash "$cache/check-$$.sh" "$@"
fi
[ -n "${PI_CHECK_COPY:-}" ] && rm -f "$0" # bash keeps reading the open file
root=$cache/root
log=${PI_LOG:-$cache/pi-check.log}
mirror=${PI_MIRROR:-http://deb.debian.org/debian}
gomod=${PI_GO:-golang.org/toolchain@v0.0.1-go1.26.8.linux-arm64}
steps=${PI_STEPS:-root deps go src build compare xtest}
test_timeout=${PI_TEST_TIMEOUT:-6h}
xpkgs=${PI_PKGS:-./...}
runpat=${PI_CHECK_RUN:-}
apt_pkgs=${APT_PKGS:?"pi-check: APT_PKGS is not set (run it as make pi-check)"}
host_go=${GO:-go}

if [ "$(id -u)" != 0 ]; then
	echo "pi-check: needs root (debootstrap, chroot, binfmt_misc): sudo make pi-check" >&2
	exit 2
fi
mkdir -p "$cache"
# One run at a time: runs share the root and its mounts.
exec 9>"$cache/lock"
if ! flock -n 9; then
	echo "pi-check: another run holds $cache/lock" >&2
	exit 1
fi
exec > >(tee -a "$log") 2>&1

start=$(date +%s)
laststep=$start
failed=
say() { echo "pi-check: [$(date -u +%H:%M:%S) +$(($(date +%s) - start))s] $*"; }
done_step() {
	local now
	now=$(date +%s)
	say "step $1 took $((now - laststep)) s"
	laststep=$now
}
want() { [[ " $steps " == *" $1 "* ]]; }

say "start: repo $repo, root $root, steps: $steps"

# --- the host: debootstrap, qemu-user-static, binfmt_misc ----------------
missing=
host_pkgs="debootstrap qemu-user-static binfmt-support unzip"
want xtest && host_pkgs="$host_pkgs g++-aarch64-linux-gnu pkg-config"
for p in $host_pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
	say "host: installing$missing"
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=600 --no-install-recommends $missing
fi
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
	say "host: mounting binfmt_misc"
	mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
	say "host: registering qemu-aarch64"
	update-binfmts --enable qemu-aarch64 || update-binfmts --import qemu-aarch64
fi
grep -q enabled /proc/sys/fs/binfmt_misc/qemu-aarch64 || {
	echo "pi-check: qemu-aarch64 is not registered with binfmt_misc" >&2
	exit 1
}

# --- the arm64 root --------------------------------------------------------
mounted=()
unmount_all() {
	local i
	for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
		umount -l "${mounted[$i]}" 2>/dev/null || true
	done
}
trap unmount_all EXIT
mount_in() { # mount_in TYPE|--bind SRC DEST
	local dest=$root$3
	mkdir -p "$dest"
	mountpoint -q "$dest" && return 0
	if [ "$1" = --bind ]; then mount --bind "$2" "$dest"; else mount -t "$1" "$2" "$dest"; fi
	mounted+=("$dest")
}
in_root() { # runs a shell command inside the root, niced, with a clean environment
	nice -n 19 chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
		PATH=/usr/local/go/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		GOTOOLCHAIN=local GOPATH=/root/go GOCACHE=/root/.cache/go-build GOFLAGS=-mod=readonly \
		SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt DEBIAN_FRONTEND=noninteractive \
		TILESCOPE_EMULATION=qemu-user /bin/bash -c "$1"
}

if want root; then
	if [ ! -e "$root/.tilescope-debootstrap" ]; then
		say "root: debootstrap --arch=arm64 --variant=minbase bookworm ($mirror)"
		rm -rf "$root"
		nice -n 19 debootstrap --arch=arm64 --variant=minbase bookworm "$root" "$mirror"
		touch "$root/.tilescope-debootstrap"
	else
		say "root: reusing $root"
	fi
	cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
	done_step root
fi
[ -e "$root/.tilescope-debootstrap" ] || { echo "pi-check: no root at $root (run the root step)" >&2; exit 1; }
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount_in proc proc /proc
mount_in sysfs sysfs /sys
mount_in --bind /dev /dev
mount_in devpts devpts /dev/pts
mount_in tmpfs tmpfs /tmp
mount_in tmpfs tmpfs /dev/shm
say "root: $(in_root 'uname -m; . /etc/os-release; echo $PRETTY_NAME' | tr '\n' ' ')"

# --- the same Debian packages as make deps, and make ------------------------
if want deps; then
	stamp="$root/.tilescope-apt-$(echo "$apt_pkgs make" | tr -s ' \n' '  ' | md5sum | cut -c1-12)"
	if [ ! -e "$stamp" ]; then
		say "deps: apt-get install $apt_pkgs make"
		in_root "apt-get update -q && apt-get install -y -q --no-install-recommends $apt_pkgs make"
		touch "$stamp"
	else
		say "deps: installed already"
	fi
	in_root "dpkg-query -W -f='\${Package} \${Version} \${Architecture}\n' libopencv-dev libtesseract-dev chromium" | sed 's/^/pi-check: deps: /'
	done_step deps
fi
# The host's CA bundle, so that the Go module proxy is reached from inside
# (after apt, which may write its own).
mkdir -p "$root/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"

# --- an arm64 Go from the Go module proxy -----------------------------------
if want go; then
	want_version=${gomod##*-go}
	want_version=go${want_version%.linux-arm64}
	have=$(in_root 'go env GOVERSION 2>/dev/null' || true)
	if [ "$have" != "$want_version" ]; then
		say "go: $host_go mod download $gomod"
		zip=$(cd "$cache" && GOFLAGS=-mod=mod "$host_go" mod download -json "$gomod" | sed -n 's/^[[:space:]]*"Zip": "\(.*\)",*$/\1/p')
		[ -f "$zip" ] || { echo "pi-check: go mod download gave no zip for $gomod" >&2; exit 1; }
		rm -rf "$cache/go-unpack" "$root/usr/local/go"
		mkdir -p "$cache/go-unpack"
		unzip -q "$zip" -d "$cache/go-unpack"
		mv "$cache/go-unpack/${gomod}" "$root/usr/local/go"
		rm -rf "$cache/go-unpack"
		chmod -R a+x "$root/usr/local/go/bin" "$root/usr/local/go/pkg/tool"
		have=$(in_root 'go env GOVERSION')
	fi
	say "go: $(in_root 'go version')"
	[ "$have" = "$want_version" ] || { echo "pi-check: Go in the root is $have, want $want_version" >&2; exit 1; }
	done_step go
fi

# --- the sources, fresh ------------------------------------------------------
if want src; then
	rm -rf "$root/src/tilescope"
	mkdir -p "$root/src/tilescope"
	(cd "$repo" && git ls-files -z | xargs -0 -I{} sh -c '[ -e "{}" ] && printf "%s\0" "{}"' | tar --null -T - -cf -) |
		tar -xf - -C "$root/src/tilescope"
	say "src: $(cd "$repo" && git describe --always --dirty) copied ($(du -sh "$root/src/tilescope" | cut -f1))"
	# The photos and word lists the tests find at ../shared (as in CI).
	shared=${TILESCOPE_SHARED:-$repo/../shared}
	rm -rf "$root/src/shared"
	if [ -d "$shared" ]; then
		cp -rL "$shared" "$root/src/shared"
		say "src: $(cd "$shared" && pwd -P) copied to /src/shared ($(du -sh "$root/src/shared" | cut -f1))"
	else
		say "src: no $shared: the tests that need the shared photos skip"
	fi
	done_step src
fi

# --- build and test inside the root -------------------------------------------
if want build; then
	say "build: make install DESTDIR=/tmp/stage (make build, then the files of make install staged; arm64, emulated)"
	in_root "cd /src/tilescope && make install DESTDIR=/tmp/stage && ls -l bin/tilescope bin/tilescope-full && find /tmp/stage -type f"
	in_root "/tmp/stage/usr/local/bin/tilescope challenge --no-definitions qi && /tmp/stage/usr/local/bin/tilescope version" | sed 's/^/pi-check: build: staged program: /'
	done_step build
fi
# --- the arm64 reader against amd64's on the golden scans --------------------
# Compared within a stated tolerance (hw/pi/internal/scancmp): Debian's
# arm64 OpenCV rounds otherwise than its amd64 build (its resize, a few
# pixels a grey level apart; its HoughLinesP, other segments from the same
# edges), so a corner may move a pixel or two and with it a height or an
# unsure letter. Each reading is "same" (byte for byte), "within" (the
# allowed differences are listed) or "DIFFER" (which fails the run).
if want compare; then
	say "compare: building the amd64 program and scancmp from the same sources"
	(cd "$root/src/tilescope" && "$host_go" build -trimpath -o "$cache/tilescope-amd64" ./cmd/tilescope &&
		"$host_go" build -o "$cache/scancmp" ./hw/pi/internal/scancmp)
	mkdir -p "$root/tmp/cmp"
	cp "$cache/tilescope-amd64" "$root/tmp/cmp/"
	# game:image pairs: every golden scan's photo, and the tile crops.
	list=$(cd "$root/src/tilescope" && {
		for f in vision/upwords/testdata/scenes/*.jpg; do echo "upwords $f"; done
		for f in vision/pyramids/testdata/scenes/*.jpg; do echo "pyramids $f"; done
		for f in vision/loose/testdata/bananagrams/images/*; do echo "lexicon $f"; done
	})
	echo "$list" >"$root/tmp/cmp/list"
	same=0 within=0 differ=0
	while read -r game img; do
		in_root "cd /src/tilescope && bin/tilescope scan --game $game --json $img" >"$root/tmp/cmp/arm64.json" 2>&1 || true
		(cd "$root/src/tilescope" && "$cache/tilescope-amd64" scan --game "$game" --json "$img") >"$root/tmp/cmp/amd64.json" 2>&1 || true
		if cmp -s "$root/tmp/cmp/arm64.json" "$root/tmp/cmp/amd64.json"; then
			same=$((same + 1))
			say "compare: same   $game $img"
		elif "$cache/scancmp" "$root/tmp/cmp/amd64.json" "$root/tmp/cmp/arm64.json" >"$root/tmp/cmp/diff" 2>&1; then
			within=$((within + 1))
			say "compare: within $game $img ($(grep -c . "$root/tmp/cmp/diff") differences within tolerance)"
			sed 's/^/  /' "$root/tmp/cmp/diff"
		else
			differ=$((differ + 1))
			say "compare: DIFFER $game $img"
			sed 's/^/  /' "$root/tmp/cmp/diff" | tail -20
		fi
	done <<<"$list"
	crops=$(cd "$root/src/tilescope" && ls ocr/testdata/real/*.* ocr/testdata/synth/*.* 2>/dev/null | grep -Ei '\.(jpg|png)$' | tr '\n' ' ')
	in_root "cd /src/tilescope && bin/tilescope read-tile $crops" >"$root/tmp/cmp/arm64.tiles" 2>&1 || true
	(cd "$root/src/tilescope" && "$cache/tilescope-amd64" read-tile $crops) >"$root/tmp/cmp/amd64.tiles" 2>&1 || true
	if cmp -s "$root/tmp/cmp/arm64.tiles" "$root/tmp/cmp/amd64.tiles"; then
		same=$((same + 1))
		say "compare: same   read-tile on $(echo $crops | wc -w) tile crops (letters and confidences)"
	else
		differ=$((differ + 1))
		say "compare: DIFFER read-tile on the tile crops"
		diff "$root/tmp/cmp/amd64.tiles" "$root/tmp/cmp/arm64.tiles" | head -40 || true
	fi
	done_step compare
	if [ $differ != 0 ]; then
		say "compare: FAIL: $differ of $((same + within + differ)) readings differ between arm64 and amd64 beyond the tolerance"
		failed="$failed compare"
	else
		say "compare: of $((same + within)) readings $same the same on arm64 and amd64, $within within the tolerance"
	fi
fi
# --- the tests, compiled on the host for arm64, run in the root --------------
# Go cross-compiles; cgo goes through Debian's aarch64-linux-gnu-gcc/g++
# with the root as sysroot, so the test binaries link the root's own
# OpenCV and Tesseract, as a Pi's build does. Each runs in its package's
# directory in the root under qemu, as go test runs it. Then go vet for
# arm64, and the Mat leak check of make test (tag matprofile).
if want xtest; then
	lib=$root/usr/lib/aarch64-linux-gnu
	xenv=(CGO_ENABLED=1 GOOS=linux GOARCH=arm64 CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++
		"CGO_CFLAGS=--sysroot=$root -O2 -g" "CGO_CXXFLAGS=--sysroot=$root -O2 -g"
		# Debian's alternatives (BLAS, LAPACK) are absolute links that
		# leave the sysroot: the linker is shown their directories.
		"CGO_LDFLAGS=--sysroot=$root -Wl,-rpath-link=$lib/blas:$lib/lapack:$lib:$root/lib/aarch64-linux-gnu"
		"PKG_CONFIG_SYSROOT_DIR=$root" "PKG_CONFIG_LIBDIR=$lib/pkgconfig:$root/usr/share/pkgconfig")
	xdir=$root/tmp/xtest
	rm -rf "$xdir"
	mkdir -p "$xdir"
	src=$root/src/tilescope
	mod=$(cd "$src" && "$host_go" list -m)
	pkgs=$(cd "$src" && env "${xenv[@]}" "$host_go" list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' $xpkgs)
	leakpkgs=
	[ "$xpkgs" = ./... ] && [ -z "$runpat" ] && leakpkgs=$(cd "$src" && grep -l 'MatLeak' $(find vision -name '*_test.go') | xargs -n1 dirname | sort -u)
	say "xtest: go vet for arm64, then compiling $(echo $pkgs | wc -w) test packages and the Mat leak tests of $(echo $leakpkgs | wc -w) on the host for arm64"
	(cd "$src" && nice -n 15 env "${xenv[@]}" "$host_go" vet ./...) || { say "xtest: FAIL: go vet"; failed="$failed vet"; }
	runs=()
	for p in $pkgs; do
		rel=${p#"$mod"}
		rel=${rel#/}
		rel=${rel:-.}
		name=$(echo "$rel" | tr / _)
		(cd "$src" && nice -n 15 env "${xenv[@]}" "$host_go" test -c -o "$xdir/$name.test" "./$rel") || { say "xtest: FAIL: compiling $rel"; failed="$failed build:$rel"; continue; }
		runs+=("$rel $name.test -test.timeout=$test_timeout${runpat:+ -test.run=$runpat}")
	done
	for rel in $leakpkgs; do
		name=$(echo "$rel" | tr / _).leak
		(cd "$src" && nice -n 15 env "${xenv[@]}" "$host_go" test -c -tags matprofile -o "$xdir/$name.test" "./$rel") || { say "xtest: FAIL: compiling $rel (matprofile)"; failed="$failed build:$rel.leak"; continue; }
		runs+=("$rel $name.test -test.run=MatLeak -test.timeout=$test_timeout")
	done
	done_step "xtest (compile)"
	passed=0
	for r in "${runs[@]}"; do
		read -r rel bin args <<<"$r"
		t0=$(date +%s)
		set +e
		in_root "cd /src/tilescope/$rel && /tmp/xtest/$bin -test.count=1 -test.v $args" >"$cache/xtest.out" 2>&1
		rc=$?
		set -e
		secs=$(($(date +%s) - t0))
		tests=$(grep -c -- '^--- PASS' "$cache/xtest.out" || true)
		skips=$(grep -c -- '^--- SKIP' "$cache/xtest.out" || true)
		if [ $rc = 0 ]; then
			passed=$((passed + 1))
			say "xtest: ok   $rel ($bin) $secs s: $tests tests passed, $skips skipped"
			grep -B1 -- '^--- SKIP' "$cache/xtest.out" | grep -i 'emulat' | sed 's/^ */  skipped: /' || true
		else
			say "xtest: FAIL $rel ($bin) $secs s, exit $rc"
			grep -- '--- FAIL' "$cache/xtest.out" | head -20 || true
			tail -40 "$cache/xtest.out"
			failed="$failed $rel"
		fi
	done
	done_step "xtest (run)"
	say "xtest: $passed of ${#runs[@]} test binaries passed on arm64"
fi
if want test; then
	say "test: make test TEST_TIMEOUT=$test_timeout (arm64, emulated; go vet, every test, the Mat leak check)"
	set +e
	in_root "cd /src/tilescope && make test TEST_TIMEOUT=$test_timeout"
	rc=$?
	set -e
	done_step test
	if [ $rc != 0 ]; then
		say "test: FAIL: make test exited $rc inside the arm64 root"
		failed="$failed test"
	fi
	say "test: every test passed on arm64"
fi

if [ -n "$failed" ]; then
	say "FAIL ($failed ) in $(($(date +%s) - start)) s"
	exit 1
fi
say "PASS in $(($(date +%s) - start)) s"

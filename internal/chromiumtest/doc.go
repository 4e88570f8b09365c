// Package chromiumtest starts Debian's Chromium for the page tests, the
// one way DESIGN.md sets out for browser tests: headless, no sandbox, no
// GPU, no QUIC, no first run, no background networking, component
// updates or sync, and a fresh profile.
//
// The tests of web and of cmd/tilescope drive the real page in a real
// browser on a phone-size screen; they share this package so that the
// browser they test in is the same one. Need says whether a test can run
// here (Chromium is missing only off CI; under qemu-user, as make
// pi-check runs the arm64 suite, Chromium aborts, a limit of the
// emulation and not of a Pi, so the test is skipped saying so). Options
// gives the flags; Start starts the browser and ties its end to the
// test's.
//
// Chromium's own temporary files (its singleton socket's directory,
// which it leaves behind when the test ends it) go in a short directory
// of the test's, removed when the test ends: a short one, because the
// socket's path must fit a Unix socket's 108 bytes and t.TempDir's name
// holds the test's.
package chromiumtest

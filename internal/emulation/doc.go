// Package emulation tells whether the program runs under user-mode
// emulation (qemu-user through binfmt_misc), as make pi-check runs the
// arm64 test suite on an amd64 machine. Tests use it to skip what
// emulation cannot run (Chromium aborts under qemu-user), saying so; a
// Raspberry Pi runs the same code natively, where nothing is skipped.
//
// It also says how much slower a loaded machine runs (LoadFactor, from
// the load average): a test's waits (Wait, Context) last as long as ever
// on an idle machine and longer on a busy one, within the test's own
// deadline, so that a CI machine under load does not fail a test that
// only ran slowly. For a test's own waits only: the program's timeouts
// stay what they are (a test gives the program more through its flags,
// Allowance).
package emulation

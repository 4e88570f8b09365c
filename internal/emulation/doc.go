// Package emulation tells whether the program runs under user-mode
// emulation (qemu-user through binfmt_misc), as make pi-check runs the
// arm64 test suite on an amd64 machine. Tests use it to skip what
// emulation cannot run (Chromium aborts under qemu-user), saying so; a
// Raspberry Pi runs the same code natively, where nothing is skipped.
package emulation

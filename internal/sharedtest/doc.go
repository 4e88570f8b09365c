// Package sharedtest finds the team's shared data for tests: the real
// photos and the word list that live in ../shared beside the checkout
// (as on CI) and not in the repository.
//
// The folder is looked for in $TILESCOPE_SHARED first, then as the sibling
// named "shared" of the module's root (the folder holding go.mod, found by
// walking up from the test's working directory), so a test finds it at
// any package depth and in any git worktree whose parent holds it.
//
// A test that needs the data calls Dir, which skips the test when the data
// is not there: a fresh clone without ../shared still passes. `make test`
// sets $TILESCOPE_REQUIRE_SHARED, and then a missing folder fails the test
// instead: on CI a real-photo test must never pass by skipping (one did
// once, in a worktree without ../shared, and hid a regression).
package sharedtest

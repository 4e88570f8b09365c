// Package parallel shares independent pieces of work (a scan's tiles, its
// squares, its candidate grids) among the machine's processors. Each
// piece writes only its own result, so the outcome is the same as done
// in turn, whatever the order the goroutines take them in. ForN is the
// same for a number of workers the caller chooses (the trainer's
// -workers), each index always given to the same worker, so that a
// worker may keep state of its own.
package parallel

// Package parallel shares independent pieces of work (a scan's tiles, its
// squares, its candidate grids) among the machine's processors. Each
// piece writes only its own result, so the outcome is the same as done
// in turn, whatever the order the goroutines take them in.
package parallel

// Package cmem keeps the memory the C heap frees for the next request
// instead of handing it back to the system at once (KeepFreed).
//
// OpenCV allocates its working images with the C library's malloc, and a
// scan makes hundreds of them (a colour conversion, a distance transform,
// a watershed's markers: each a few hundred kilobytes to several
// megabytes). glibc serves a large block by a fresh mapping and unmaps it
// when it is freed, and trims the heap's free top back to the system past
// 128 kB: the next image of the same size is mapped again and every page
// of it is faulted in and zeroed by the kernel anew, a cost of its own on
// a virtual machine (docs/loose-tiles.md, loosespeed). KeepFreed raises
// those thresholds, so the blocks are reused: the scan computes exactly
// what it did, with fewer page faults. The memory freed stays with the
// process for the next image (the benchmarks' peak grew by 5-25 MB: the
// figures are in the docs).
package cmem

package state

import "unsafe"

// warm reads one byte of each cache line of a's struct, whose fields an
// agent's turn reads in several places (its restart, its slot, its stretch,
// its status), so that a batch naming the agent ahead of its turn
// (TreeAhead) has them in the cache when the turn begins. It changes
// nothing and returns a value of no meaning, to be kept so that the reads
// are made.
func (a *Agent) warm() uintptr {
	p, size := unsafe.Pointer(a), unsafe.Sizeof(*a)
	var s uintptr
	for off := uintptr(0); off < size; off += 64 {
		s += uintptr(*(*byte)(unsafe.Add(p, off)))
	}
	return s + uintptr(*(*byte)(unsafe.Add(p, size-1)))
}

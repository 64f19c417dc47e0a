package stream

import "unsafe"

// warmBases bounds the bytes of a watch's bases in its tree's warm set
// (the root's side of a big tree, as the tree's own set).
const warmBases = 4 * 64

// AppendWarm appends the memory of the watch that its agent's events read
// (bt.Warmer; the tree gathers it while the watch is its Observer): the
// fields an event reads, the statuses shown and marks, the tasks' bases
// and the list of changed nodes. A tick of a big crowd then finds them in
// the cache, loaded with the tree's own memory before the tree ticks.
func (w *watch[A, R]) AppendWarm(dst []unsafe.Pointer) []unsafe.Pointer {
	dst = append(dst, unsafe.Pointer(&w.hub), unsafe.Pointer(&w.shown), unsafe.Pointer(&w.marked),
		unsafe.Pointer(&w.inShown), unsafe.Pointer(&w.inMarked))
	if n := len(w.bases); n > 0 {
		end := uintptr(n) * unsafe.Sizeof(w.bases[0])
		for off := uintptr(0); off < end && off < warmBases; off += 64 {
			dst = append(dst, unsafe.Add(unsafe.Pointer(&w.bases[0]), off))
		}
		dst = append(dst, unsafe.Pointer(&w.bases[n-1]))
	}
	if len(w.shown) > 0 {
		dst = append(dst, unsafe.Pointer(&w.shown[0]))
	}
	if cap(w.changed) > 0 {
		dst = append(dst, unsafe.Pointer(&w.changed[:1][0]))
	}
	return dst
}

package host

import (
	"github.com/btlua/btlua/host/internal/reload"
)

// snapHint sizes the host's reload snapshots after the last one.
type snapHint = reload.Hint

// takeSnapshot snapshots the host's Lua state before a reload runs a file
// (see reload.Take).
func (h *state) takeSnapshot() *reload.Snapshot {
	return reload.Take(h.vm.L, h.vm.Lib, &h.snapHint, h.vm.GOAPModule())
}

// sourceMarks is the host's record of loaded files when a reload began:
// a failed run that required a new module forgets it again (restore).
type sourceMarks struct {
	order   int
	defined map[*source]int
}

// markSources records the loaded files and what each defined.
func (h *state) markSources() sourceMarks {
	m := sourceMarks{order: len(h.order), defined: make(map[*source]int, len(h.sources))}
	for _, src := range h.sources {
		m.defined[src] = len(src.defined)
	}
	return m
}

// restore forgets the files first loaded since the marks and what the
// files defined since.
func (m sourceMarks) restore(h *state) {
	for _, abs := range h.order[m.order:] {
		delete(h.sources, abs)
	}
	h.order = h.order[:m.order]
	for src, n := range m.defined {
		src.defined = src.defined[:n]
	}
}

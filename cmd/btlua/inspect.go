package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// writeDOT prints a Graphviz DOT graph of each tree the script returned.
func writeDOT(h *host.Host, w io.Writer) {
	for _, a := range h.Agents() {
		if r := a.Tree.Root(); r != nil {
			fmt.Fprintln(w, strings.TrimRight(bt.DOT(r), "\n"))
		}
	}
}

// tracer prints, after each tick, the tasks whose status changed, one
// line each, prefixed by the tick number and the tree name.
type tracer struct {
	w    io.Writer
	seen map[*host.Agent]*bt.TraceObserver
}

func newTracer(w io.Writer) *tracer {
	return &tracer{w: w, seen: map[*host.Agent]*bt.TraceObserver{}}
}

func (t *tracer) after(h *host.Host, tick int) {
	for _, a := range h.Agents() {
		r := a.Tree.Root()
		if r == nil {
			continue
		}
		o := t.seen[a]
		if o == nil {
			o = bt.NewTraceObserver(nil)
			t.seen[a] = o
		}
		for _, c := range o.Changes(r) {
			fmt.Fprintf(t.w, "tick %d %s: %s\n", tick, a.Name(), c)
		}
	}
}

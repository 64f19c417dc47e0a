package host

import (
	"sync"

	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/stdlib/bt"
)

// lintLog remembers the BTAI warnings a host logged, so that each is
// logged once however many agents a script makes (a sharded host's
// shards share one). It is safe for concurrent use.
type lintLog struct {
	mu   sync.Mutex
	said map[string]bool
}

// first reports whether msg is logged for the first time, and notes it.
func (l *lintLog) first(msg string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.said[msg] {
		return false
	}
	if l.said == nil {
		l.said = map[string]bool{}
	}
	l.said[msg] = true
	return true
}

// lintBTAI logs, as warnings of the host's Logger, what btailib.Lint finds
// in the BTAI trees of agent a's tree when it is built: a BT.Terminate
// that a BT.If, BT.While or BT.Repeat keeps from stopping the tree, and a
// BT.Root start task that nothing can end ("FILE:LINE: BT.Root never
// ends: ..."). Each warning is logged once per host.
func (h *state) lintBTAI(a *Agent) {
	root := a.tree.Root()
	if root == nil {
		return
	}
	var walk func(t bt.Task, depth int)
	walk = func(t bt.Task, depth int) {
		for _, msg := range btailib.Lint(t, t == root) {
			if h.linted.first(msg) {
				h.log.Warn(msg, "file", a.Source)
			}
		}
		if p, ok := t.(bt.ParentTask); ok && depth < 1000 {
			for _, c := range p.Children() {
				walk(c, depth+1)
			}
		}
	}
	walk(root, 0)
}

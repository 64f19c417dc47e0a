package loader

import (
	"log/slog"
	"sync"

	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/stdlib/bt"
)

// LintLog remembers the BTAI warnings a host logged, so that each is
// logged once however many agents a script makes (a sharded host's
// shards share one). The zero LintLog is empty and ready; it is safe for
// concurrent use.
type LintLog struct {
	mu   sync.Mutex
	said map[string]bool
}

// first reports whether msg is logged for the first time, and notes it.
func (l *LintLog) first(msg string) bool {
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

// Lint logs, as warnings of log (with the attribute "file" set to file,
// the script that built the tree), what btailib.Lint finds in the BTAI
// trees under root, a tree's start task (nil: nothing): a BT.Terminate
// that a BT.If, BT.While or BT.Repeat keeps from stopping the tree, and
// a BT.Root start task that nothing can end ("FILE:LINE: BT.Root never
// ends: ..."). Each warning is logged once per said.
func Lint(root bt.Task, file string, said *LintLog, log *slog.Logger) {
	if root == nil {
		return
	}
	var walk func(t bt.Task, depth int)
	walk = func(t bt.Task, depth int) {
		for _, msg := range btailib.Lint(t, t == root) {
			if said.first(msg) {
				log.Warn(msg, "file", file)
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

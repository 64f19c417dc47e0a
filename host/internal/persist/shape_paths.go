package persist

import (
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/stdlib/bt"
)

// shapePaths holds, for one save or restore, the task paths of each tree
// structure met (by signature): the trees of one structure have the same
// paths in preorder (the signature covers every task's kind, name and
// place), so a crowd of one script computes them once. A tree holding a
// tree reference is not cached (its paths name the referenced file).
type shapePaths map[reload.Signature][]string

// of returns the paths of tasks (the preorder of a tree whose signature
// is sig).
func (c shapePaths) of(sig reload.Signature, tasks []bt.Task) []string {
	if p, ok := c[sig]; ok && len(p) == len(tasks) {
		return p
	}
	paths := make([]string, len(tasks))
	cache := true
	for i, t := range tasks {
		paths[i] = bt.Path(t)
		if bt.AsTreeReference(t) != nil {
			cache = false
		}
	}
	if cache {
		c[sig] = paths
	}
	return paths
}

package btailib

import (
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/btai"
)

// SaveState writes the BTAI tree's run state (btai.SaveNodes): the root
// task is the bt.Saver of the whole BTAI tree under it.
func (r *rootTask) SaveState(w *bt.StateWriter) error {
	nodes, err := btai.SaveNodes(r.root)
	if err != nil {
		return err
	}
	for _, x := range nodes {
		w.Num(x)
	}
	return nil
}

// TaskDrawsRandom returns, for the root task of a BTAI tree, what its
// first node drawing from the library's generator is ("a
// RandomSequence", "a shuffling Selector"), or "" (for other tasks too).
func TaskDrawsRandom(t bt.Task) string {
	for n := 0; t != nil && n < 8; n++ {
		if r, ok := t.(*rootTask); ok {
			return btai.DrawsShared(r.root)
		}
		w, ok := t.(interface{ Unwrap() bt.Task })
		if !ok {
			break
		}
		t = w.Unwrap()
	}
	return ""
}

// LoadState reads the BTAI tree's run state back (btai.LoadNodes).
func (r *rootTask) LoadState(rd *bt.StateReader) error {
	return btai.LoadNodes(r.root, rd.Rest())
}

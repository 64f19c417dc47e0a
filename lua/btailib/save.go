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

// LoadState reads the BTAI tree's run state back (btai.LoadNodes).
func (r *rootTask) LoadState(rd *bt.StateReader) error {
	return btai.LoadNodes(r.root, rd.Rest())
}

package btlib

import (
	"bytes"
	"testing"
)

// deltaBatch is a logBatch whose trees tick with the delta times dts.
type deltaBatch struct {
	logBatch
	dts []float64
}

func (db *deltaBatch) TreeDT(i int) float64 { return db.dts[i] }

// A TreeDeltas batch ticks each tree with its own dt; a plain batch ticks
// all with TickBatch's.
func TestTickBatchTreeDeltas(t *testing.T) {
	lib, L, _ := testLib(t)
	if err := L.DoString(tickTreesScript); err != nil {
		t.Fatal(err)
	}
	trees := []*Tree{
		treeOf(t, lib, L, `return Counter:New("a", 5)`),
		treeOf(t, lib, L, `return Counter:New("b", 5)`),
	}
	db := &deltaBatch{logBatch{trees: trees, out: &bytes.Buffer{}, stopAt: -1, panicAt: -1}, []float64{0.25, 0.5}}
	if err := lib.TickBatch(2, 0.1, db); err != nil {
		t.Fatal(err)
	}
	if err := lib.TickBatch(2, 0.1, &db.logBatch); err != nil {
		t.Fatal(err)
	}
	if a, b := trees[0].BT.Time(), trees[1].BT.Time(); a != 0.35 || b != 0.6 {
		t.Errorf("tree times %v and %v, want 0.35 and 0.6", a, b)
	}
}

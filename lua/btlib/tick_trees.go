package btlib

import (
	"errors"
	"fmt"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// This file holds the tick of many trees in one protected call (issue 9:
// a game ticks thousands of agents a frame, and a protected call per tree
// cost a fifth of a Go-leaf tree's tick).

// treeBatch is the work of one TickTrees call: next is the index of the
// tree being ticked, so that after an error the batch goes on with the
// tree after it.
type treeBatch struct {
	trees  []*Tree
	status []bt.Status
	dt     float64
	next   int
}

// tickBatch ticks the trees of lib.batch from lib.batch.next on; it runs
// as a Lua function inside TickTrees' protected call.
func (lib *Lib) tickBatch(*lua.LState) int {
	// A Go panic outside any task is caught here, with its stack.
	defer lib.st.Leave(lib.st.Enter(nil))
	b := &lib.batch
	for ; b.next < len(b.trees); b.next++ {
		tr := b.trees[b.next]
		s := bt.Failure
		if tr.Err == nil {
			lib.st.ForgetBlame()
			tr.inTick, lib.ticking = true, tr
			s = tr.tick(b.dt)
			tr.inTick, lib.ticking = false, nil
		}
		if b.status != nil {
			b.status[b.next] = s
		}
	}
	return 0
}

// ErrTickTreesNested is returned by TickTrees called while a tree ticks.
var ErrTickTreesNested = errors.New("TickTrees called inside a tree's tick")

// TickTrees ticks every tree of trees once, in order, with delta time dt
// seconds: TickTree for each, in one protected call for the lot. An error
// stops only the tree that raised it, exactly as TickTree would (the
// error in its Err, blamed on the same task); the trees after it are
// ticked in a new protected call. A tree stopped before (Err set) is not
// ticked. When status is not nil it must have len(trees) entries and
// receives each tree's status (Failure for a stopped tree). TickTrees
// returns the error of the first tree stopped by this call, nil when none
// was; an error about the arguments (status of the wrong length, a call
// from inside a tree's tick: ErrTickTreesNested) ticks nothing. It does
// not allocate unless a tree raises an error.
func (lib *Lib) TickTrees(trees []*Tree, dt float64, status []bt.Status) error {
	if status != nil && len(status) != len(trees) {
		return fmt.Errorf("TickTrees: %d statuses for %d trees", len(status), len(trees))
	}
	if lib.ticking != nil || lib.batch.trees != nil {
		return ErrTickTreesNested
	}
	lib.batch = treeBatch{trees: trees, status: status, dt: dt}
	var first error
	for lib.batch.next < len(trees) {
		lib.L.Push(lib.batchFn)
		err := lib.L.PCall(0, 0, nil)
		if err == nil {
			break
		}
		i := lib.batch.next
		tr := trees[i]
		tr.inTick, lib.ticking = false, nil
		tr.Err = lib.tickError(tr, err)
		if status != nil {
			status[i] = bt.Failure
		}
		if first == nil {
			first = tr.Err
		}
		lib.batch.next++
	}
	lib.st.ForgetBlame()
	lib.batch = treeBatch{}
	return first
}

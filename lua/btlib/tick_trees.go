package btlib

import (
	"errors"
	"fmt"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// This file holds the tick of many trees in one protected call (issue 9:
// a game ticks thousands of agents a frame, and a protected call per tree
// cost a fifth of a Go-leaf tree's tick).

// TreeBatch is the caller's side of TickBatch: it gives the trees of the
// batch one by one and hears each one's tick, so that a host can do its
// per-tree work (a CPU budget per agent, accounting, events, restarts)
// around each tree inside the batch's one protected call. Both methods run
// inside that protected call, with no tree ticking; a Go panic in either
// abandons the batch and goes on out of TickBatch.
type TreeBatch interface {
	// BeginTree returns tree i of the batch (0 <= i < n), or nil to skip
	// it. It is called just before the tree ticks.
	BeginTree(i int) *Tree
	// EndTree is called after tree i's turn, with its root status and
	// the error that stopped it in this tick (its new Err, blamed as
	// TickTree blames it), nil when none did. A tree BeginTree skipped
	// gets bt.Inactive, one stopped before (Err already set) bt.Failure,
	// both without ticking and with a nil error. EndTree returns true to
	// end the batch: the trees after i are not begun.
	EndTree(i int, s bt.Status, err error) (stop bool)
}

// treeBatch is the work of one TickBatch call: next is the index of the
// tree being ticked (cur), so that after an error the batch goes on with
// the tree after it; inHook is set while a TreeBatch method runs, and
// panicked keeps the value of a panic in one.
type treeBatch struct {
	hooks    TreeBatch
	deltas   TreeDeltas // hooks as TreeDeltas, or nil: every tree ticks with dt
	n        int
	dt       float64
	next     int
	cur      *Tree
	inHook   bool
	panicked any
	// ahead is hooks as TreesAhead when warming pays (crowdBytes over warmBytes), so that
	// each tree's turn warms the next tree's memory
	// (bt.BehaviorTree.Warm) and the bookkeeping of the one after
	// (WarmHead, when head: headBytes); warmed keeps the warm reads'
	// result.
	ahead  TreesAhead
	head   bool // WarmHead the tree after the next (headPays)
	warmed uintptr
}

// tickBatch ticks the trees of lib.batch from lib.batch.next on; it runs
// as a Lua function inside TickBatch's protected call.
func (lib *Lib) tickBatch(L *lua.LState) int {
	luaerr.WordLikePUC(L)
	// A Go panic outside any task is caught here, with its stack.
	defer lib.st.Leave(lib.st.Enter(nil))
	defer lib.recoverHook() // runs first: a hook's panic is not a tree's
	b := &lib.batch
	for ; b.next < b.n; b.next++ {
		b.inHook = true
		tr := b.hooks.BeginTree(b.next)
		b.inHook = false
		if n := b.next + 1; b.ahead != nil && n < b.n {
			if next := b.ahead.TreeAhead(n); next != nil {
				b.warmed += next.BT.Warm()
			}
			// The tree after it: its bookkeeping, which the next turn's
			// Warm would otherwise chase one miss at a time.
			if b.head && n+1 < b.n {
				if after := b.ahead.TreeAhead(n + 1); after != nil {
					b.warmed += after.BT.WarmHead()
				}
			}
		}
		s := bt.Inactive
		if tr != nil {
			s = bt.Failure
			if tr.Err == nil {
				lib.st.ForgetBlame()
				b.cur, tr.inTick, lib.ticking = tr, true, tr
				dt := b.dt
				if b.deltas != nil {
					dt = b.deltas.TreeDT(b.next)
				}
				s = tr.tick(dt)
				b.cur, tr.inTick, lib.ticking = nil, false, nil
			}
		}
		b.inHook = true
		stop := b.hooks.EndTree(b.next, s, nil)
		b.inHook = false
		if stop {
			break // TickBatch returns: the call ended without error
		}
	}
	return 0
}

// recoverHook keeps the value of a panic raised by a TreeBatch method,
// ending the batch's Lua function normally so that TickBatch raises it
// again outside the protected call; any other panic goes on.
func (lib *Lib) recoverHook() {
	if !lib.batch.inHook {
		return
	}
	if r := recover(); r != nil {
		lib.batch.panicked = r
	}
}

// ErrTickTreesNested is returned by TickTrees or TickBatch called while a
// tree ticks or a batch runs.
var ErrTickTreesNested = errors.New("TickTrees called inside a tree's tick")

// TickBatch ticks the n trees that b gives (b.BeginTree(i) for i from 0
// to n-1, in order), each once with delta time dt seconds (or its own,
// when b is a TreeDeltas), in one protected call for the lot, calling
// b.EndTree after each. Each tree
// ticks exactly as TickTree would tick it: an error stops only the tree
// that raised it (the error in its Err, blamed on the same task, a Go
// panic as a *luaerr.GoPanic) and is given to EndTree; the trees after it
// are ticked in a new protected call, unless EndTree ended the batch.
// TickBatch returns ErrTickTreesNested, ticking nothing, when called from
// inside a tree's tick or a batch, else nil. A Go panic in b's methods
// abandons the batch and is raised again by TickBatch. It does not
// allocate unless a tree raises an error.
func (lib *Lib) TickBatch(n int, dt float64, b TreeBatch) error {
	if lib.ticking != nil || lib.batch.hooks != nil {
		return ErrTickTreesNested
	}
	lib.batch = treeBatch{hooks: b, n: n, dt: dt}
	lib.batch.deltas, _ = b.(TreeDeltas)
	if ta, ok := b.(TreesAhead); ok {
		if bytes := crowdBytes(n, ta); bytes > warmBytes {
			lib.batch.ahead, lib.batch.head = ta, bytes > headBytes
		}
	}
	// Inherited methods copied into the classes for the batch, one hop
	// per method call from Lua (luaclass/flat.go).
	if flattenBatches {
		lib.st.Flatten()
		defer lib.st.Unflatten()
	}
	for lib.batch.next < n {
		lib.L.Push(lib.batchFn)
		err := lib.L.PCall(0, 0, nil)
		if p := lib.batch.panicked; p != nil {
			lib.st.ForgetBlame()
			lib.batch = treeBatch{}
			panic(p)
		}
		if err == nil {
			break
		}
		i, tr := lib.batch.next, lib.batch.cur
		lib.batch.cur, tr.inTick, lib.ticking = nil, false, nil
		tr.Err = lib.tickError(tr, err)
		if b.EndTree(i, bt.Failure, tr.Err) {
			break
		}
		lib.batch.next++
	}
	lib.st.ForgetBlame()
	lib.batch = treeBatch{}
	return nil
}

// flattenBatches turns the batches' method copies on; the benchmark of
// what they win (BenchmarkFlatMethodCalls) turns it off for its other
// crowd.
var flattenBatches = true

// warmBytes is the size of the trees' memory from which warming the next
// tree pays: with 100 warrior agents (0.4 MB of warm lines) the warm reads
// cost a fifth of a tick, with 1000 (4.3 MB) they save 3-6%, with 10000
// they make the tick 1.6-1.8 times as fast (one core, BENCHMARKS.md).
var warmBytes = 2 << 20

// headBytes is the size of the trees' memory from which reading the
// bookkeeping of the tree after the next (WarmHead) pays as well: past
// half the processor's last-level cache (32 MiB here), where that chain of
// reads misses to memory. Below, in the cache, it costs more than it
// saves (the native warrior at 1000 agents).
var headBytes = 16 << 20

// crowdBytes is the size of the warm lines of the batch of n trees in its
// crowd (TreesAhead.Crowd), judged by its first tree: 0 for a batch of
// fewer than two trees, where nothing is ahead.
func crowdBytes(n int, ta TreesAhead) int {
	if n < 2 {
		return 0
	}
	first := ta.TreeAhead(0)
	if first == nil {
		return 0
	}
	return first.BT.WarmLines() * 64 * max(n, ta.Crowd())
}

// treeSlice is the TreeBatch of TickTrees: its trees, the statuses to
// fill and the first error.
type treeSlice struct {
	trees  []*Tree
	status []bt.Status
	first  error
}

func (ts *treeSlice) BeginTree(i int) *Tree { return ts.trees[i] }
func (ts *treeSlice) TreeAhead(i int) *Tree { return ts.trees[i] }
func (ts *treeSlice) Crowd() int            { return len(ts.trees) }

func (ts *treeSlice) EndTree(i int, s bt.Status, err error) bool {
	if ts.status != nil {
		ts.status[i] = s
	}
	if ts.first == nil {
		ts.first = err
	}
	return false
}

// TickTrees ticks every tree of trees once, in order, with delta time dt
// seconds: TickTree for each, in one protected call for the lot (see
// TickBatch). An error stops only the tree that raised it, exactly as
// TickTree would (the error in its Err, blamed on the same task); the
// trees after it are ticked in a new protected call. A tree stopped before
// (Err set) is not ticked. When status is not nil it must have len(trees)
// entries and receives each tree's status (Failure for a stopped tree).
// TickTrees returns the error of the first tree stopped by this call, nil
// when none was; an error about the arguments (status of the wrong
// length, a call from inside a tree's tick: ErrTickTreesNested) ticks
// nothing. It does not allocate unless a tree raises an error.
func (lib *Lib) TickTrees(trees []*Tree, dt float64, status []bt.Status) error {
	if status != nil && len(status) != len(trees) {
		return fmt.Errorf("TickTrees: %d statuses for %d trees", len(status), len(trees))
	}
	if lib.ticking != nil || lib.batch.hooks != nil {
		return ErrTickTreesNested
	}
	lib.slice = treeSlice{trees: trees, status: status}
	err := lib.TickBatch(len(trees), dt, &lib.slice)
	if err == nil {
		err = lib.slice.first
	}
	lib.slice = treeSlice{}
	return err
}

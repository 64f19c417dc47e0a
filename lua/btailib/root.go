package btailib

import (
	"fmt"
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/btai"
	lua "github.com/yuin/gopher-lua"
	"strings"
)

// rootTask is the btlib side of a BT.Root: a bt.Task (wrapped as a
// BTAction instance) that ticks the BTAI root once per tick of its tree.
type rootTask struct {
	bt.Action
	lib  *Lib
	root *btai.Root
	node *node // the root's BTAI node table
	// observers hear the BTAI nodes' ticks (ObserveTree); index numbers
	// the nodes as TreeNodes lists them while there are observers.
	observers []*treeObserver
	index     map[btai.Node]int
}

// OnUpdate sets the library's clock to the tree's, ticks the BTAI root
// once and maps its state: Continue and Success -> Running (a BTAI root
// loops for ever, as Unity ticks it every frame); Abort -> Failure (the
// root terminated; the tree completes); Failure, which a Root never
// returns, -> Running.
func (r *rootTask) OnUpdate() bt.Status {
	if tr := r.Tree(); tr != nil {
		r.lib.now, r.lib.frame = tr.Time(), int64(tr.Ticks())
	}
	if r.root.Tick() == btai.Abort {
		return bt.Failure
	}
	return bt.Running
}

// OnEnd resets the BTAI root's children (closing suspended coroutines)
// when the btlib run ends: after a Terminate, or when the host halts the
// tree or a parent ends the task early.
func (r *rootTask) OnEnd() { r.root.ResetChildren() }

// newRoot is BT.Root(): a node table that is also a btlib task.
func (lib *Lib) newRoot(L *lua.LState) int {
	impl := &rootTask{lib: lib, root: btai.NewRoot()}
	tbl, err := lib.BT.WrapTask(impl, "BTAction")
	if err != nil {
		L.RaiseError("BT.Root: %v", err)
	}
	if lib.actionClass == nil {
		// Root tables find the btlib task methods (GetStatus, GetPath, the
		// lifecycle) through the root class's metatable, BTAction.
		lib.actionClass, _ = tbl.Metatable.(*lua.LTable)
		lib.rootClass.Metatable = lib.actionClass
	}
	tbl.Metatable = lib.rootClass
	impl.Base().Name = "BT.Root"
	impl.node = lib.bind(L, tbl, "BT.Root", impl.root)
	L.Push(tbl)
	return 1
}

// StructureSignature describes the BTAI tree under the root for the
// host's reload rule: the root's identity, then each node's Go type and
// its children in order. A BTAI tree holds the Lua functions it was built
// with (BT.Call(Aim) keeps that Aim), so keeping a running root across a
// reload would keep the old code: the identity makes every reload of a
// script that returns a BTAI root rebuild it.
func (r *rootTask) StructureSignature() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%p:", r.root)
	writeNode(&b, r.root, 0)
	return b.String()
}

func writeNode(b *strings.Builder, n btai.Node, depth int) {
	fmt.Fprintf(b, "%T", n)
	br, ok := n.(btai.BranchNode)
	if !ok || depth > 256 {
		return
	}
	b.WriteByte('(')
	for i, c := range br.Children() {
		if i > 0 {
			b.WriteByte(',')
		}
		writeNode(b, c, depth+1)
	}
	b.WriteByte(')')
}

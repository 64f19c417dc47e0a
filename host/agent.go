package host

import (
	"fmt"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Agent is one running behavior tree of a Host, with the script that made
// it. Its blackboard variables are read and written from Go with Get,
// Set, GetFloat, GetString and GetBool, and heard with OnChange.
type Agent struct {
	// Source is the script file that returned the tree.
	Source string
	// variables gives the agent Get, Set, GetFloat, GetString, GetBool,
	// Names and OnChange on its tree's blackboard.
	variables

	tree     *btlib.Tree // the tree the agent ticks
	host     *Host
	load     *load // the LoadFile or Spawn call that started the agent
	status   bt.Status
	observer bt.Observer // given to SetObserver, for the trees of rebuilds
}

// tick ticks the agent's tree unless it has completed or failed.
func (a *Agent) tick(dt float64) error {
	if !a.Running() {
		return nil
	}
	s, err := a.host.lib.TickTree(a.tree, dt)
	a.status = s
	return err
}

// Running reports whether the agent's tree has neither completed nor been
// stopped by an error.
func (a *Agent) Running() bool { return a.tree.Err == nil && !a.tree.BT.Complete() }

// Status returns the root status of the last tick.
func (a *Agent) Status() bt.Status { return a.status }

// Err returns the error that stopped the agent, or nil.
func (a *Agent) Err() error { return a.tree.Err }

// Name returns the tree's name: its "name" field, else its class's name
// (set when the tree first ticks; before, the start task's name).
func (a *Agent) Name() string { return treeName(a.tree) }

// Root returns the start task of the agent's tree (a reload that rebuilds
// the tree gives a new one), or nil.
func (a *Agent) Root() bt.Task { return a.tree.Root() }

// Time returns the tree's clock: the seconds of delta time it has been
// ticked with.
func (a *Agent) Time() float64 { return a.tree.BT.Time() }

// Render returns the tree as indented text, one task a line: name, class
// and last status (see bt.Render); "" for a tree without a start task.
func (a *Agent) Render() string {
	if r := a.tree.Root(); r != nil {
		return bt.Render(r)
	}
	return ""
}

// SetObserver makes o hear every task start and end of the agent's tree
// (see bt.Observer; nil for none): the tree it ticks now and every tree a
// reload builds in its place (the old tree's tasks report their end with
// the cause bt.EndReload first). Without an observer, ticks stay
// allocation-free.
func (a *Agent) SetObserver(o bt.Observer) {
	a.observer = o
	a.tree.BT.Observer = o
}

// Observer returns the observer of the agent's tree, or nil.
func (a *Agent) Observer() bt.Observer { return a.tree.BT.Observer }

// Halt ends the runs under way in the agent's tree, as Close does: OnEnd
// on the running tasks, deepest first, the observer hearing the cause
// bt.EndHalted (an error raised by an OnEnd stops the tree, see Err, and
// is logged). The tree is then complete: it is not ticked again unless it restarts when complete
// (tree:SetRestartWhenComplete), and a reload treats it as a completed
// tree (kept when its structure is the same, else rebuilt and run).
func (a *Agent) Halt() { a.haltWith(bt.EndHalted) }

// haltForReload is halt for a structure-level reload that replaces the
// tree: the Observer hears the cause bt.EndReload.
func (a *Agent) haltForReload() { a.haltWith(bt.EndReload) }

// haltWith halts the tree with the cause cause. An error raised by an
// OnEnd stops the halt there and stops the tree, as an error in a tick
// does, and is logged (see Options.Logger).
func (a *Agent) haltWith(cause bt.EndKind) {
	if a.tree.Err != nil {
		return
	}
	L := a.host.state
	L.Push(L.NewFunction(func(*lua.LState) int { a.tree.BT.HaltWith(bt.EndCause{Kind: cause}); return 0 }))
	if err := L.PCall(0, 0, nil); err != nil {
		a.tree.Err = luaerr.From(luaerr.Stringify(L, err), "")
		a.host.log.Warn(fmt.Sprintf("halting tree %s: %v", a.Name(), a.tree.Err), "tree", a.Name(), "err", a.tree.Err)
	}
}

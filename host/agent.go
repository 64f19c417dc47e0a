package host

import (
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Agent is one running behavior tree of a Host, with the script that made
// it.
type Agent struct {
	// Tree is the tree the agent ticks.
	Tree *btlib.Tree
	// Source is the script file that returned the tree.
	Source string

	host *Host
	load *load // the LoadFile call that started the agent
	// where is the return value that gave the tree ("return value 2"),
	// for errors; "" for a tree a reload started.
	where   string
	status  bt.Status
	restart restartState // the error policy's back-off (policy.go)
}

// tick ticks the agent's tree unless it has completed or failed.
func (a *Agent) tick(dt float64) error {
	if !a.Running() {
		return nil
	}
	s, err := a.host.BT.TickTree(a.Tree, dt)
	a.status = s
	return err
}

// Running reports whether the agent's tree has neither completed nor been
// stopped by an error.
func (a *Agent) Running() bool { return a.Tree.Err == nil && !a.Tree.BT.Complete() }

// Status returns the root status of the last tick.
func (a *Agent) Status() bt.Status { return a.status }

// Err returns the error that stopped the agent, or nil.
func (a *Agent) Err() error { return a.Tree.Err }

// Name returns the tree's name.
func (a *Agent) Name() string { return a.Tree.BT.Name }

// halt ends the tree's running tasks and returns the error of an OnEnd
// that failed (the others still ran). The tree's Observer hears the cause
// bt.EndHalted.
func (a *Agent) halt() error { return a.haltWith(bt.EndHalted) }

// haltForReload is halt for a structure-level reload that replaces the
// tree: the Observer hears the cause bt.EndReload.
func (a *Agent) haltForReload() error { return a.haltWith(bt.EndReload) }

func (a *Agent) haltWith(cause bt.EndKind) error {
	if a.Tree.Err != nil {
		return nil
	}
	a.host.L.Push(a.host.L.NewFunction(func(*lua.LState) int { a.Tree.BT.HaltWith(bt.EndCause{Kind: cause}); return 0 }))
	return a.host.L.PCall(0, 0, nil)
}

package host

import (
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Agent is one running behavior tree of a Host, with the script that made
// it. Its blackboard variables are read and written from Go with Get,
// Set, GetFloat, GetString and GetBool, and heard with OnChange.
type Agent struct {
	// Tree is the tree the agent ticks.
	Tree *btlib.Tree
	// Source is the script file that returned the tree.
	Source string
	// variables gives the agent Get, Set, GetFloat, GetString, GetBool,
	// Names and OnChange on its tree's blackboard.
	variables

	host   *Host
	load   *load // the LoadFile call that started the agent
	status bt.Status
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

// halt ends the tree's running tasks, ignoring errors from their OnEnd.
// The tree's Observer hears the cause bt.EndHalted.
func (a *Agent) halt() { a.haltWith(bt.EndHalted) }

// haltForReload is halt for a structure-level reload that replaces the
// tree: the Observer hears the cause bt.EndReload.
func (a *Agent) haltForReload() { a.haltWith(bt.EndReload) }

func (a *Agent) haltWith(cause bt.EndKind) {
	if a.Tree.Err != nil {
		return
	}
	a.host.L.Push(a.host.L.NewFunction(func(*lua.LState) int { a.Tree.BT.HaltWith(bt.EndCause{Kind: cause}); return 0 }))
	_ = a.host.L.PCall(0, 0, nil)
}

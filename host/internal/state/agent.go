package state

import (
	"errors"

	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/persist/values"
	"github.com/btlua/btlua/host/internal/schedule"
	"github.com/btlua/btlua/host/internal/scope"
	"github.com/btlua/btlua/host/internal/standing"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
)

// Agent is one running behavior tree of a Host, with the script that made
// it. Its blackboard variables are read and written from Go with Get,
// Set, GetFloat, GetString and GetBool, and heard with OnChange.
type Agent struct {
	// Source is the script file that returned the tree.
	Source string
	// Variables gives the agent Get, Set, GetFloat, GetString, GetBool,
	// Names and OnChange on its tree's blackboard (package
	// host/internal/scope).
	scope.Variables

	tree  *btlib.Tree // the tree the agent ticks
	State *State      // the Lua state that ticks it
	Load  *Load       // the LoadFile or Spawn call that started the agent
	// where is the return value that gave the tree ("return value 2"),
	// for errors; "" for a tree a reload started.
	where        string
	LastStatus   bt.Status
	UserObserver bt.Observer      // given to SetObserver, for the trees of rebuilds
	Restart      standing.Backoff // the error policy's back-off (policy.go)
	// Slot is its tick interval and frame schedule (set by
	// host/internal/agentctl.SetTickInterval).
	Slot schedule.Slot
	// Built holds the functions its build put in task fields (values.BuiltFunctions).
	Built values.Built
	// Pub is the facade's agent for this one (the public host.Agent),
	// which the facade sets at its first use; the engine never reads it.
	Pub any
}

// Running is host.Agent.Running.
func (a *Agent) Running() bool {
	defer a.Use("Running").Leave()
	return a.Runs()
}

// Runs is Running without the guard.
func (a *Agent) Runs() bool { return a.tree.Err == nil && !a.tree.BT.Complete() }

// Err returns the error that stopped the agent, or nil.
func (a *Agent) Err() error {
	defer a.Use("Err").Leave()
	return a.tree.Err
}

// Name is host.Agent.Name.
func (a *Agent) Name() string {
	if !a.made() {
		return ""
	}
	defer a.Use("Name").Leave()
	return treeName(a.tree)
}

// HaltLogged is Agent.Halt's work after its guards (host/internal/agentctl):
// the tree halts (bt.EndHalted) as a stretch of script work, and an
// OnEnd's error stops it and is logged.
func (a *Agent) HaltLogged() {
	h := a.State
	defer h.Stretch("OnEnd at Halt", a)()
	if err := a.halt(); err != nil {
		a.tree.Err = err
		h.logHalt(a, err)
	}
}

// halt ends the tree's running tasks and returns the error of an OnEnd
// that failed (the others still ran), as a *luaerr.Error. The tree's
// Observer hears the cause bt.EndHalted.
func (a *Agent) halt() error { return a.haltWith(bt.EndHalted) }

// haltForReload is halt for a structure-level reload that replaces the
// tree: the Observer hears the cause bt.EndReload.
func (a *Agent) haltForReload() error { return a.haltWith(bt.EndReload) }

// haltWith halts the tree with the cause cause and returns the errors
// raised by its OnEnds, each a *luaerr.Error naming the task and the tree
// or agent as a tick's error does (agent_label.go), joined (errors.Join)
// when several failed; the caller decides whether they stop the tree, and
// logs them (haltErrors). An OnEnd that fails does not keep the others
// from running: the halt runs again, the failed task already ended, until
// a pass ends the rest, each pass under a fresh CPU budget
// (budget.Restart) unless the host was interrupted.
func (a *Agent) haltWith(cause bt.EndKind) error {
	if a.tree.Err != nil {
		return nil
	}
	var errs []error
	for {
		err := a.tree.RunProtected(func() { a.tree.BT.HaltWith(bt.EndCause{Kind: cause}) })
		if err == nil {
			break
		}
		a.State.nameAgent(a, err)
		errs = append(errs, err)
		var le *luaerr.Error
		if !errors.As(err, &le) {
			break // a Go panic: no task is known to have ended
		}
		if b := a.State.Budget; b != nil {
			b.Restart()
		}
	}
	return errors.Join(errs...)
}

// haltErrors returns the errors haltWith joined, one by one (err alone
// when it is not joined; none for nil).
func haltErrors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	if err == nil {
		return nil
	}
	return []error{err}
}

// treeName names tr in errors and saves: its name, else its start task's
// (see loader.TreeName).
func treeName(tr *btlib.Tree) string { return loader.TreeName(tr) }

// NewAgent returns an agent of the load ld ticking tr, the script's
// return value where (for errors; "" for a tree a reload started), and
// logs what the BTAI lint finds in its tree (loader.Lint).
func (h *State) NewAgent(tr *btlib.Tree, ld *Load, where string) *Agent {
	a := &Agent{State: h, tree: tr, Source: ld.Src.Path, Load: ld, where: where, Built: values.BuiltFunctions(tr)}
	a.Variables.Init((*agentScope)(a))
	h.ByTree[tr] = a
	loader.Lint(tr.Root(), a.Source, h.Shared.Linted, h.Shared.Log)
	return a
}

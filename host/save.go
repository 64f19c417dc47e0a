package host

import (
	"github.com/btlua/btlua/host/internal/hostsave"
	"github.com/btlua/btlua/host/internal/statesave"
)

// Snapshot returns the agent's whole running state as a save (JSON, see
// docs/saving.md and SaveFormat): the script it came from (path and
// SHA-256 of its content) and its spawn arguments, the tree's structure
// signature, every task's core state, the tree clock, the tree's
// variables, the data fields of its Lua tasks and the state of its GOAP
// agents. h.Restore(data) in another host starts the same agent at the
// same point. Global variables are saved by SnapshotAll.
//
// A value a save cannot hold (a function, a coroutine, userdata or a Go
// value, in a task's field, a variable or a table reached from them) is
// an error naming the agent, the task path and the field, unless the
// task's class declares OnSave/OnLoad or lists the field in saveSkip.
// An agent stopped by an error for good is saved stopped, with its
// error's text, and restores stopped. The class's OnSave runs under
// the CPU budget; Snapshot called from a script the host runs is refused
// with a Lua error there. After Close it returns an error wrapping
// ErrClosed.
func (a *Agent) Snapshot() ([]byte, error) {
	return statesave.Snapshot(a.core())
}

// SnapshotAll returns a save of every agent of the host, in order, with
// the global variables and the host's tick count and clock (see
// Snapshot); h.RestoreAll(data) in a fresh host, of any number of
// shards, goes on from there. The first agent that cannot be saved fails
// it, naming the agent. Call it between ticks.
func (h *Host) SnapshotAll() ([]byte, error) {
	return h.core().SnapshotAll()
}

// Restore starts the agent saved by Snapshot: it loads (LoadFile) or
// spawns (Spawn, with the saved args) the saved script as it is now and
// gives the new agent the saved state. When the tree's structure
// signature is the saved one (the script is the same, or its classes'
// code changed) the tasks get their state in order; otherwise each saved
// task goes to the task of the same path and class, and the saved tasks
// without one are reported in an error wrapping a *bt.MismatchError (new
// tasks start fresh).
//
// Bad data (not a save, truncated, corrupted, another version, edited
// into values that do not fit the tree) is an error wrapping ErrBadSave;
// on any error no agent is added and no existing Lua table is changed.
// Errors of loading the script are LoadFile's and Spawn's.
func (h *Host) Restore(data []byte) (*Agent, error) {
	ea, err := h.core().Restore(data)
	return pub(ea), err
}

// RestoreAll starts every agent saved by SnapshotAll, in order, with
// their state (see Restore), then sets the global variables saved. In a
// host that has not ticked yet it also sets the tick count and clock
// (Ticks, Clock) to the saved ones, so that a restored run numbers its
// ticks and events as the saved run went on. It returns the new agents.
// On error no agent is added and nothing is changed.
func (h *Host) RestoreAll(data []byte) ([]*Agent, error) {
	as, err := h.core().RestoreAll(data)
	return pubs(as), err
}

// ChunkLocals is a baseline of the chunk locals that the agents' Lua
// task classes read (the upvalues of their methods holding a nil,
// boolean, number or string, as `local enemySeen = false` at a script's
// top level), taken by Host.ChunkLocals. A save holds task fields and
// variables, never chunk locals: a script that changes one while it runs
// would restore wrong, and Changed says so. The functions in a task's
// own fields that a save leaves to the script (saveSkip's, or every field
// when the class has OnSave) are callbacks, not methods: their upvalues
// are not in it. Tables a method reads are not in it (a table reachable
// from a task field is saved and refilled in place; one that is not is
// the script's to keep out of its state).
type ChunkLocals struct {
	c *hostsave.ChunkLocals
}

// ChunkLocals takes the baseline of the chunk locals the methods of the
// agents' Lua task classes read (see ChunkLocals). Take it after loading
// and before the first tick; Changed, at save time, lists those that
// changed since. btlua --save does so. Call it between ticks.
func (h *Host) ChunkLocals() (*ChunkLocals, error) {
	c, err := h.core().ChunkLocals()
	if err != nil {
		return nil, err
	}
	return &ChunkLocals{c: c}, nil
}

// Changed returns nil when every chunk local of the baseline holds the
// value it held when the baseline was taken, else an error naming each
// that changed, the methods reading it and both values. Call it on the
// host's goroutine, between ticks.
func (c *ChunkLocals) Changed() error {
	if c == nil {
		return nil
	}
	return c.c.Changed()
}

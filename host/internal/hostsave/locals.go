package hostsave

import (
	"github.com/btlua/btlua/host/internal/persist"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

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
	base *persist.Baseline
}

// TakeChunkLocals is host.Host.ChunkLocals: the baseline of the chunk
// locals the task classes of h's agents read now.
func TakeChunkLocals(h Runtime) (*ChunkLocals, error) {
	if err := h.TryUse("ChunkLocals"); err != nil {
		return nil, err
	}
	defer h.Leave()
	if err := h.RefuseClosed("ChunkLocals"); err != nil {
		return nil, err
	}
	c := &ChunkLocals{base: persist.NewBaseline()}
	for _, ld := range h.Engine().AllLoads() {
		for _, a := range ld.Agents {
			L := a.State.VM.L
			for _, t := range bt.Preorder(a.Tree().Root()) {
				lt, ok := t.(*btlib.Task)
				if !ok || lt.Self == nil {
					continue
				}
				c.base.AddTask(L, bt.DisplayName(t), lt.Self)
			}
		}
	}
	return c, nil
}

// Changed is host.ChunkLocals.Changed.
func (c *ChunkLocals) Changed() error {
	if c == nil {
		return nil
	}
	return c.base.Changed()
}

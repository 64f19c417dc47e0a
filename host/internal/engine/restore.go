package engine

import (
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/persist"
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/lua/btailib"
	lua "github.com/yuin/gopher-lua"
)

// Restore is host.Host.Restore.
func (h *Runtime) Restore(data []byte) (*Agent, error) {
	if err := h.tryUse("Restore"); err != nil {
		return nil, err
	}
	h.done() // LoadFile and Spawn take the host in turn
	f, err := savefile.Decode(data)
	if err != nil {
		return nil, err
	}
	if len(f.Loads) != 1 || len(f.Loads[0].Agents) != 1 {
		return nil, fmt.Errorf("%w: Restore takes the save of one agent (Agent.Snapshot); this one holds %d loads (use RestoreAll)", savefile.ErrBad, len(f.Loads))
	}
	agents, err := h.restore(f, true)
	if err != nil {
		return nil, err
	}
	return agents[0], nil
}

// RestoreAll is host.Host.RestoreAll.
func (h *Runtime) RestoreAll(data []byte) ([]*Agent, error) {
	if err := h.tryUse("RestoreAll"); err != nil {
		return nil, err
	}
	h.done() // LoadFile and Spawn take the host in turn
	f, err := savefile.Decode(data)
	if err != nil {
		return nil, err
	}
	return h.restore(f, false)
}

// restored is one agent made by a restore and what its save applies.
type restored struct {
	a *Agent
	persist.Target
}

func (h *Runtime) restore(f *savefile.File, one bool) ([]*Agent, error) {
	var made []restored
	var extra []*Agent // agents a LoadFile made that the save does not hold
	var rr *persist.RestoreRun
	undo := func() {
		if rr != nil {
			rr.Undo()
		}
		for _, r := range made {
			h.dropAgent(r.a)
		}
		for _, a := range extra {
			h.dropAgent(a)
		}
	}
	if err := persist.CheckLoads(f); err != nil {
		return nil, err
	}
	pin, err := persist.Placement(f, one, len(h.eng.states()), h.eng.shardCount())
	if err != nil {
		return nil, err
	}
	note := ""
	if pin {
		note = persist.SharedLoads(f)
	}
	rr = persist.NewRestore(f.Version, note)
	rr.ScriptClass = h.scriptClass
	for li := range f.Loads {
		sl := &f.Loads[li]
		agents, err := h.restoreLoad(sl, pin)
		if err != nil {
			undo()
			return nil, fmt.Errorf("host: restoring %s: %w", sl.Script, err)
		}
		used := make([]bool, len(agents))
		for ai := range sl.Agents {
			sa := &sl.Agents[ai]
			if sa.Index < 0 || sa.Index >= len(agents) || used[sa.Index] {
				for i, a := range agents {
					if !used[i] {
						extra = append(extra, a)
					}
				}
				undo()
				return nil, fmt.Errorf("%w: agent %q is tree %d of %s, which now returns %d trees", savefile.ErrBad, sa.Name, sa.Index+1, sl.Script, len(agents))
			}
			used[sa.Index] = true
			a := agents[sa.Index]
			made = append(made, restored{a: a, Target: persist.Target{Tree: a.tree, Save: sa, Check: func() error { return loadSchedule(a, sa.Schedule, true) }}})
		}
		for i, a := range agents {
			if !used[i] {
				extra = append(extra, a)
			}
		}
	}
	if err := h.tryUse("Restore"); err != nil {
		undo()
		return nil, err
	}
	defer h.done()
	h.refuseInScript("Restore")
	gens := h.eng.states()
	if !one && f.BTAIRandom != nil {
		if len(f.BTAIRandom) != len(gens) {
			undo()
			return nil, fmt.Errorf("host: restoring: the save holds the BTAI generators of %d Lua states, this host has %d: restore it on as many shards (Options.Shards) as it was saved from", len(f.BTAIRandom), len(gens))
		}
		for _, state := range f.BTAIRandom {
			if state != nil {
				if err := btailib.CheckRandomState(state); err != nil {
					undo()
					return nil, fmt.Errorf("host: restoring: %w: %v", savefile.ErrBad, err)
				}
			}
		}
	}
	// The fresh agents' state is written once (they are dropped on
	// error, and the existing tables refilled are put back from the
	// journal); the global variables, live and shared, are checked by a
	// dry pass first; no OnLoad hook runs before everything is checked.
	for i := range made {
		// The agent's own state: a shard of a sharded host.
		r := &made[i]
		if err := r.a.host.restoring(func(s *state) error { return rr.Apply(s.vm.L, &r.Target) }); err != nil {
			undo()
			return nil, err
		}
		r.a.status = r.Save.Status
		loadSchedule(r.a, r.Save.Schedule, false) // checked by Check
	}
	globals := func(dry bool) error {
		if one || f.Globals == nil {
			return nil
		}
		for _, g := range h.eng.states() {
			if err := g.restoring(func(s *state) error { return rr.Globals(s.vm.L, s.vm.Lib.Globals, f.Globals, dry) }); err != nil {
				return err
			}
		}
		return nil
	}
	if err := globals(true); err != nil {
		undo()
		return nil, err
	}
	for i := range made {
		r := &made[i]
		if !r.HasHooks() {
			continue
		}
		if err := r.a.host.restoring(func(*state) error { return r.RunHooks() }); err != nil {
			undo()
			return nil, err
		}
	}
	if err := globals(false); err != nil {
		undo()
		return nil, err
	}
	if !one && f.Globals != nil {
		h.eng.restoredGlobals(f.Globals.Vars)
	}
	for _, a := range extra {
		h.dropAgent(a)
	}
	if !one && h.ticks == 0 {
		h.ticks, h.clock = f.Ticks, f.Clock
	}
	if !one {
		for i, state := range f.BTAIRandom {
			if state != nil {
				gens[i].vm.BTAI.SetRandomState(state) // checked above
			}
		}
	}
	// On the clock the host now has: the policy's times are relative.
	for _, r := range made {
		r.a.host.sh.loadPolicy(r.a, r.Save.Policy)
	}
	out := make([]*Agent, len(made))
	for i, r := range made {
		out[i] = r.a
	}
	return out, nil
}

// restoring runs fn, a restore's work in the state, as a stretch of
// script work.
func (s *state) restoring(fn func(*state) error) error {
	defer s.stretch("restoring agents", nil)()
	return fn(s)
}

// dropAgent removes an agent a restore made, from its own host (a shard
// of a sharded h) and from h.
func (h *Runtime) dropAgent(a *Agent) {
	ld, own := a.load, a.host
	ld.agents = slices.DeleteFunc(ld.agents, func(b *Agent) bool { return b == a })
	gone := func(l *load) bool { return l == ld && len(ld.agents) == 0 }
	own.loads = slices.DeleteFunc(own.loads, gone)
	own.agents = slices.DeleteFunc(own.agents, func(b *Agent) bool { return b == a })
	delete(own.byTree, a.tree)
	h.eng.unlist(a)
	a.tree.BT.Blackboard.OnSet(nil)
}

// scriptClass reports whether the global table name of the Lua state L
// is one a file h loaded defined (a class of the script or of a module
// it required), not a library's table (string, _G).
func (h *shared) scriptClass(L *lua.LState, name string) bool {
	for _, s := range h.roster.states() {
		if s.vm.L == L {
			return s.sources.Definer(name) != nil
		}
	}
	return false
}

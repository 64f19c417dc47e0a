package hostsave

import (
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/statesave"
	lua "github.com/yuin/gopher-lua"

	"github.com/btlua/btlua/host/internal/persist"
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/lua/btailib"
)

// Restore is host.Host.Restore: the one agent of the save data started
// in h.
func Restore(h Runtime, data []byte) (*state.Agent, error) {
	if err := h.TryUse("Restore"); err != nil {
		return nil, err
	}
	h.Leave() // LoadFile and Spawn take the host in turn
	f, err := savefile.Decode(data)
	if err != nil {
		return nil, err
	}
	if len(f.Loads) != 1 || len(f.Loads[0].Agents) != 1 {
		return nil, fmt.Errorf("%w: Restore takes the save of one agent (Agent.Snapshot); this one holds %d loads (use RestoreAll)", savefile.ErrBad, len(f.Loads))
	}
	agents, err := restore(h, f, true)
	if err != nil {
		return nil, err
	}
	return agents[0], nil
}

// RestoreAll is host.Host.RestoreAll: every agent of the save data
// started in h, in order, with the global variables, the clock and the
// BTAI generators.
func RestoreAll(h Runtime, data []byte) ([]*state.Agent, error) {
	if err := h.TryUse("RestoreAll"); err != nil {
		return nil, err
	}
	h.Leave() // LoadFile and Spawn take the host in turn
	f, err := savefile.Decode(data)
	if err != nil {
		return nil, err
	}
	return restore(h, f, false)
}

// restored is one agent made by a restore and what its save applies.
type restored struct {
	a *state.Agent
	persist.Target
}

// restore starts the agents of f in h (one: f is the save of one agent,
// Restore's), undoing everything it made on an error.
func restore(h Runtime, f *savefile.File, one bool) ([]*state.Agent, error) {
	eng := h.Engine()
	var made []restored
	var extra []*state.Agent // agents a LoadFile made that the save does not hold
	var rr *persist.RestoreRun
	undo := func() {
		if rr != nil {
			rr.Undo()
		}
		for _, r := range made {
			dropAgent(eng, r.a)
		}
		for _, a := range extra {
			dropAgent(eng, a)
		}
	}
	if err := persist.CheckLoads(f); err != nil {
		return nil, err
	}
	pin, err := persist.Placement(f, one, len(eng.States()), eng.ShardCount())
	if err != nil {
		return nil, err
	}
	note := ""
	if pin {
		note = persist.SharedLoads(f)
	}
	rr = persist.NewRestore(f.Version, note)
	rr.ScriptClass = func(L *lua.LState, name string) bool { return statesave.ScriptClass(h.Shared(), L, name) }
	for li := range f.Loads {
		sl := &f.Loads[li]
		agents, err := restoreLoad(h, sl, pin)
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
			made = append(made, restored{a: a, Target: persist.Target{Tree: a.Tree(), Save: sa, Check: func() error { return statesave.LoadSchedule(a, sa.Schedule, true) }}})
		}
		for i, a := range agents {
			if !used[i] {
				extra = append(extra, a)
			}
		}
	}
	if err := h.TryUse("Restore"); err != nil {
		undo()
		return nil, err
	}
	defer h.Leave()
	h.RefuseInScript("Restore")
	gens := eng.States()
	if !one && f.BTAIRandom != nil {
		if len(f.BTAIRandom) != len(gens) {
			undo()
			return nil, fmt.Errorf("host: restoring: the save holds the BTAI generators of %d Lua states, this host has %d: restore it on as many shards (Options.Shards) as it was saved from", len(f.BTAIRandom), len(gens))
		}
		for _, gen := range f.BTAIRandom {
			if gen != nil {
				if err := btailib.CheckRandomState(gen); err != nil {
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
		if err := statesave.Restoring(r.a.State, func(s *state.State) error { return rr.Apply(s.VM.L, &r.Target) }); err != nil {
			undo()
			return nil, err
		}
		r.a.LastStatus = r.Save.Status
		statesave.LoadSchedule(r.a, r.Save.Schedule, false) // checked by Check
	}
	globals := func(dry bool) error {
		if one || f.Globals == nil {
			return nil
		}
		for _, g := range gens {
			if err := statesave.Restoring(g, func(s *state.State) error { return rr.Globals(s.VM.L, s.VM.Lib.Globals, f.Globals, dry) }); err != nil {
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
		if err := statesave.Restoring(r.a.State, func(*state.State) error { return r.RunHooks() }); err != nil {
			undo()
			return nil, err
		}
	}
	if err := globals(false); err != nil {
		undo()
		return nil, err
	}
	if !one && f.Globals != nil {
		eng.RestoredGlobals(f.Globals.Vars)
	}
	for _, a := range extra {
		dropAgent(eng, a)
	}
	if !one && h.Ticks() == 0 {
		h.SetClock(f.Ticks, f.Clock)
	}
	if !one {
		for i, gen := range f.BTAIRandom {
			if gen != nil {
				gens[i].VM.BTAI.SetRandomState(gen) // checked above
			}
		}
	}
	// On the clock the host now has: the policy's times are relative.
	for _, r := range made {
		statesave.LoadPolicy(r.a.State.Shared, r.a, r.Save.Policy)
	}
	out := make([]*state.Agent, len(made))
	for i, r := range made {
		out[i] = r.a
	}
	return out, nil
}

// dropAgent removes an agent a restore made, from its own state (a shard
// of a sharded host) and from the host's lists (eng).
func dropAgent(eng Engine, a *state.Agent) {
	ld, own := a.Load, a.State
	ld.Agents = slices.DeleteFunc(ld.Agents, func(b *state.Agent) bool { return b == a })
	gone := func(l *state.Load) bool { return l == ld && len(ld.Agents) == 0 }
	own.Loads = slices.DeleteFunc(own.Loads, gone)
	own.Agents = slices.DeleteFunc(own.Agents, func(b *state.Agent) bool { return b == a })
	delete(own.ByTree, a.Tree())
	eng.Unlist(a)
	a.Tree().BT.Blackboard.OnSet(nil)
}

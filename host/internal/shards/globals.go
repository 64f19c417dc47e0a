package shards

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// The global variables of a sharded host (Options.Shards >= 1) are one
// logical blackboard of Go values (Host.Globals), mirrored in every
// shard's global blackboard, which its scripts read:
//
//   - During a tick, a script reads the value a global variable had when
//     the frame started: a write (bt.SetGlobalVariable, or a tree's
//     SetVariable of a name only the global variables have) is recorded
//     and the shard's copy put back. After the join the writes apply in
//     agent order (Agents), each agent's in the order it made them: the
//     last writer wins, and a write in tick t is seen by every agent in
//     tick t+1, whatever the shard count. Globals.OnChange hears them
//     then, on the ticking goroutine, in that order.
//   - Outside ticks (a script's top level at LoadFile, Spawn or Reload,
//     Globals.Set from Go), a write applies at once, everywhere.
//   - Values cross Lua states as values: numbers, strings and booleans as
//     they are; a Lua table is copied (through its Go form, see Agent.Get)
//     into each state, so later changes made to the table written are not
//     seen elsewhere, and the logical blackboard keeps its Go form (no Lua
//     state of its own): a table costs Shards times its
//     size as Lua tables plus its Go form, made in the writer's stretch
//     (tables of their own size, see luaValue). A Go map, slice or array (given to
//     Globals.Set, or a gopher-luar userdata of one a script writes) is
//     copied the same way, as Spawn's args are: a Lua table in each state,
//     read-only as below, and Globals.Get gives its Go form, not the map
//     given. Any other Go value (a pointer, a struct, a function: a game's
//     world object) is shared as the Go value, by every shard's scripts
//     at once, in parallel: it must be safe for concurrent use (a mutex, or
//     methods that only read). A Lua function, coroutine or other userdata
//     cannot cross: a script that writes one gets a Lua error naming the
//     variable.
//   - A table read from a global variable is read-only (the agents of a
//     shard share its copy): a change in place is found at the frame
//     boundary, undone, and Tick returns an error naming the variable
//     (lent.go). Write a new table with bt.SetGlobalVariable.
//
// Globals (Get, Set, OnChange) is for the ticking goroutine, between
// ticks, as on any host; during a tick, scripts and Go tasks write global
// variables through their blackboards, which the frame holds.
//
// This holds for every shard count, 1 included, so results do not depend
// on it. The classic unsharded host (Shards 0) keeps Behavior Designer's
// semantics: a write is seen at once by the agents ticked after it.

// Globals is the logical blackboard of a sharded host's global
// variables: Go values in the core's blackboard (stdlib/bt), with no Lua
// state of its own, mirrored in each shard's. It holds numbers, strings
// and booleans as the Lua values a script wrote (lua.LNumber, lua.LString,
// lua.LBool: plain Go values), a Go value as it was given, and a table as
// a TableCopy of its normal Go form, from which each shard's copy is
// made, which the frame's check compares the copies with (CheckLent),
// and of which Globals.Get returns a copy (CopyNormal).
type Globals struct {
	board *bt.Blackboard
	vms   []*vm.VM // the shards', whose blackboards mirror it
	// onChange hears a change after it reached every shard.
	onChange func(name string, old, new any)
	// spreading is set while a global variable is written into every
	// shard (the shards' hooks then stay quiet).
	spreading bool
	// lent lists the global variables that hold a table, in the order
	// they got it; open is CheckLent's set, reused.
	lent []string
	open map[*lua.LTable]bool
}

func newGlobals(vms []*vm.VM, onChange func(name string, old, new any)) *Globals {
	g := &Globals{board: bt.NewBlackboard(nil), vms: vms, onChange: onChange, open: map[*lua.LTable]bool{}}
	g.Hear()
	return g
}

// Board returns the logical blackboard (Host.Globals reads and writes it).
func (g *Globals) Board() *bt.Blackboard { return g.board }

// Hear puts back the board's hook that spreads every change into the
// shards, after Globals.OnChange replaced it.
func (g *Globals) Hear() { g.board.OnSet(g.spread) }

// Normal returns v, a Go value a script's table came from (already
// normal) or a Go map, slice or array given to Globals.Set, in the normal
// Go form, through shard 0's state (a Go value inside needs a Lua state
// to cross, and comes back as itself).
func (g *Globals) Normal(v any) any {
	return vm.GoValue(vm.LuaValue(g.vms[0].L, v))
}

// SetShared writes a portable value into the logical blackboard, which
// writes it into every shard. A table is kept in its normal Go form.
func (g *Globals) SetShared(name string, v any) {
	if t, ok := v.(TableCopy); ok {
		v = TableCopy{g.Normal(t.V)}
	}
	g.board.Set(name, v)
}

// spread is the logical blackboard's hook: a change is written into
// every shard's global blackboard (a table as a copy of its own), then
// onChange hears it.
func (g *Globals) spread(name string, old, new any) {
	if Same(old, new) {
		return
	}
	g.lend(name, new)
	g.spreading = true
	t, table := new.(TableCopy)
	for _, m := range g.vms {
		v := new
		if table {
			v = vm.LuaValue(m.L, t.V) // a copy of its own
		}
		m.Lib.Globals.Set(name, v)
	}
	g.spreading = false
	g.onChange(name, old, new)
}

// ApplyWrites applies the global writes every shard held this frame, in
// agent order.
func (e *Engine[A, L]) ApplyWrites() {
	all := drain(e, func(f *Frame[A]) *[]write[A] { return &f.writes },
		func(w write[A]) A { return w.agent })
	for _, w := range all {
		e.Globals.SetShared(w.name, w.value)
	}
}

// heard returns shard i's global-blackboard hook: during a tick it
// records the write and puts the frame-start value back; outside ticks it
// hands the write to the logical blackboard, which applies it everywhere.
func (e *Engine[A, L]) heard(i int) func(name string, old, new any) {
	f, s, g := e.frames[i], e.shards[i], e.Globals
	return func(name string, old, new any) {
		if f.Reverting || g.spreading || (!f.Ticking && Same(old, new)) {
			return
		}
		v, err := Portable(new)
		if err != nil || f.Ticking {
			f.Reverting = true
			s.VM().Lib.Globals.Set(name, old)
			f.Reverting = false
		}
		switch {
		case err != nil:
			s.Refuse(name, fmt.Sprintf("global variable %q: %v", name, err))
		case f.Ticking:
			f.Hold(name, v)
		default:
			g.SetShared(name, v)
		}
	}
}

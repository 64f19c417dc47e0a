package host

import (
	"fmt"
	"reflect"

	"github.com/btlua/btlua/host/internal/vm"
	lua "github.com/yuin/gopher-lua"
)

// The global variables of a sharded host (Options.Shards >= 1) are one
// logical blackboard of Go values (Host.Globals; globals_board.go),
// mirrored in every shard's global blackboard, which its scripts read:
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
//     state of its own, globals_board.go): a table costs Shards times its
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
//     (globals_lent.go). Write a new table with bt.SetGlobalVariable.
//
// Globals (Get, Set, OnChange) is for the ticking goroutine, between
// ticks, as on any host; during a tick, scripts and Go tasks write global
// variables through their blackboards, which the frame holds.
//
// This holds for every shard count, 1 included, so results do not depend
// on it. The classic unsharded host (Shards 0) keeps Behavior Designer's
// semantics: a write is seen at once by the agents ticked after it.

// globalWrite is a write of a global variable a shard's agent made during
// a tick, held until the frame boundary; value is portable.
type globalWrite struct {
	agent *Agent
	name  string
	value any
}

// tableCopy is a Lua table's value in its Go form, to be made a Lua table
// again in each state.
type tableCopy struct{ v any }

// heard is a shard's global-blackboard hook: during a tick it records the
// write and puts the frame-start value back; outside ticks it hands the
// write to the logical blackboard, which applies it everywhere.
func (f *shardFrame) heard(name string, old, new any) {
	if f.reverting || f.sh.spreading || (!f.ticking && same(old, new)) {
		return
	}
	v, err := portable(new)
	if err != nil || f.ticking {
		f.reverting = true
		f.shard.vm.Lib.Globals.Set(name, old)
		f.reverting = false
	}
	switch {
	case err != nil:
		msg := fmt.Sprintf("global variable %q: %v", name, err)
		if f.shard.inScript > 0 {
			f.shard.vm.L.G.CurrentThread.RaiseError("%s", msg)
		}
		f.shard.log.Error("host: "+msg, "variable", name)
	case f.ticking:
		f.writes = append(f.writes, globalWrite{agent: f.agent, name: name, value: v})
	default:
		f.sh.setShared(name, v)
	}
}

// portable returns v, a value of a shard's blackboard, in a form every
// state may hold (see the rules above), or an error for a value that
// cannot leave its state.
func portable(v any) (any, error) {
	lv, ok := v.(lua.LValue)
	if !ok {
		if goTable(v) {
			return tableCopy{v}, nil
		}
		return v, nil // a Go value, given from Go
	}
	switch x := lv.(type) {
	case *lua.LNilType:
		return nil, nil
	case lua.LNumber, lua.LString, lua.LBool:
		return x, nil
	case *lua.LUserData:
		if goTable(x.Value) {
			return tableCopy{x.Value}, nil
		}
		if x.Value != nil {
			return x.Value, nil
		}
	case *lua.LTable:
		var bad lua.LValue
		g := vm.GoValueBound(x, &bad)
		if bad != nil {
			return nil, fmt.Errorf("the table holds a %s, which cannot be shared between shards (Options.Shards >= 1); store numbers, strings, booleans, tables of them or Go values", bad.Type())
		}
		return tableCopy{g}, nil
	}
	return nil, fmt.Errorf("a %s cannot be shared between shards (Options.Shards >= 1); store numbers, strings, booleans, tables of them or Go values", lv.Type())
}

// goTable reports whether v is a Go map, slice or array (not a nil map or
// slice), which a sharded host copies into each state as a Lua table
// (vm.LuaValue) instead of sharing it through gopher-luar: the shards' scripts
// would write into one Go map concurrently (a fatal error of the Go
// runtime) and each shard would see the others' writes mid-frame.
func goTable(v any) bool {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Map, reflect.Slice:
		return !rv.IsNil()
	case reflect.Array:
		return true
	}
	return false
}

// setShared writes a portable value into the logical blackboard; its hook
// (spreadGlobal) writes it into every shard. A table is kept in its
// normal Go form (globals_board.go).
func (sh *sharding) setShared(name string, v any) {
	if t, ok := v.(tableCopy); ok {
		v = tableCopy{sh.normal(t.v)}
	}
	sh.globals.board().Set(name, v)
}

// spreadGlobal is the logical blackboard's hook: a change is written into
// every shard's global blackboard (a table as a copy of its own), then
// Globals.OnChange hears it.
func (sh *sharding) spreadGlobal(name string, old, new any) {
	if same(old, new) {
		return
	}
	sh.lendTable(name, new)
	sh.spreading = true
	t, table := new.(tableCopy)
	for _, s := range sh.shards {
		v := new
		if table {
			v = vm.LuaValue(s.vm.L, t.v) // a copy of its own
		}
		s.vm.Lib.Globals.Set(name, v)
	}
	sh.spreading = false
	sh.host.globals.heard(name, old, new)
}

// applyGlobalWrites applies the global writes every shard held this
// frame, in agent order.
func (sh *sharding) applyGlobalWrites() {
	all := drainInAgentOrder(sh, func(f *shardFrame) *[]globalWrite { return &f.writes },
		func(w globalWrite) *Agent { return w.agent })
	for _, w := range all {
		sh.setShared(w.name, w.value)
	}
}

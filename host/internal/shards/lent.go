package shards

import (
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/vm"
	lua "github.com/yuin/gopher-lua"
)

// A table-valued global variable of a sharded host is lent to each
// shard as a copy of its own (globals.go), which the shard's
// scripts read with bt.GetGlobalVariable: the agents of one shard share
// it. A script that changed it in place would be seen by the agents of
// its shard only, so results would depend on the shard count. Such a
// table is therefore read-only: after every frame the sharded engine
// compares each shard's copy with the logical blackboard's Go form (the
// value at the frame start)
// and, where one differs (a value changed at any depth, a key added or
// removed, a metatable set), puts the copy back and Tick returns an error naming the
// variable, with 1 shard as with N (the classic host, Shards 0, has one
// table and no check); under the host's FailTick it is a StrictError
// without Agent (the changer is not known). The check walks the table-valued
// global variables only: a host without any pays nothing; each costs a
// walk of its entries per shard and frame (see README, "Agents on every
// core": keep big data out of global variables). Within the frame of the
// change, the agents after the changer in its shard have seen it.

// lend records that global variable name holds a table (new is one)
// or no longer does; CheckLent checks the tables it records.
func (g *Globals) lend(name string, new any) {
	i := slices.Index(g.lent, name)
	_, table := new.(TableCopy)
	switch {
	case table && i < 0:
		g.lent = append(g.lent, name)
	case !table && i >= 0:
		g.lent = slices.Delete(g.lent, i, i+1)
	}
}

// CheckLent compares every shard's copy of each table-valued global
// variable with the logical blackboard's Go form, puts back a copy changed
// in place and returns an error per variable changed, in the order the
// variables got their tables; nil when none was.
func (g *Globals) CheckLent() []error {
	var errs []error
	for _, name := range g.lent {
		v, _ := g.board.Get(name)
		want, ok := v.(TableCopy)
		if !ok {
			continue
		}
		reported := false
		for _, m := range g.vms {
			got, _ := m.Lib.Globals.Get(name)
			clear(g.open)
			if sameNormal(want.V, toLValue(got), g.open) {
				continue
			}
			if !reported {
				reported = true
				errs = append(errs, fmt.Errorf("host: global variable %q: a table read from it was changed in place; on a sharded host (Options.Shards >= 1) each shard reads its own copy, so a table read from a global variable is read-only: write a new table with bt.SetGlobalVariable (the change was undone)", name))
			}
			g.spreading = true
			m.Lib.Globals.Set(name, vm.LuaValue(m.L, want.V))
			g.spreading = false
		}
	}
	return errs
}

// toLValue is a value of a shard's blackboard as a Lua value (lua.LNil
// for a Go value, which is no table).
func toLValue(v any) lua.LValue {
	if lv, ok := v.(lua.LValue); ok {
		return lv
	}
	return lua.LNil
}

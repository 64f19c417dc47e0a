package host

import (
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/vm"
	lua "github.com/yuin/gopher-lua"
)

// A table-valued global variable of a sharded host is lent to each
// shard as a copy of its own (globals_frame.go), which the shard's
// scripts read with bt.GetGlobalVariable: the agents of one shard share
// it. A script that changed it in place would be seen by the agents of
// its shard only, so results would depend on the shard count. Such a
// table is therefore read-only: after every frame the coordinator
// compares each shard's copy with its own (the value at the frame start)
// and, where one differs (a value changed at any depth, a key added or
// removed, a metatable set), puts the copy back and Tick returns an error naming the
// variable, with 1 shard as with N (the classic host, Shards 0, has one
// table and no check); under the host's FailTick it is a StrictError
// without Agent (the changer is not known). The check walks the table-valued
// global variables only: a host without any pays nothing; each costs a
// walk of its entries per shard and frame (see README, "Agents on every
// core": keep big data out of global variables). Within the frame of the
// change, the agents after the changer in its shard have seen it.

// lendTable records that global variable name holds a table (new is one)
// or no longer does; the coordinator checks the tables it records.
func (sh *sharding) lendTable(name string, new any) {
	i := slices.Index(sh.lent, name)
	_, table := new.(*lua.LTable)
	switch {
	case table && i < 0:
		sh.lent = append(sh.lent, name)
	case !table && i >= 0:
		sh.lent = slices.Delete(sh.lent, i, i+1)
	}
}

// checkLentTables compares every shard's copy of each table-valued global
// variable with the coordinator's, puts back a copy changed in place and
// returns an error per variable changed, in the order the variables got
// their tables; nil when none was.
func (sh *sharding) checkLentTables() []error {
	var errs []error
	for _, name := range sh.lent {
		v, _ := sh.globals.board().Get(name)
		want, ok := v.(*lua.LTable)
		if !ok {
			continue
		}
		var g any // want's Go form, made once for the copies put back
		for _, s := range sh.shards {
			got, _ := s.vm.Lib.Globals.Get(name)
			clear(sh.pairs)
			if t, ok := got.(*lua.LTable); ok && sameTable(want, t, sh.pairs) {
				continue
			}
			if g == nil {
				g = vm.GoValue(want)
				errs = append(errs, fmt.Errorf("host: global variable %q: a table read from it was changed in place; on a sharded host (Options.Shards >= 1) each shard reads its own copy, so a table read from a global variable is read-only: write a new table with bt.SetGlobalVariable (the change was undone)", name))
			}
			sh.spreading = true
			s.vm.Lib.Globals.Set(name, vm.LuaValue(s.vm.L, g))
			sh.spreading = false
		}
	}
	return errs
}

// sameTable reports whether the tables a and b, of two Lua states, hold
// the same entries at every depth and b, a shard's copy, has no metatable
// at any depth (the copies are made without one, by luaValue, so one there
// was set since); pairs maps each table of a met so far to its counterpart in b
// (cycles, shared subtables).
func sameTable(a, b *lua.LTable, pairs map[*lua.LTable]*lua.LTable) bool {
	if p, ok := pairs[a]; ok {
		return p == b
	}
	if b.Metatable != lua.LNil {
		return false
	}
	pairs[a] = b
	n, eq := 0, true
	a.ForEach(func(k, va lua.LValue) {
		n++
		if eq {
			eq = sameValue(va, b.RawGet(k), pairs)
		}
	})
	if !eq {
		return false
	}
	b.ForEach(func(lua.LValue, lua.LValue) { n-- })
	return n == 0
}

// sameValue reports whether x and y, of two Lua states, are the same
// value: equal numbers, strings or booleans, tables with the same entries,
// userdata of the same Go value.
func sameValue(x, y lua.LValue, pairs map[*lua.LTable]*lua.LTable) bool {
	switch x := x.(type) {
	case *lua.LTable:
		t, ok := y.(*lua.LTable)
		return ok && sameTable(x, t, pairs)
	case *lua.LUserData:
		u, ok := y.(*lua.LUserData)
		return ok && same(x.Value, u.Value)
	}
	return x == y
}

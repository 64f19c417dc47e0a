package state

import (
	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// WriteVariable sets name to v in b (landing in the global variables when
// only they have the name, as bt.Blackboard.Set does) and tells the event
// stream's listeners, if any.
func (h *State) WriteVariable(b *bt.Blackboard, name string, v any) {
	if g := h.VM.Lib.Globals; shards.GoTable(v) && (b == g || b.Owner(name) == g) {
		// A Go map, slice or array as a global variable is a Lua table
		// (Globals.Set): a shard's hook spreads it (host/internal/shards).
		v = vm.LuaValue(h.VM.L, v)
	}
	e := h.Shared.Stream()
	if e == nil {
		b.Set(name, v)
		return
	}
	old, _ := b.Get(name)
	owner := b.Owner(name)
	if owner == nil {
		owner = b
	}
	b.Set(name, v)
	var nv lua.LValue = lua.LNil
	if v != nil {
		nv = vm.LuaValue(h.VM.L, v)
	}
	h.Shared.WriteIn(h, btlib.VariableWrite{Blackboard: owner, Name: name, Old: old, New: nv})
}

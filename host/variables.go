package host

import (
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// SetVariable writes a blackboard variable from Go, between ticks: a
// variable of agent a's tree (landing in the global variables when only
// they have the name, as bt.Blackboard.Set does), or a global variable
// when a is nil. v is a Lua value as scripts see it; lua.LNil deletes the
// name. Listeners of the event stream hear an EventVariable without a
// writer. Debuggers use it to edit the blackboard.
func (h *Host) SetVariable(a *Agent, name string, v lua.LValue) {
	b := h.BT.Globals
	if a != nil {
		b = a.Tree.BT.Blackboard
	}
	old, _ := b.Get(name)
	owner := b.Owner(name)
	if owner == nil {
		owner = b
	}
	if v == nil || v == lua.LNil {
		v = lua.LNil
		b.Set(name, nil)
	} else {
		b.Set(name, v)
	}
	if h.live() {
		h.events.write(btlib.VariableWrite{Blackboard: owner, Name: name, Old: old, New: v})
	}
}

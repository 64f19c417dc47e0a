package host

import (
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// builtKey is one own field of a task table.
type builtKey struct {
	self *lua.LTable
	key  lua.LValue
}

// builtFunctions returns the functions the build of tr put in its Lua
// tasks' own fields (a method given in New, the BTAI library's Do): a
// restore builds the tree again and finds these, and only these, at the
// same place. Nil when there are none.
func builtFunctions(tr *btlib.Tree) map[builtKey]*lua.LFunction {
	var out map[builtKey]*lua.LFunction
	for _, t := range bt.Preorder(tr.Root()) {
		lt, ok := t.(*btlib.Task)
		if !ok || lt.Self == nil {
			continue
		}
		lt.Self.ForEach(func(k, v lua.LValue) {
			if fn, ok := v.(*lua.LFunction); ok {
				if out == nil {
					out = map[builtKey]*lua.LFunction{}
				}
				out[builtKey{lt.Self, k}] = fn
			}
		})
	}
	return out
}

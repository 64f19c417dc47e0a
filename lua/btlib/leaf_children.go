package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// setupLeaf gives a leaf base class an AddChild that explains the
// mistake, instead of Lua's "attempt to call a non-function object". It is
// left out of the LuaLS stubs on purpose: there, AddChild on a leaf stays
// an unknown field, which the language server flags.
func setupLeaf(lib *Lib, c *lua.LTable) {
	lib.setMethods(c, map[string]lua.LGFunction{"AddChild": lib.luaLeafAddChild})
}

// luaLeafAddChild is leaf:AddChild(x): an error naming the leaf's class
// and path ("AddChild: BTSequence/log[1] is a leaf task (BTLog, an action) and
// cannot have children; ...").
func (lib *Lib) luaLeafAddChild(L *lua.LState) int {
	t := lib.checkTask(L, 1, "AddChild")
	kind := "an action"
	if t.class.kind.conditional {
		kind = "a conditional"
	}
	L.RaiseError("AddChild: %s is a leaf task (%s, %s) and cannot have children; give children to a composite (BTSequence, BTSelector, ...) or a decorator",
		bt.Path(t), t.Kind(), kind)
	return 0
}

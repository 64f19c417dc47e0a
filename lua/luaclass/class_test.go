package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

func TestOfAndDerives(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	err := L.DoString(`
Base = {}
function Base:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
Derived = Base:New()
inst = Derived:New()
viaIndex = setmetatable({}, { __index = Derived })
selfMeta = {}
setmetatable(selfMeta, selfMeta)
`)
	if err != nil {
		t.Fatal(err)
	}
	g := func(n string) *lua.LTable { return L.GetGlobal(n).(*lua.LTable) }
	base, derived, inst := g("Base"), g("Derived"), g("inst")
	if Of(inst) != derived || Of(derived) != base || Of(base) != nil {
		t.Error("Of does not follow the series' class chain")
	}
	if Of(g("viaIndex")) != derived {
		t.Error("Of does not follow a metatable's __index")
	}
	if Of(g("selfMeta")) != nil {
		t.Error("a table that is its own metatable has no class")
	}
	if !Derives(inst, base) || !Derives(inst, inst) || Derives(base, derived) {
		t.Error("Derives is wrong")
	}
}

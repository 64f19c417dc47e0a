package btlib

import (
	"math"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// executionTypes is the BTExecutionType table: NoDuplicates = 0,
// Count = 1 (bt.ExecutionType's values).
func (lib *Lib) executionTypes() *lua.LTable {
	t := lib.L.CreateTable(0, 2)
	for _, e := range []bt.ExecutionType{bt.NoDuplicates, bt.Count} {
		t.RawSetString(e.String(), lua.LNumber(e))
	}
	return t
}

// luaSetExecutionType is tree:SetExecutionType(BTExecutionType.X, max?):
// the tree's bt.ExecutionType and, when given, its MaxTaskExecutions (a
// whole number >= 1; absent keeps the current cap).
func (lib *Lib) luaSetExecutionType(L *lua.LState) int {
	tr := lib.treeOfArg(L, "SetExecutionType")
	n, ok := L.Get(2).(lua.LNumber)
	if e := bt.ExecutionType(n); !ok || lua.LNumber(e) != n || e > bt.Count {
		L.RaiseError("SetExecutionType: want BTExecutionType.NoDuplicates or Count, got %s", luaerr.Describe(L.Get(2)))
	}
	max := tr.BT.MaxTaskExecutions
	if v := L.Get(3); v != lua.LNil {
		f, ok := v.(lua.LNumber)
		if !ok || !(f >= 1 && f < luaclass.MaxCount) || float64(f) != math.Trunc(float64(f)) {
			L.RaiseError("SetExecutionType: max must be a whole number from 1 to %d, got %s", luaclass.MaxCount-1, luaerr.Describe(v))
		}
		max = int(f)
	}
	tr.BT.ExecutionType, tr.BT.MaxTaskExecutions = bt.ExecutionType(n), max
	return 0
}

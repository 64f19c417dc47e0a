package goaplib

import (
	"io"
	"testing"

	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// openLib returns a Lua state with the behavior-tree and GOAP libraries.
func openLib(tb testing.TB) (*lua.LState, *Lib) {
	tb.Helper()
	L := lua.NewState()
	tb.Cleanup(L.Close)
	bl, err := btlib.Open(L, btlib.Options{Stdout: io.Discard})
	if err != nil {
		tb.Fatal(err)
	}
	lib, err := Open(L, bl)
	if err != nil {
		tb.Fatal(err)
	}
	return L, lib
}

// run runs src and returns its results.
func run(tb testing.TB, L *lua.LState, src string) []lua.LValue {
	tb.Helper()
	top := L.GetTop()
	if err := L.DoString(src); err != nil {
		tb.Fatal(err)
	}
	var out []lua.LValue
	for i := top + 1; i <= L.GetTop(); i++ {
		out = append(out, L.Get(i))
	}
	L.SetTop(top)
	return out
}

// craftingPlan is the optimal plan of testdata/crafting30.lua (cost 19), as
// stdlib/goap's planner returns it.
const craftingPlan = "TakePickaxe TakeAxe ChopLog SawPlanks MineOre BuildFurnace ChopLog SmeltIron SawPlanks ForgeBlade CarveHilt AssembleSword"

package btlib

import (
	"bytes"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// testLib opens the library in a new state whose print writes to the
// returned buffer (one line per call, values joined by tabs).
func testLib(t *testing.T) (*Lib, *lua.LState, *bytes.Buffer) {
	t.Helper()
	L := lua.NewState()
	t.Cleanup(L.Close)
	var out bytes.Buffer
	lib, err := Open(L, Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	L.SetGlobal("print", L.NewFunction(func(L *lua.LState) int {
		for i := 1; i <= L.GetTop(); i++ {
			if i > 1 {
				out.WriteByte('\t')
			}
			out.WriteString(L.ToStringMeta(L.Get(i)).String())
		}
		out.WriteByte('\n')
		return 0
	}))
	return lib, L, &out
}

// treeOf runs script (named chunk "test.lua") and returns the tree of the
// value it returns.
func treeOf(t *testing.T, lib *Lib, L *lua.LState, script string) *Tree {
	t.Helper()
	fn, err := L.Load(bytes.NewBufferString(script), "test.lua")
	if err != nil {
		t.Fatal(err)
	}
	L.Push(fn)
	if err := L.PCall(0, 1, nil); err != nil {
		t.Fatal(err)
	}
	tr, err := lib.TreeOf(L.Get(-1))
	L.Pop(1)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

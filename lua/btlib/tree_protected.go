package btlib

import (
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// RunProtected runs fn, Go code that calls into tr's tasks outside a tick
// (bt.BehaviorTree.HaltWith running the OnEnds of a halt, SetRoot at a
// restart), as a protected call on the library's Lua state. An error that
// a task's code raised is returned as a tick's error is (see Tree.Tick):
// a *luaerr.Error naming the file, line, task path and, when the script
// named the tree, the tree; a Go panic is a *luaerr.GoPanic. tr.Err is
// left as it was: the caller decides whether the error stops the tree.
func (tr *Tree) RunProtected(fn func()) error {
	lib := tr.lib
	L := lib.L
	lib.st.ForgetBlame()
	defer lib.st.ForgetBlame()
	L.Push(L.NewFunction(func(L *lua.LState) int { luaerr.WordLikePUC(L); fn(); return 0 }))
	if err := L.PCall(0, 0, nil); err != nil {
		return lib.tickError(tr, err)
	}
	return nil
}

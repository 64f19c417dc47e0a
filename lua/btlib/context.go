package btlib

import lua "github.com/yuin/gopher-lua"

// shareContext gives the new thread th the context of the main state L
// itself, when L has one (the host's CPU budget): gopher-lua gives a
// thread a child context, which does not follow the parent's later
// changes, so a coroutine kept across ticks would escape the budget.
func shareContext(L, th *lua.LState) {
	if ctx := L.Context(); ctx != nil {
		th.SetContext(ctx)
	}
}

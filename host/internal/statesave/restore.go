package statesave

import (
	"github.com/btlua/btlua/host/internal/state"
	lua "github.com/yuin/gopher-lua"
)

// Restoring runs fn, a restore's work in the state, as a stretch of
// script work.
func Restoring(s *state.State, fn func(*state.State) error) error {
	defer s.Stretch("restoring agents", nil)()
	return fn(s)
}

// ScriptClass reports whether the global table name of the Lua state L
// is one a file h loaded defined (a class of the script or of a module
// it required), not a library's table (string, _G).
func ScriptClass(h *state.Shared, L *lua.LState, name string) bool {
	for _, s := range h.Roster.States() {
		if s.VM.L == L {
			return s.Sources.Definer(name) != nil
		}
	}
	return false
}

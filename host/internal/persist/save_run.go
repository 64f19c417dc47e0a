package persist

import (
	"github.com/btlua/btlua/host/internal/persist/values"
	lua "github.com/yuin/gopher-lua"
)

// Run is what one save (of one agent, or of every agent and the global
// variables) looks up once for all its agents: each class's save hooks,
// each Lua state's class names (its value savers'), each tree
// structure's task paths. Make it with NewRun; it is not safe for
// concurrent use.
type Run struct {
	hooks  map[*lua.LTable]classHooks
	savers values.Savers
	paths  shapePaths
	// whole is set for a save of every agent, which holds the BTAI
	// generators; random holds the Lua states whose saved agents draw
	// from theirs.
	whole  bool
	random map[*lua.LState]bool
}

// NewRun returns the run of one save; whole is set for a save of every
// agent (SnapshotAll), which may hold the BTAI library's generators.
func NewRun(whole bool) *Run {
	return &Run{hooks: map[*lua.LTable]classHooks{}, paths: shapePaths{}, random: map[*lua.LState]bool{}, whole: whole}
}

// DrawsRandom reports whether an agent of the Lua state L that the run
// saved draws from the BTAI library's generator (whose state a whole
// save then holds).
func (run *Run) DrawsRandom(L *lua.LState) bool { return run.random[L] }

// AnyRandom reports whether any agent the run saved draws from the BTAI
// library's generator.
func (run *Run) AnyRandom() bool { return len(run.random) > 0 }

// SetScriptClass makes the run's value savers refuse a table whose class
// is a global table that is no class a script defined (f reports
// whether the global name of the Lua state L is one; nil: no check).
func (run *Run) SetScriptClass(f func(L *lua.LState, name string) bool) {
	run.savers.ScriptClass = f
}

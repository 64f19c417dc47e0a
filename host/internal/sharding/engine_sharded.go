package sharding

import (
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// The engine methods of the sharded host (*Engine, Options.Shards >= 1;
// see shards.go for what it is). Most hand the work to the Engine's
// methods in the shard_*.go files, or to its engine (host/internal/shards).

func (sh *Engine) LoadFile(path string) ([]*state.Agent, error) { return sh.loadShard(path) }
func (sh *Engine) SpawnAgent(path string, args any) (*state.Agent, error) {
	return sh.spawnShard(path, args)
}
func (sh *Engine) TickAgents(dt float64, e *state.Hub) error { return sh.tickShards(dt, e) }
func (sh *Engine) ReloadFile(src *state.Source, data []byte, _ string) (*state.ReloadReport, error) {
	return sh.reloadShards(src, data)
}
func (sh *Engine) WatchFiles(w state.Watcher)          { sh.watchShards(w) }
func (sh *Engine) SetGlobal(name string, v any)        { sh.setGlobalShards(name, v) }
func (sh *Engine) DoString(code string) ([]any, error) { return sh.eng.DoString(code) }
func (sh *Engine) CloseAll() error                     { return sh.closeShards() }
func (sh *Engine) ShardCount() int                     { return len(sh.shards) }
func (sh *Engine) States() []*state.State              { return sh.shards }
func (sh *Engine) AgentList() []*state.Agent           { return sh.eng.Agents() }
func (sh *Engine) AllLoads() []*state.Load             { return sh.eng.Loads() }
func (sh *Engine) HearGlobals()                        { sh.eng.Globals.Hear() }
func (sh *Engine) AgentRank(a *state.Agent) int        { return sh.eng.Rank(a) }
func (sh *Engine) Unlist(a *state.Agent)               { sh.eng.Unlist(a, a.Load) }

// Scripting is nil: the facade's methods called from a shard's script
// are refused as re-entering the tick (the shards' own calls check
// their state).
func (sh *Engine) Scripting() *state.State { return nil }

// RestoredGlobals takes the global variables a restore set (in every
// shard, a table refilled in place) from shard 0 into the logical
// blackboard, which spreads them.
func (sh *Engine) RestoredGlobals(vars []savefile.Var) {
	for _, sv := range vars {
		v, _ := sh.shards[0].VM.Lib.Globals.Get(sv.Name)
		if p, err := shards.Portable(v); err == nil {
			sh.eng.Globals.SetShared(sv.Name, p)
		}
	}
}

// WriteGlobal writes the logical blackboard, whose hook spreads the
// value into every shard, and tells the event stream's listeners.
func (sh *Engine) WriteGlobal(name string, v any) {
	g := sh.eng.Globals
	if shards.GoTable(v) {
		g.SetShared(name, shards.TableCopy{V: v})
		return
	}
	b := g.Board()
	e := sh.common.Stream()
	if e == nil {
		b.Set(name, v)
		return
	}
	s0 := sh.shards[0] // its mirror holds the old value as a Lua value
	old, _ := s0.VM.Lib.Globals.Get(name)
	b.Set(name, v)
	var nv lua.LValue = lua.LNil
	if v != nil {
		nv = vm.LuaValue(s0.VM.L, v)
	}
	sh.common.WriteIn(s0, btlib.VariableWrite{Blackboard: b, Name: name, Old: old, New: nv})
}

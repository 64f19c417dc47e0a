package engine

import (
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// The engine methods of the sharded host (*sharding, Options.Shards >= 1;
// see shards.go for what it is). Most hand the work to the sharding's
// methods in the shard_*.go files, or to its engine (host/internal/shards).

func (sh *sharding) loadFile(path string) ([]*Agent, error) { return sh.loadShard(path) }
func (sh *sharding) spawnAgent(path string, args any) (*Agent, error) {
	return sh.spawnShard(path, args)
}
func (sh *sharding) tickAgents(dt float64, e *hub) error { return sh.tickShards(dt, e) }
func (sh *sharding) reloadFile(src *source, data []byte, _ string) (*ReloadReport, error) {
	return sh.reloadShards(src, data)
}
func (sh *sharding) watchFiles(w Watcher)                { sh.watchShards(w) }
func (sh *sharding) setGlobal(name string, v any)        { sh.setGlobalShards(name, v) }
func (sh *sharding) doString(code string) ([]any, error) { return sh.eng.DoString(code) }
func (sh *sharding) closeAll() error                     { return sh.closeShards() }
func (sh *sharding) shardCount() int                     { return len(sh.shards) }
func (sh *sharding) states() []*state                    { return sh.shards }
func (sh *sharding) agentList() []*Agent                 { return sh.eng.Agents() }
func (sh *sharding) allLoads() []*load                   { return sh.eng.Loads() }
func (sh *sharding) hearGlobals()                        { sh.eng.Globals.Hear() }
func (sh *sharding) agentRank(a *Agent) int              { return sh.eng.Rank(a) }
func (sh *sharding) unlist(a *Agent)                     { sh.eng.Unlist(a, a.load) }

// scripting is nil: the facade's methods called from a shard's script
// are refused as re-entering the tick (the shards' own calls check
// their state).
func (sh *sharding) scripting() *state { return nil }

// restoredGlobals takes the global variables a restore set (in every
// shard, a table refilled in place) from shard 0 into the logical
// blackboard, which spreads them.
func (sh *sharding) restoredGlobals(vars []savefile.Var) {
	for _, sv := range vars {
		v, _ := sh.shards[0].vm.Lib.Globals.Get(sv.Name)
		if p, err := shards.Portable(v); err == nil {
			sh.eng.Globals.SetShared(sv.Name, p)
		}
	}
}

// writeGlobal writes the logical blackboard, whose hook spreads the
// value into every shard, and tells the event stream's listeners.
func (sh *sharding) writeGlobal(name string, v any) {
	g := sh.eng.Globals
	if shards.GoTable(v) {
		g.SetShared(name, shards.TableCopy{V: v})
		return
	}
	b := g.Board()
	e := sh.host.stream()
	if e == nil {
		b.Set(name, v)
		return
	}
	s0 := sh.shards[0] // its mirror holds the old value as a Lua value
	old, _ := s0.vm.Lib.Globals.Get(name)
	b.Set(name, v)
	var nv lua.LValue = lua.LNil
	if v != nil {
		nv = vm.LuaValue(s0.vm.L, v)
	}
	sh.host.writeIn(s0, btlib.VariableWrite{Blackboard: b, Name: name, Old: old, New: nv})
}

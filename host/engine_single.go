package host

import (
	"slices"

	"github.com/btlua/btlua/host/internal/vm"
	luar "layeh.com/gopher-luar"
)

// single is the engine of one Lua state, h's own: the classic host
// (Options.Shards 0); inShard extends it for each shard of a sharded host. Its loadFile,
// spawnAgent, tickAgents, reloadFile, doString and closeAll are next to
// the facade methods that call them (load.go, spawn.go, tick.go,
// reload.go, host.go).
type single struct{ h *Host }

func (s single) sourceOf(abs string) *source { return s.h.sources[abs] }

func (s single) watchFiles() {
	for _, abs := range s.h.order {
		s.h.watchFile(abs)
	}
}

func (s single) setGlobal(name string, v any) {
	L := s.h.vm.L
	L.SetGlobal(name, luar.New(L, v))
}

func (s single) getGlobal(name string) any { return vm.GoValue(s.h.vm.L.GetGlobal(name)) }
func (s single) interruptAll() bool        { return s.h.budget != nil && s.h.budget.Interrupt() }
func (s single) shardCount() int           { return 0 }
func (s single) shardIndex(*Agent) int     { return 0 }
func (s single) hasAgent(a *Agent) bool    { return a.host == s.h }
func (s single) placeNext(int)             {} // one state: nothing to place
func (s single) luaStates() []*Host        { return []*Host{s.h} }
func (s single) enterShards(uintptr) bool  { return true }
func (s single) leaveShards()              {}
func (s single) coordinator() *Host        { return s.h }
func (s single) allLoads() []*load         { return s.h.loads }
func (s single) agentRank(a *Agent) int    { return slices.Index(s.h.agents, a) }
func (s single) globalHosts() []*Host      { return []*Host{s.h} }
func (s single) unlist(*Agent)             {} // its own host's lists are the host's
func (s single) hearGlobals()              {}
func (s single) heldFrame() *shardFrame    { return nil }
func (s single) beginScript(*Agent)        {}
func (s single) stopsHeapHog() bool        { return true }
func (s single) strictStopsBatch() bool    { return true }
func (s single) globalTable(_ string, v any) (any, bool) {
	return vm.LuaValue(s.h.vm.L, v), false
}

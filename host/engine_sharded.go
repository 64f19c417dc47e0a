package host

import "slices"

// The engine methods of the sharded host (*sharding, Options.Shards >= 1;
// see shards.go for what it is). Most hand the work to the sharding's
// methods in the shard_*.go and globals_*.go files.

func (sh *sharding) loadFile(path string) ([]*Agent, error) { return sh.loadShard(path) }
func (sh *sharding) spawnAgent(path string, args any) (*Agent, error) {
	return sh.spawnShard(path, args)
}
func (sh *sharding) tickAgents(dt float64, e *hub) error { return sh.tickShards(dt, e) }
func (sh *sharding) reloadFile(src *source, data []byte) (*ReloadReport, error) {
	return sh.reloadShards(src, data)
}
func (sh *sharding) watchFiles()                         { sh.watchShards(sh.host.watcher) }
func (sh *sharding) setGlobal(name string, v any)        { sh.setGlobalShards(name, v) }
func (sh *sharding) getGlobal(name string) any           { return sh.shards[0].GetGlobal(name) }
func (sh *sharding) doString(code string) ([]any, error) { return sh.doStringShards(code) }
func (sh *sharding) closeAll() error                     { return sh.closeShards() }
func (sh *sharding) interruptAll() bool                  { return sh.interruptShards() }
func (sh *sharding) shardCount() int                     { return len(sh.shards) }
func (sh *sharding) shardIndex(a *Agent) int             { return slices.Index(sh.shards, a.host) }
func (sh *sharding) hasAgent(a *Agent) bool              { return slices.Contains(sh.shards, a.host) }
func (sh *sharding) luaStates() []*Host                  { return sh.shards }

// enter takes every shard's guard for the coordinator's first entry (a
// shard's own methods, which the coordinator calls, then pass).
func (sh *sharding) enterShards(me uintptr) bool {
	for i, s := range sh.shards {
		if !s.guard.enter(me) {
			for _, t := range sh.shards[:i] {
				t.guard.leave()
			}
			return false
		}
	}
	return true
}

// leave releases what enter took.
func (sh *sharding) leaveShards() {
	for _, s := range sh.shards {
		s.guard.leave()
	}
}
func (sh *sharding) coordinator() *Host     { return sh.host }
func (sh *sharding) allLoads() []*load      { return sh.loads }
func (sh *sharding) globalHosts() []*Host   { return append([]*Host{sh.host}, sh.shards...) }
func (sh *sharding) hearGlobals()           { sh.host.globals.global.OnSet(sh.spreadGlobal) }
func (sh *sharding) heldFrame() *shardFrame { return nil }
func (sh *sharding) beginScript(*Agent)     {}
func (sh *sharding) stopsHeapHog() bool     { return true }
func (sh *sharding) strictStopsBatch() bool { return true }

func (sh *sharding) agentRank(a *Agent) int {
	if r, ok := sh.rank[a]; ok {
		return r
	}
	return -1
}

func (sh *sharding) unlist(a *Agent) {
	h, ld := sh.host, a.load
	sh.loads = slices.DeleteFunc(sh.loads, func(l *load) bool { return l == ld && len(ld.agents) == 0 })
	h.agents = slices.DeleteFunc(h.agents, func(b *Agent) bool { return b == a })
	delete(sh.rank, a)
	for i, b := range h.agents {
		sh.rank[b] = i
	}
}

func (sh *sharding) globalTable(name string, v any) (any, bool) {
	sh.setShared(name, tableCopy{v})
	return nil, true
}

package host

import "slices"

// The engine methods of the sharded host (*sharding, Options.Shards >= 1;
// see shards.go for what it is). Most hand the work to the coordinator's
// methods of the sharded host in the shard_*.go and globals_*.go files.

func (sh *sharding) loadFile(path string) ([]*Agent, error) { return sh.host.loadShard(path) }
func (sh *sharding) spawnAgent(path string, args any) (*Agent, error) {
	return sh.host.spawnShard(path, args)
}
func (sh *sharding) tickAgents(dt float64, e *hub) error { return sh.host.tickShards(dt, e) }
func (sh *sharding) reloadFile(src *source, data []byte) (*ReloadReport, error) {
	return sh.host.reloadShards(src, data)
}
func (sh *sharding) watchFiles()                         { sh.host.watchShards(sh.host.watcher) }
func (sh *sharding) setGlobal(name string, v any)        { sh.host.setGlobalShards(name, v) }
func (sh *sharding) getGlobal(name string) any           { return sh.shards[0].GetGlobal(name) }
func (sh *sharding) doString(code string) ([]any, error) { return sh.host.doStringShards(code) }
func (sh *sharding) closeAll() error                     { return sh.host.closeShards() }
func (sh *sharding) interruptAll() bool                  { return sh.host.interruptShards() }
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

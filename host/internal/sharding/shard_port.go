package sharding

import (
	"github.com/btlua/btlua/host/internal/entry"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/stateload"
	"github.com/btlua/btlua/host/internal/vm"
)

// shardPort is a state as one shard of the sharded engine
// (shards.Shard): what the engine in host/internal/shards asks of it.
type shardPort struct{ s *state.State }

func (p shardPort) Load(path string) ([]*state.Agent, error) { return stateload.LoadFile(p.s, path) }
func (p shardPort) Spawn(path string, args any) (*state.Agent, error) {
	return stateload.Spawn(p.s, path, args)
}
func (p shardPort) Loads() []*state.Load                { return p.s.Loads }
func (p shardPort) Agents() []*state.Agent              { return p.s.Agents }
func (p shardPort) Tick(dt float64) error               { return p.s.TickAgents(dt) }
func (p shardPort) Own()                                { p.s.Guard.Lend(entry.Curg()) } // guard.go
func (p shardPort) DoString(code string) ([]any, error) { return p.s.DoString(code) }
func (p shardPort) VM() *vm.VM                          { return p.s.VM }
func (p shardPort) Close()                              { p.s.Close() }

// Refuse raises msg, about global variable name, in the shard's script
// under way, if any, else logs it.
func (p shardPort) Refuse(name, msg string) {
	s := p.s
	if s.InScript > 0 {
		s.VM.L.G.CurrentThread.RaiseError("%s", msg)
	}
	s.Shared.Log.Error("host: "+msg, "variable", name)
}

package engine

import (
	"github.com/btlua/btlua/host/internal/entry"
	"github.com/btlua/btlua/host/internal/vm"
)

// shardPort is a state as one shard of the sharded engine
// (shards.Shard): what the engine in host/internal/shards asks of it.
type shardPort struct{ s *state }

func (p shardPort) Load(path string) ([]*Agent, error)          { return p.s.loadFile(path) }
func (p shardPort) Spawn(path string, args any) (*Agent, error) { return p.s.spawnAgent(path, args) }
func (p shardPort) Loads() []*load                              { return p.s.loads }
func (p shardPort) Agents() []*Agent                            { return p.s.agents }
func (p shardPort) Tick(dt float64) error                       { return p.s.tickAgents(dt) }
func (p shardPort) Own()                                        { p.s.guard.Lend(entry.Curg()) } // guard.go
func (p shardPort) DoString(code string) ([]any, error)         { return p.s.doString(code) }
func (p shardPort) VM() *vm.VM                                  { return p.s.vm }
func (p shardPort) Close()                                      { p.s.close() }

// Refuse raises msg, about global variable name, in the shard's script
// under way, if any, else logs it.
func (p shardPort) Refuse(name, msg string) {
	s := p.s
	if s.inScript > 0 {
		s.vm.L.G.CurrentThread.RaiseError("%s", msg)
	}
	s.sh.log.Error("host: "+msg, "variable", name)
}

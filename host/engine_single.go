package host

import (
	"github.com/btlua/btlua/host/internal/vm"
	luar "layeh.com/gopher-luar"
)

// single is the engine of one Lua state, h's own: the classic host
// (Options.Shards 0), and each shard of a sharded host. Its work is done
// by h's methods of the same names with "State" (loadState, tickState,
// ...), next to the facade methods that call them.
type single struct{ h *Host }

func (s single) load(path string) ([]*Agent, error)          { return s.h.loadState(path) }
func (s single) spawn(path string, args any) (*Agent, error) { return s.h.spawnState(path, args) }
func (s single) tick(dt float64, _ *hub) error               { return s.h.tickState(dt) }
func (s single) reload(src *source, data []byte) (*ReloadReport, error) {
	return s.h.reloadState(src, data)
}
func (s single) source(abs string) *source { return s.h.sources[abs] }

func (s single) watch() {
	for _, abs := range s.h.order {
		s.h.watchFile(abs)
	}
}

func (s single) setGlobal(name string, v any) {
	L := s.h.vm.L
	L.SetGlobal(name, luar.New(L, v))
}

func (s single) getGlobal(name string) any           { return vm.GoValue(s.h.vm.L.GetGlobal(name)) }
func (s single) doString(code string) ([]any, error) { return s.h.doStringState(code) }
func (s single) close() error                        { return s.h.closeState() }
func (s single) interrupt() bool                     { return s.h.budget != nil && s.h.budget.Interrupt() }
func (s single) count() int                          { return 0 }
func (s single) shardOf(*Agent) int                  { return 0 }
func (s single) owns(a *Agent) bool                  { return a.host == s.h }
func (s single) expect(int)                          {} // one state: nothing to place
func (s single) states() []*Host                     { return []*Host{s.h} }
func (s single) enter(uintptr) bool                  { return true }
func (s single) leave()                              {}

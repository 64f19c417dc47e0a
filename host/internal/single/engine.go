package single

import (
	"errors"
	"slices"
	"time"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/stateload"
	"github.com/btlua/btlua/host/internal/statereload"
	luar "layeh.com/gopher-luar"
)

// Engine is the engine of the classic host (Options.Shards 0): one state,
// ticked on the calling goroutine, whose global writes are seen at once.
// Its LoadFile and SpawnAgent are package host/internal/stateload's in the
// state, its TickAgents the state's.
type Engine struct {
	s   *state.State
	all [1]*state.State // s, as states returns it (no slice made per call)
}

func (e *Engine) LoadFile(path string) ([]*state.Agent, error) { return stateload.LoadFile(e.s, path) }
func (e *Engine) SpawnAgent(path string, args any) (*state.Agent, error) {
	return stateload.Spawn(e.s, path, args)
}
func (e *Engine) TickAgents(dt float64, _ *state.Hub) error { return e.s.TickAgents(dt) }

func (e *Engine) WatchFiles(w state.Watcher) {
	e.s.Watcher = w
	for _, abs := range e.s.Sources.Keys() {
		e.s.WatchFile(abs)
	}
}

func (e *Engine) SetGlobal(name string, v any) {
	L := e.s.VM.L
	L.SetGlobal(name, luar.New(L, v))
}

func (e *Engine) ShardCount() int                { return 0 }
func (e *Engine) PlaceNext(int)                  {} // one state: nothing to place
func (e *Engine) States() []*state.State         { return e.all[:] }
func (e *Engine) AgentList() []*state.Agent      { return e.s.Agents }
func (e *Engine) AllLoads() []*state.Load        { return e.s.Loads }
func (e *Engine) AgentRank(a *state.Agent) int   { return slices.Index(e.s.Agents, a) }
func (e *Engine) Unlist(*state.Agent)            {} // the state's lists are the host's
func (e *Engine) HearGlobals()                   {}
func (e *Engine) RestoredGlobals([]savefile.Var) {}
func (e *Engine) WriteGlobal(name string, v any) { e.s.WriteVariable(e.s.VM.Lib.Globals, name, v) }

func (e *Engine) Scripting() *state.State {
	if e.s.InScript > 0 {
		return e.s
	}
	return nil
}

// ReloadFile is Reload in the one state, as one stretch of script work.
func (e *Engine) ReloadFile(src *state.Source, data []byte, what string) (*state.ReloadReport, error) {
	s := e.s
	defer s.Stretch(what, nil)()
	start := time.Now()
	rep, err := statereload.Reload(s, src, data)
	if err != nil {
		return nil, err
	}
	statereload.ReloadFailed(s, src, rep)
	rep.Took = time.Since(start)
	return rep, nil
}

// CloseAll is Close of the one state.
func (e *Engine) CloseAll() error {
	s := e.s
	var errs []error
	for _, a := range s.Agents {
		if err := s.CloseAgent(a); err != nil {
			errs = append(errs, err)
		}
	}
	s.Close()
	return errors.Join(errs...)
}

// DoString is DoString in the one state.
func (e *Engine) DoString(code string) ([]any, error) { return e.s.DoString(code) }

// New returns the engine of the one state s.
func New(s *state.State) *Engine { return &Engine{s: s, all: [1]*state.State{s}} }

package engine

import (
	"errors"
	"slices"
	"time"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
	luar "layeh.com/gopher-luar"
)

// single is the engine of the classic host (Options.Shards 0): one state,
// ticked on the calling goroutine, whose global writes are seen at once.
// Its loadFile, spawnAgent and tickAgents call the state's methods next to
// the facade methods (load.go, spawn.go, tick.go).
type single struct {
	s   *state
	all [1]*state // s, as states returns it (no slice made per call)
}

func (e *single) loadFile(path string) ([]*Agent, error)           { return e.s.loadFile(path) }
func (e *single) spawnAgent(path string, args any) (*Agent, error) { return e.s.spawnAgent(path, args) }
func (e *single) tickAgents(dt float64, _ *hub) error              { return e.s.tickAgents(dt) }

func (e *single) watchFiles(w Watcher) {
	e.s.watcher = w
	for _, abs := range e.s.sources.Keys() {
		e.s.watchFile(abs)
	}
}

func (e *single) setGlobal(name string, v any) {
	L := e.s.vm.L
	L.SetGlobal(name, luar.New(L, v))
}

func (e *single) shardCount() int                { return 0 }
func (e *single) placeNext(int)                  {} // one state: nothing to place
func (e *single) states() []*state               { return e.all[:] }
func (e *single) agentList() []*Agent            { return e.s.agents }
func (e *single) allLoads() []*load              { return e.s.loads }
func (e *single) agentRank(a *Agent) int         { return slices.Index(e.s.agents, a) }
func (e *single) unlist(*Agent)                  {} // the state's lists are the host's
func (e *single) hearGlobals()                   {}
func (e *single) restoredGlobals([]savefile.Var) {}
func (e *single) writeGlobal(name string, v any) { e.s.writeVariable(e.s.vm.Lib.Globals, name, v) }

func (e *single) scripting() *state {
	if e.s.inScript > 0 {
		return e.s
	}
	return nil
}

// reloadFile is Reload in the one state, as one stretch of script work.
func (e *single) reloadFile(src *source, data []byte, what string) (*ReloadReport, error) {
	s := e.s
	defer s.stretch(what, nil)()
	start := time.Now()
	rep, err := s.reload(src, data)
	if err != nil {
		return nil, err
	}
	s.reloadFailed(src, rep)
	rep.Took = time.Since(start)
	return rep, nil
}

// closeAll is Close of the one state.
func (e *single) closeAll() error {
	s := e.s
	var errs []error
	for _, a := range s.agents {
		if err := s.closeAgent(a); err != nil {
			errs = append(errs, err)
		}
	}
	s.close()
	return errors.Join(errs...)
}

// doString is DoString in the one state.
func (e *single) doString(code string) ([]any, error) { return e.s.doString(code) }

// doString runs code in the state and returns its values as Go values.
func (s *state) doString(code string) ([]any, error) {
	L := s.vm.L
	top := L.GetTop()
	fn, err := L.LoadString(code)
	if err == nil {
		L.Push(fn)
		err = luaerr.PCall(L, 0, lua.MultRet)
	}
	if err != nil {
		L.SetTop(top)
		return nil, luaerr.From(luaerr.Stringify(L, err), "")
	}
	out := make([]any, 0, L.GetTop()-top)
	for i := top + 1; i <= L.GetTop(); i++ {
		out = append(out, vm.GoValue(L.Get(i)))
	}
	L.SetTop(top)
	return out, nil
}

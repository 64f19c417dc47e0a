package shards

import (
	"errors"
	"fmt"

	"github.com/btlua/btlua/host/internal/vm"
)

// Shard is what the engine needs of one shard: a Lua state with the
// agents (A) and loads (L) made in it. The host's state implements it.
type Shard[A Agent, L comparable] interface {
	// Load and Spawn are LoadFile and Spawn in the shard; its new load
	// is then the last of Loads.
	Load(path string) ([]A, error)
	Spawn(path string, args any) (A, error)
	// Loads are the shard's loads in call order, Agents its agents in
	// load order.
	Loads() []L
	Agents() []A
	// Tick ticks the shard's agents once with dt seconds and returns
	// their errors joined (errors.Join), or the one that ended the tick.
	Tick(dt float64) error
	// Own makes the calling goroutine the shard's user: a worker for
	// the parallel part of a frame, the caller after the join.
	Own()
	// DoString runs code in the shard and returns its values.
	DoString(code string) ([]any, error)
	// VM is the shard's Lua side: its state and global blackboard.
	VM() *vm.VM
	// Refuse reports msg, about a write of global variable name the
	// shard's script made that cannot cross to the other shards: raised
	// in the script under way, if any, else logged.
	Refuse(name, msg string)
	// Close ends the shard's Lua state (its agents were closed before).
	Close()
}

// Agent is the host's agent reference: comparable, with the error that
// stopped it (nil while it runs).
type Agent interface {
	comparable
	Err() error
}

// Engine drives the n shards of a sharded host: it places loads, ticks
// the shards in parallel (Crew) and joins each frame (prints, global
// writes and errors in agent order), holds the logical blackboard of the
// global variables (Globals) and the list of every agent in load order.
// It lives on the ticking goroutine.
type Engine[A Agent, L comparable] struct {
	shards []Shard[A, L]
	frames []*Frame[A]
	// Globals is the global variables' logical blackboard.
	Globals *Globals
	roster[A, L]
	place  placement
	strict func(error) (A, error)
	errs   []error // each shard's tick error, reused
	panics []any   // a shard goroutine's panic, re-raised by Repanic
	crew   *Crew   // the workers of shards 1 to n-1, from the first parallel frame
}

// Config is what New needs besides the shards.
type Config[A Agent, L comparable] struct {
	// AgentsOf returns a load's agents.
	AgentsOf func(L) []A
	// Strict finds a strict error (one that ends the tick) in err: its
	// agent and the error, or a nil error when err holds none.
	Strict func(err error) (A, error)
	// OnChange hears every change of a global variable, after it reached
	// every shard.
	OnChange func(name string, old, new any)
}

// New makes the engine of shards, whose standard outputs are frames
// (one each, same order), and hooks each shard's global blackboard.
func New[A Agent, L comparable](shards []Shard[A, L], frames []*Frame[A], c Config[A, L]) *Engine[A, L] {
	n := len(shards)
	e := &Engine[A, L]{shards: shards, frames: frames, strict: c.Strict,
		roster: roster[A, L]{agentsOf: c.AgentsOf, rank: map[A]int{}},
		errs:   make([]error, n), panics: make([]any, n)}
	vms := make([]*vm.VM, n)
	for i, s := range shards {
		vms[i] = s.VM()
	}
	e.Globals = newGlobals(vms, c.OnChange)
	for i := range shards {
		vms[i].Lib.Globals.OnSet(e.heard(i))
	}
	return e
}

// Shards returns the number of shards.
func (e *Engine[A, L]) Shards() int { return len(e.shards) }

// Load is LoadFile: in the next shard (see ExpectAgents), listed after
// the other loads when it succeeds.
func (e *Engine[A, L]) Load(path string) ([]A, error) {
	s := e.shards[e.place.next(len(e.shards))]
	agents, err := s.Load(path)
	if err == nil {
		e.place.advance()
		l := s.Loads()
		e.Place(l[len(l)-1])
	}
	return agents, err
}

// Spawn is Spawn: in the next shard, listed as Load.
func (e *Engine[A, L]) Spawn(path string, args any) (A, error) {
	s := e.shards[e.place.next(len(e.shards))]
	a, err := s.Spawn(path, args)
	if err == nil {
		e.place.advance()
		l := s.Loads()
		e.Place(l[len(l)-1])
	}
	return a, err
}

// ExpectAgents places the next n loads in runs of ceil(n / shards), the
// first run on shard 0; n <= 0 cancels the runs left.
func (e *Engine[A, L]) ExpectAgents(n int) { e.place.expect(n, len(e.shards)) }

// Relist rebuilds the list of agents from the loads after a reload
// changed the agents of some: each load's agents in call order, then the
// loads a reload started (a script whose first load had failed), shard
// by shard.
func (e *Engine[A, L]) Relist() {
	var more []L
	for _, s := range e.shards {
		more = append(more, s.Loads()...)
	}
	e.relist(more)
}

// DoString runs code in each shard in turn and returns shard 0's values.
// The first error stops it (the shards before kept what the chunk did).
func (e *Engine[A, L]) DoString(code string) ([]any, error) {
	var out []any
	for i, s := range e.shards {
		vals, err := s.DoString(code)
		if err != nil {
			return nil, fmt.Errorf("shard %d: %w", i, err)
		}
		if i == 0 {
			out = vals
		}
	}
	return out, nil
}

// Close ends the agents in agent order with closeAgent (their OnEnds'
// output in that order), stops the crew and closes every shard; it
// returns the agents' errors joined.
func (e *Engine[A, L]) Close(closeAgent func(A) error) error {
	var errs []error
	for _, a := range e.agents {
		if err := closeAgent(a); err != nil {
			errs = append(errs, err)
		}
	}
	if e.crew != nil {
		e.crew.Stop()
		e.crew = nil
	}
	for _, s := range e.shards {
		s.Close()
	}
	e.agents, e.loads = nil, nil
	clear(e.rank)
	return errors.Join(errs...)
}

// Crew returns the workers, nil before the first parallel frame.
func (e *Engine[A, L]) Crew() *Crew { return e.crew }

package engine

import (
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/stdlib/bt"
)

// streamHost is what the event stream reads of host h (stream.Host), the
// facade: every agent, and the global variables of its first state (a
// sharded host's shard 0 mirrors its logical blackboard).
type streamHost struct{ h *Runtime }

func (s streamHost) Agents() []*state.Agent { return s.h.eng.AgentList() }

func (s streamHost) Ticks() uint64 { return s.h.ticks }

func (s streamHost) Globals() *bt.Blackboard { return s.h.eng.States()[0].VM.Lib.Globals }

func (s streamHost) Value(v any) any { return vm.EventValue(v) }

func (s streamHost) Tree(a *state.Agent) *bt.BehaviorTree { return a.Tree().BT }

func (s streamHost) Root(a *state.Agent) (bt.Task, error) { return a.Tree().Root(), a.Tree().Err }

func (s streamHost) Observer(a *state.Agent) bt.Observer { return a.UserObserver }

func (s streamHost) Frame(a *state.Agent) *state.EventFrame {
	return a.State.Part.HeldEvents()
}

package engine

import (
	"github.com/btlua/btlua/host/internal/stream"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// hub is the host's event stream (package stream), made at the first
// Subscribe and kept for the host's life (it numbers the agents).
type hub = stream.Hub[*Agent, *ReloadReport]

// streamHost is what the event stream reads of host h (stream.Host), the
// facade: every agent, and the global variables of its first state (a
// sharded host's shard 0 mirrors its logical blackboard).
type streamHost struct{ h *Runtime }

func (s streamHost) Agents() []*Agent        { return s.h.eng.agentList() }
func (s streamHost) Ticks() uint64           { return s.h.ticks }
func (s streamHost) Globals() *bt.Blackboard { return s.h.eng.states()[0].vm.Lib.Globals }
func (s streamHost) Value(v any) any         { return vm.EventValue(v) }

func (s streamHost) Tree(a *Agent) *bt.BehaviorTree { return a.tree.BT }

func (s streamHost) Root(a *Agent) (bt.Task, error) { return a.tree.Root(), a.tree.Err }

func (s streamHost) Observer(a *Agent) bt.Observer { return a.observer }

func (s streamHost) Frame(a *Agent) *eventFrame {
	return a.host.part.heldEvents()
}

// live reports whether the host has listeners.
func (h *shared) live() bool { return h.events.Live() }

// stream returns the event stream h's agents report to while somebody
// listens, or nil.
func (h *shared) stream() *hub {
	if h.live() {
		return h.events
	}
	return nil
}

// watchOn reports whether the event stream's watch is the observer of
// agent a's current tree (it then hands a's observer the runs).
func (h *shared) watchOn(a *Agent) bool {
	return h.events.Observes(a, a.tree.BT)
}

// restarted tells the listeners that the error policy restarted agent
// a's tree (EventRestart); its next error is reported again.
func (h *shared) restarted(a *Agent) {
	if e := h.stream(); e != nil {
		e.Restarted(a)
	}
}

// reported tells the listeners about a reload of path.
func (h *shared) reported(path string, rep *ReloadReport, err error) {
	if h.live() {
		h.events.Reloaded(path, rep, err)
	}
}

// writeIn is the blackboard write hook of state s's library (the classic
// host's, or a shard's, whose frame holds the events of its ticks), and of
// a sharded host's logical blackboard of global variables: the write's
// values become Go values here, for a write somebody hears.
func (h *shared) writeIn(s *state, v btlib.VariableWrite) {
	e := h.events
	f, by := s.part.heldEvents(), s.part.writer()
	global := v.Blackboard == s.vm.Lib.Globals || v.Blackboard == h.board
	ev := e.Write(f, v.Blackboard, global, v.Name, v.Writer)
	if ev == nil {
		return
	}
	ev.Old = vm.EventValue(v.Old)
	if v.New != nil {
		ev.New = vm.EventLua(v.New, vm.EventDepth)
	}
	e.SendWrite(f, ev, by)
}

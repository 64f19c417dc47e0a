package state

import (
	"github.com/btlua/btlua/host/internal/stream"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
)

// Hub is the host's event stream (package stream), made at the first
// Subscribe and kept for the host's life (it numbers the agents).
type Hub = stream.Hub[*Agent, *ReloadReport]

// Live reports whether the host has listeners.
func (h *Shared) Live() bool { return h.Events.Live() }

// Stream returns the event Stream h's agents report to while somebody
// listens, or nil.
func (h *Shared) Stream() *Hub {
	if h.Live() {
		return h.Events
	}
	return nil
}

// restarted tells the listeners that the error policy restarted agent
// a's tree (EventRestart); its next error is reported again.
func (h *Shared) restarted(a *Agent) {
	if e := h.Stream(); e != nil {
		e.Restarted(a)
	}
}

// Reported tells the listeners about a reload of path.
func (h *Shared) Reported(path string, rep *ReloadReport, err error) {
	if h.Live() {
		h.Events.Reloaded(path, rep, err)
	}
}

// WriteIn is the blackboard write hook of state s's library (the classic
// host's, or a shard's, whose frame holds the events of its ticks), and of
// a sharded host's logical blackboard of global variables: the write's
// values become Go values here, for a write somebody hears.
func (h *Shared) WriteIn(s *State, v btlib.VariableWrite) {
	e := h.Events
	f, by := s.Part.HeldEvents(), s.Part.Writer()
	global := v.Blackboard == s.VM.Lib.Globals || v.Blackboard == h.Board
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

package host

import (
	"github.com/btlua/btlua/host/internal/engine"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/stream"
)

// EventKind says what an [Event] reports. Its String gives the kind's
// short name, as recordings spell it: "tick", "tree", "removed", "start",
// "status", "end", "var", "error", "reload", "tickend", "goap", "btai",
// "state", "restart".
type EventKind = stream.EventKind

const (
	// EventTickBegin opens a tick of the host (Tick, after the gate let
	// it through; see SetTickGate). Tick is the new tick count.
	EventTickBegin = stream.EventTickBegin
	// EventTree: an agent has a tree the listeners have not seen: at the
	// first tick after Subscribe, when an agent starts, and after a
	// structure-level reload replaced its tree. Nodes lists the tree's
	// tasks in depth-first order (a task's node number is its index);
	// EventVariable events for the variables its blackboard already holds
	// follow.
	EventTree = stream.EventTree
	// EventRemoved: a reload removed the agent (its tasks' ends, cause
	// reload, came before).
	EventRemoved = stream.EventRemoved
	// EventStarted: a run of Task (node Node) began, just before its
	// OnStart (bt.Observer.TaskStarted).
	EventStarted = stream.EventStarted
	// EventStatus: after the agent's tick, Task's status differs from the
	// one the listeners last heard (a task that started and is Running, a
	// precondition that failed its composite before it started, a
	// reset). They come in depth-first order after the tick's starts and
	// ends.
	EventStatus = stream.EventStatus
	// EventEnded: a run of Task ended, just after its OnEnd
	// (bt.Observer.TaskEnded), with Status (Running when ended early) and
	// Cause; ByNode is the node of Cause.By (none when Cause.By is nil).
	EventEnded = stream.EventEnded
	// EventVariable: a blackboard write: Name, Old, New (nil when the
	// name was deleted), Global when it landed in the global variables
	// (Agent is nil then), Writer the task whose SetVariable made it (nil
	// for a tree's SetVariable, SetGlobalVariable, Host.SetVariable and
	// the variables an EventTree lists) and WriterNode its node (none
	// without a Writer).
	EventVariable = stream.EventVariable
	// EventError: the agent's tick raised Err, which stopped the agent
	// (its runs under way stay as they were: no end is reported); Node
	// is the task it blames (the Task of a *luaerr.Error or
	// *luaerr.GoPanic), none when it blames no task of the tree. Also reported after the EventTree
	// of a tree stopped by an error before the listeners subscribed.
	EventError = stream.EventError
	// EventReload: a reload of Path ran (Host.Reload, or Watch through
	// ApplyReloads): Reload is its report, or Err why it failed and
	// changed nothing.
	EventReload = stream.EventReload
	// EventTickEnd closes the tick Tick: every agent has ticked.
	EventTickEnd = stream.EventTickEnd
	// EventGoap: a GOAP agent that a BTGoapAgentTask of the agent's tree
	// runs reported Goap (goal chosen, plan made or failed, action
	// started or ended, plan finished, aborted or interrupted, FSM state
	// pushed or popped; goap.AgentObserver), during the tree's tick. Task
	// and Node are the BTGoapAgentTask whose run it belongs to (the
	// running one when several tasks share the agent, else the last one
	// that ran); GoapAgent is the agent, for its Snapshot.
	EventGoap = stream.EventGoap
	// EventBTAI: a node of the BTAI tree that a BT.Root task (Task, node
	// Node) runs was ticked, during the tree's tick: BTAINode is its index
	// in btailib.TreeNodes(Task), BTAIState the state it returned
	// (btai.Observe). The BTAI nodes have no start or end of their own.
	EventBTAI = stream.EventBTAI
	// EventState: the state of Task when a Subscription began watching
	// the agent after its tree was reported (Subscription.Watch), or
	// when the EventTree of a tree that had ticked before (listeners that
	// subscribed after it ran) is observed: Status and Started (a run
	// under way), one per task in node order, then an EventBTAI for each
	// node of the BTAI tree of a BT.Root task under way that has ticked
	// (its last state), before the EventVariable events of the
	// blackboard's variables.
	EventState = stream.EventState
	// EventRestart: the error policy (RestartAgent) restarted the
	// agent's tree, stopped by its EventError, from its start task: the
	// ends of the runs the error had stopped (cause Halted) came before,
	// the tree's tick follows.
	EventRestart = stream.EventRestart
)

// Event is one entry of the host's event stream (see Subscribe): what a
// tree, a blackboard or the host did, in the order it happened. Fields
// that do not apply to Kind are zero (a zero NodeRef names no task);
// Old and New are Go values (nil, bool, float64, string, []any,
// map[string]any, Opaque, More, or a value set from Go as it was set);
// Goap is valid only during the listener's call. The fields of each kind
// are in docs/inspector.md, The event stream, and package
// host/internal/stream.
type Event = stream.Event[*Agent, *ReloadReport]

// Subscribe adds fn to the listeners of the host's event stream and
// returns the function that removes it. fn is called on the ticking
// goroutine, in event order; it may read the host but must not tick,
// reload or close it. The *Event is reused: valid only during the call.
// A sharded host sends the same stream, in agent order. A nil fn panics
// at once ("host: Subscribe: the listener is nil; ..."). While nobody
// listens the stream costs nothing. After Close it does nothing. See
// docs/inspector.md, The event stream.
func (h *Host) Subscribe(fn func(*Event)) (cancel func()) {
	return h.core().Subscribe(relay(fn))
}

// relay is fn as a listener of the engine's stream: each event, its
// agent made the Agent, in an Event of fn's own, reused (an Event is
// valid only during the call); nil for nil (refused).
func relay(fn func(*Event)) func(*engine.Event) {
	if fn == nil {
		return nil
	}
	var mine Event
	busy := false
	// last and lastPub are the agent of the last event and its Agent:
	// an agent's events come in a row.
	var last *state.Agent
	var lastPub *Agent
	return func(ev *engine.Event) {
		if ev.Agent != last {
			last, lastPub = ev.Agent, pub(ev.Agent)
		}
		if busy { // a listener whose call made another event
			nested := new(Event)
			stream.Relabel(nested, ev, lastPub)
			fn(nested)
			return
		}
		busy = true
		defer func() { busy = false }()
		stream.Relabel(&mine, ev, lastPub)
		fn(&mine)
	}
}

// Subscription is a listener of the event stream that hears the runs,
// blackboard writes, GOAP and BTAI events only of the agents it watches
// (Watch), and the rest (ticks, every agent's EventTree, EventError and
// EventRemoved, global variables, reloads) as Subscribe's listeners do.
// An agent nobody watches has no observer.
type Subscription struct {
	s *engine.Subscription
}

// SubscribeWatching adds fn to the listeners as a Subscription watching
// no agent yet; a nil fn panics as at Subscribe. Call it, Watch and
// Cancel on the ticking goroutine, between ticks. After Close it does
// nothing.
func (h *Host) SubscribeWatching(fn func(*Event)) *Subscription {
	return &Subscription{s: h.core().SubscribeWatching(relay(fn))}
}

// Watch starts (on) or stops hearing agent a's events: an agent whose
// tree was reported gets at once an EventState per task and an
// EventVariable per variable, then its events; another one from its
// EventTree on (Watch may be called while handling it). nil and an agent
// of another host are ignored.
func (s *Subscription) Watch(a *Agent, on bool) { s.core().Watch(a.core(), on) }

// Cancel removes the listener.
func (s *Subscription) Cancel() { s.core().Cancel() }

// core is the engine's subscription; nil for a nil or zero Subscription,
// which its methods refuse (ErrNotMade).
func (s *Subscription) core() *engine.Subscription {
	if s == nil {
		return nil
	}
	return s.s
}

// Ticks returns how many ticks the host has made: Tick calls that the gate
// (see SetTickGate) let through.
func (h *Host) Ticks() uint64 { return h.core().Ticks() }

// SetTickGate installs gate, called on the ticking goroutine at the start
// of every Tick after pending reloads: false skips the tick (no agent
// ticks, Ticks does not advance, Tick returns nil). A debugger pauses and
// steps with it; nil removes it; one gate per host.
func (h *Host) SetTickGate(gate func() bool) { h.core().SetTickGate(gate) }

// AgentID returns the number the event stream gives a (Event.AgentID), or
// 0 when the stream has not reported it yet, for nil and for an agent of
// another host.
func (h *Host) AgentID(a *Agent) int { return h.core().AgentID(a.core()) }

package host

import (
	"fmt"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/btai"
	"github.com/btlua/btlua/stdlib/goap"
)

// EventKind says what an [Event] reports.
type EventKind uint8

const (
	// EventTickBegin opens a tick of the host (Tick, after the gate let
	// it through; see SetTickGate). Tick is the new tick count.
	EventTickBegin EventKind = iota + 1
	// EventTree: an agent has a tree the listeners have not seen: at the
	// first tick after Subscribe, when an agent starts, and after a
	// structure-level reload replaced its tree. Nodes lists the tree's
	// tasks in depth-first order (a task's node number is its index);
	// EventVariable events for the variables its blackboard already holds
	// follow.
	EventTree
	// EventRemoved: a reload removed the agent (its tasks' ends, cause
	// reload, came before).
	EventRemoved
	// EventStarted: a run of Task (node Node) began, just before its
	// OnStart (bt.Observer.TaskStarted).
	EventStarted
	// EventStatus: after the agent's tick, Task's status differs from the
	// one the listeners last heard (a task that started and is Running, a
	// precondition that failed its composite before it started, a
	// reset). They come in depth-first order after the tick's starts and
	// ends.
	EventStatus
	// EventEnded: a run of Task ended, just after its OnEnd
	// (bt.Observer.TaskEnded), with Status (Running when ended early) and
	// Cause; ByNode is the node of Cause.By (none when Cause.By is nil).
	EventEnded
	// EventVariable: a blackboard write: Name, Old, New (nil when the
	// name was deleted), Global when it landed in the global variables
	// (Agent is nil then), Writer the task whose SetVariable made it (nil
	// for a tree's SetVariable, SetGlobalVariable, Host.SetVariable and
	// the variables an EventTree lists) and WriterNode its node (none
	// without a Writer).
	EventVariable
	// EventError: the agent's tick raised Err, which stopped the agent
	// (its runs under way stay as they were: no end is reported); Node
	// is the task it blames (the Task of a *luaerr.Error or
	// *luaerr.GoPanic), none when it blames no task of the tree. Also reported after the EventTree
	// of a tree stopped by an error before the listeners subscribed.
	EventError
	// EventReload: a reload of Path ran (Host.Reload, or Watch through
	// ApplyReloads): Reload is its report, or Err why it failed and
	// changed nothing.
	EventReload
	// EventTickEnd closes the tick Tick: every agent has ticked.
	EventTickEnd
	// EventGoap: a GOAP agent that a BTGoapAgentTask of the agent's tree
	// runs reported Goap (goal chosen, plan made or failed, action
	// started or ended, plan finished, aborted or interrupted, FSM state
	// pushed or popped; goap.AgentObserver), during the tree's tick. Task
	// and Node are the BTGoapAgentTask whose run it belongs to (the
	// running one when several tasks share the agent, else the last one
	// that ran); GoapAgent is the agent, for its Snapshot.
	EventGoap
	// EventBTAI: a node of the BTAI tree that a BT.Root task (Task, node
	// Node) runs was ticked, during the tree's tick: BTAINode is its index
	// in btailib.TreeNodes(Task), BTAIState the state it returned
	// (btai.Observe). The BTAI nodes have no start or end of their own.
	EventBTAI
	// EventState: the state of Task when a Subscription began watching
	// the agent after its tree was reported (Subscription.Watch), or
	// when the EventTree of a tree that had ticked before (listeners that
	// subscribed after it ran) is observed: Status and Started (a run
	// under way), one per task in node order, then an EventBTAI for each
	// node of the BTAI tree of a BT.Root task under way that has ticked
	// (its last state), before the EventVariable events of the
	// blackboard's variables.
	EventState
	// EventRestart: the error policy (RestartAgent) restarted the
	// agent's tree, stopped by its EventError, from its start task: the
	// ends of the runs the error had stopped (cause Halted) came before,
	// the tree's tick follows.
	EventRestart
)

var eventKindNames = [...]string{EventTickBegin: "tick", EventTree: "tree", EventRemoved: "removed",
	EventStarted: "start", EventStatus: "status", EventEnded: "end", EventVariable: "var",
	EventError: "error", EventReload: "reload", EventTickEnd: "tickend", EventGoap: "goap", EventBTAI: "btai", EventState: "state", EventRestart: "restart"}

// String returns the kind's short name, as recordings spell it: "tick",
// "tree", "removed", "start", "status", "end", "var", "error", "reload",
// "tickend", "goap", "btai", "state", "restart".
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return "?"
}

// Event is one entry of the host's event stream (see Subscribe): what a
// tree, a blackboard or the host did, in the order it happened. The
// fields that do not apply to Kind are zero (a zero NodeRef names no
// task).
type Event struct {
	Kind EventKind
	// Tick is the host's tick count (Host.Ticks) when the event happened:
	// the tick under way, or the last one between ticks.
	Tick uint64
	// Agent is the agent concerned (nil for global variables and
	// reloads); AgentID is its number, stable for the host's life (0 when
	// Agent is nil).
	Agent   *Agent
	AgentID int
	// Task is the task of EventStarted, EventStatus and EventEnded, and
	// Node its number in Nodes of the agent's last EventTree (none for
	// a task added to the tree after it was reported).
	Task bt.Task
	Node NodeRef
	// Status is the task's status (EventStatus, EventEnded, EventState);
	// Started tells whether a run of it is under way (EventState).
	Status  bt.Status
	Started bool
	// Cause is why the run ended (EventEnded); ByNode is Cause.By's
	// node, none when Cause.By is nil.
	Cause  bt.EndCause
	ByNode NodeRef
	// Nodes are the tasks of the agent's tree in depth-first order
	// (EventTree).
	Nodes []bt.Task
	// Name, Old, New, Global, Writer and WriterNode describe a blackboard
	// write (EventVariable). Old and New are Go values, converted from
	// Lua's when the event is made: nil, bool, float64 and string; a Lua
	// table as a []any (keys 1..n) or map[string]any of its first 16
	// fields, 2 levels deep, with a More for the fields left out; an
	// Opaque for a function, a coroutine, userdata or a deeper table. A
	// value set from Go (Agent.Set) is as it was set.
	Name       string
	Old, New   any
	Global     bool
	Writer     bt.Task
	WriterNode NodeRef
	// Path and Reload describe a reload (EventReload).
	Path   string
	Reload *ReloadReport
	// Err is the error of EventError and of a failed EventReload.
	Err error
	// Goap and GoapAgent describe a GOAP agent's event (EventGoap); Goap
	// is valid only during the listener's call, like the Event itself.
	Goap      *goap.AgentEvent
	GoapAgent *goap.Agent
	// BTAINode and BTAIState describe a BTAI node's tick (EventBTAI).
	BTAINode  int
	BTAIState btai.BTState
}

// Subscribe adds fn to the listeners of the host's event stream and
// returns the function that removes it. fn is called on the ticking
// goroutine, during Tick, Reload, SetVariable and Close, in event order;
// it may read the host and its trees but must not tick, reload or close
// it. The *Event is the hub's own, reused for the next event: valid only
// during the call (copy what is kept), and not to be modified. The first tick after Subscribe reports every agent's tree
// (EventTree) before anything else.
//
// A sharded host (Options.Shards >= 1) sends the same stream: the events
// its shards' agents make during a tick come after the join, in agent
// order (see event_frame.go and docs/agents-on-every-core.md), still on
// the ticking goroutine. A nil fn panics at once
// ("host: Subscribe: the listener is nil; ..."), not at the next Tick.
//
// While nobody listens the stream costs nothing: trees and GOAP agents
// have no observer, the blackboard has no write hook, and Tick takes its
// plain path.
// After Close it does nothing (fn is never called).
func (h *Host) Subscribe(fn func(*Event)) (cancel func()) {
	defer h.use("Subscribe").done()

	s := &subscriber{fn: fn, all: true}
	h.subscribe(s, "Subscribe")
	return func() {
		defer h.use("Subscribe's cancel").done()
		h.unsubscribe(s)
	}
}

// subscribe adds s to the listeners, starting the hub and the write hooks
// for the first.
func (h *Host) subscribe(s *subscriber, op string) {
	if s.fn == nil {
		panic(fmt.Sprintf("host: %s: the listener is nil; give a function that takes the *Event", op))
	}
	if h.refuseClosed("Subscribe") != nil {
		return
	}
	if h.events == nil {
		h.events = &hub{host: h, agents: map[*Agent]*watch{}, boards: map[*bt.Blackboard]*watch{}}
	}
	if len(h.events.subs) == 0 {
		h.hookWrites(true)
	}
	h.events.subs = append(h.events.subs, s)
	h.events.watchGen++
}

// Subscription is a listener of the event stream that hears the events
// of an agent's runs (EventStarted, EventStatus, EventEnded,
// EventState), of its blackboard (EventVariable), its GOAP agents and
// BTAI trees only for the agents it watches (Watch); the rest (ticks,
// every agent's EventTree, EventError and EventRemoved, global variables,
// reloads) it hears as Subscribe's listeners do. While no listener
// watches an agent, its tree has no observer: a debugger that shows one
// agent at a time costs the others next to nothing.
type Subscription struct {
	h *Host
	s *subscriber
}

// SubscribeWatching adds fn to the listeners as a Subscription watching
// no agent yet; a nil fn panics as at Subscribe. Call it, Watch and Cancel on the ticking goroutine,
// between ticks.
// After Close it does nothing (fn is never called).
func (h *Host) SubscribeWatching(fn func(*Event)) *Subscription {
	defer h.use("SubscribeWatching").done()

	s := &subscriber{fn: fn, agents: map[*Agent]bool{}}
	h.subscribe(s, "SubscribeWatching")
	return &Subscription{h: h, s: s}
}

// Watch starts (on) or stops hearing agent a's events: an agent whose
// tree was reported already gets at once an EventState for each task and
// an EventVariable for each variable its blackboard holds, then its
// events as they come; another one from its EventTree on. A listener
// may call Watch while it handles the agent's EventTree: the agent is
// then observed from that tree on, its variables reported after it.
// nil and an agent of another host are ignored.
func (s *Subscription) Watch(a *Agent, on bool) {
	defer s.use("Watch").done()

	if !s.h.owns(a) || s.s.agents[a] == on {
		return
	}
	if on {
		s.s.agents[a] = true
	} else {
		delete(s.s.agents, a)
	}
	e := s.h.events
	if e == nil {
		return
	}
	e.watchGen++
	if e.depth > 0 {
		// Called by a listener: the hub catches up when the event is
		// sent (an EventTree's agent is observed right after it) or at
		// the next tick.
		return
	}
	if w := e.agents[a]; w != nil && w.tree == a.tree.BT {
		// Reported already: now, so that a paused debugger shows it.
		switch {
		case on && w.live:
			// Observed for another listener: this one hears the state.
			w.states(s.s)
			e.variables(w.tree.Blackboard, w, s.s)
		case e.wants(a):
			w.observe(true)
		default:
			w.detach()
		}
	}
}

// Cancel removes the listener.
func (s *Subscription) Cancel() {
	defer s.use("Cancel").done()
	s.h.unsubscribe(s.s)
}

// use is Host.use for a method of s; a nil or zero Subscription is
// refused (ErrNotMade).
func (s *Subscription) use(op string) *Host {
	if s == nil || s.s == nil {
		panic(&useError{fmt.Sprintf("host: %s called on a Subscription not made by SubscribeWatching (nil or zero)", op), ErrNotMade})
	}
	return s.h.use(op)
}

func (h *Host) unsubscribe(s *subscriber) {
	e := h.events
	if e == nil {
		return
	}
	for i, x := range e.subs {
		if x == s {
			e.subs = append(e.subs[:i:i], e.subs[i+1:]...)
			break
		}
	}
	e.watchGen++
	if len(e.subs) > 0 {
		return
	}
	// The hub stays (it keeps the agents' numbers) without watches: a
	// later Subscribe reports every tree again.
	for a, w := range e.agents {
		w.detach()
		delete(e.agents, a)
	}
	e.synced = false
	h.hookWrites(false)
}

// Ticks returns how many ticks the host has made: Tick calls that the gate
// (see SetTickGate) let through.
func (h *Host) Ticks() uint64 {
	defer h.use("Ticks").done()
	return h.ticks
}

// SetTickGate installs gate, called on the ticking goroutine at the start
// of every Tick after pending reloads are applied: when it returns false
// the tick is skipped (no agent ticks, Ticks does not advance, Tick
// returns nil). A debugger uses it to pause, step and run its queued
// commands between ticks; nil removes it. There is one gate per host.
func (h *Host) SetTickGate(gate func() bool) {
	defer h.use("SetTickGate").done()
	h.gate = gate
}

// subscriber is one listener; a pointer, so that cancel finds it. all
// is set for Subscribe's listeners; the others hear the agents' events
// of the agents in agents only (Subscription).
type subscriber struct {
	fn     func(*Event)
	all    bool
	agents map[*Agent]bool
}

// AgentID returns the number the event stream gives a (Event.AgentID), or
// 0 when the stream has not reported it yet, for nil and for an agent of
// another host.
func (h *Host) AgentID(a *Agent) int {
	defer h.use("AgentID").done()

	if h.events == nil || !h.owns(a) {
		return 0
	}
	return h.events.ids[a]
}

// hookWrites installs (on) or removes the blackboard write hook of every
// Lua state whose scripts run: h's, or each shard's.
func (h *Host) hookWrites(on bool) {
	for _, s := range h.eng.states() {
		var fn func(btlib.VariableWrite)
		if on {
			fn = func(v btlib.VariableWrite) { h.events.writeIn(s, v) }
		}
		s.vm.Lib.SetWriteHook(fn)
	}
}

package stream

import (
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/btai"
	"github.com/btlua/btlua/stdlib/goap"
)

// Event is one entry of the host's event stream (host.Subscribe): what a
// tree, a blackboard or the host did, in the order it happened; A is the
// host's agent reference, R its reload report (host.Event is
// Event[*host.Agent, *host.ReloadReport]). The
// fields that do not apply to Kind are zero (a zero NodeRef names no
// task).
type Event[A comparable, R any] struct {
	Kind EventKind
	// Tick is the host's tick count (Host.Ticks) when the event happened:
	// the tick under way, or the last one between ticks.
	Tick uint64
	// Agent is the agent concerned (the zero A for global variables and
	// reloads); AgentID is its number, stable for the host's life (0
	// without an agent).
	Agent   A
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
	Reload R
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

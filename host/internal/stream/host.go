package stream

import "github.com/btlua/btlua/stdlib/bt"

// Host is what the stream reads of the host it serves and of its agents
// (A). The host implements it with a small adapter; every call is made on
// the goroutine the stream runs on.
type Host[A comparable, R any] interface {
	// Agents returns the host's agents in their order (not to be
	// modified).
	Agents() []A
	// Ticks returns the host's tick count, which events are stamped with.
	Ticks() uint64
	// Globals returns the global variables' blackboard.
	Globals() *bt.Blackboard
	// Value returns a blackboard value as an Event carries it (a Lua
	// value converted to Go's).
	Value(v any) any
	// Tree returns the core tree agent a ticks now (read for every agent
	// before each tick).
	Tree(a A) *bt.BehaviorTree
	// Root returns the root task of agent a's tree, and the error that
	// stopped it (nil while it runs).
	Root(a A) (root bt.Task, err error)
	// Observer returns the observer given to the agent (the host's
	// Agent.SetObserver), nil for none: the watch hands it the runs.
	Observer(a A) bt.Observer
	// Frame returns the frame of agent a's shard (see Frame), or nil on
	// the classic host.
	Frame(a A) *Frame[A, R]
}

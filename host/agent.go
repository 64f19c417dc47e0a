package host

import (
	"github.com/btlua/btlua/host/internal/agentctl"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/stdlib/bt"
)

// Agent is one running behavior tree of a Host, with the script that made
// it. Its blackboard variables are read and written from Go with Get,
// Set, GetFloat, GetString and GetBool, and heard with OnChange.
type Agent struct {
	// Source is the script file that returned the tree.
	Source string

	c *state.Agent // the engine's side of the agent
}

// core is the engine's side of a; nil for a nil or zero Agent, which its
// methods refuse (ErrNotMade).
func (a *Agent) core() *state.Agent {
	if a == nil {
		return nil
	}
	return a.c
}

// pub is the Agent of the engine's agent c, made at its first use; nil
// for nil.
func pub(c *state.Agent) *Agent {
	if c == nil {
		return nil
	}
	if a, ok := c.Pub.(*Agent); ok {
		return a
	}
	a := &Agent{Source: c.Source, c: c}
	c.Pub = a
	return a
}

// pubs is pub of each agent of cs, in order (nil for none).
func pubs(cs []*state.Agent) []*Agent {
	if len(cs) == 0 {
		return nil
	}
	out := make([]*Agent, len(cs))
	for i, c := range cs {
		out[i] = pub(c)
	}
	return out
}

// Running reports whether the agent's tree has neither completed nor been
// stopped by an error.
func (a *Agent) Running() bool {
	return a.core().Running()
}

// Status returns the root status of the last tick.
func (a *Agent) Status() bt.Status {
	return agentctl.Status(a.core())
}

// Err returns the error that stopped the agent, or nil.
func (a *Agent) Err() error {
	return a.core().Err()
}

// Name returns the tree's name: its "name" field, else its class's name
// (set when the tree first ticks; before, the start task's name).
// A nil or zero Agent (made by neither LoadFile nor Spawn; a
// StrictError's Agent may be nil) has the name "".
func (a *Agent) Name() string {
	return a.core().Name()
}

// Root returns the start task of the agent's tree (a reload that rebuilds
// the tree gives a new one), or nil.
func (a *Agent) Root() bt.Task {
	return agentctl.Root(a.core())
}

// Time returns the tree's clock: the seconds of delta time it has been
// ticked with.
func (a *Agent) Time() float64 {
	return agentctl.Time(a.core())
}

// Render returns the tree as indented text, one task a line: name, class
// and last status, with the nodes of a BT.Root's BTAI tree below it (text,
// btai type, last state; see bt.Render); "" for a tree without a start
// task.
func (a *Agent) Render() string {
	return agentctl.Render(a.core())
}

// SetObserver makes o hear every task start and end of the agent's tree
// (see bt.Observer; nil for none): the tree it ticks now and every tree a
// reload builds in its place (the old tree's tasks report their end with
// the cause bt.EndReload first). Without an observer, ticks stay
// allocation-free.
func (a *Agent) SetObserver(o bt.Observer) {
	agentctl.SetObserver(a.core(), o)
}

// Observer returns the observer given to SetObserver, or nil. (The event
// stream's own observer, while there are listeners, is not returned.)
func (a *Agent) Observer() bt.Observer {
	return agentctl.Observer(a.core())
}

// Halt ends the runs under way in the agent's tree, as Close does: OnEnd
// on the running tasks, deepest first, the observer hearing the cause
// bt.EndHalted (an error raised by an OnEnd stops the tree, see Err, and
// is logged). The tree is then complete: it is not ticked again unless it restarts when complete
// (tree:SetRestartWhenComplete), and a reload treats it as a completed
// tree (kept when its structure is the same, else rebuilt and run).
// The OnEnds run under the CPU budget; Halt called from a script the host
// is running is refused with a Lua error there.
// After Close it does nothing (Close halted the tree).
func (a *Agent) Halt() {
	agentctl.Halt(a.core())
}

// SetTickInterval sets the seconds of tick time between the agent's
// ticks (0, the default: every Tick), kept across reloads; the agent then
// ticks with the time since its last tick as dt. A negative, NaN or
// infinite interval is refused with an error naming the agent and the
// value. See docs/agents-on-every-core.md, Tick rates and a frame budget.
func (a *Agent) SetTickInterval(seconds float64) error {
	return agentctl.SetTickInterval(a.core(), seconds)
}

// TickInterval returns the seconds between the agent's ticks that
// SetTickInterval set (0: every Tick).
func (a *Agent) TickInterval() float64 {
	return agentctl.TickInterval(a.core())
}

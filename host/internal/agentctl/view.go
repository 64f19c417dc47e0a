package agentctl

import (
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/stdlib/bt"
)

// Status is host.Agent.Status: the root status of a's last tick.
func Status(a *state.Agent) bt.Status {
	defer a.Use("Status").Leave()
	return a.LastStatus
}

// Root is host.Agent.Root: the start task of a's tree, or nil.
func Root(a *state.Agent) bt.Task {
	defer a.Use("Root").Leave()
	return a.Tree().Root()
}

// Time is host.Agent.Time: the seconds of delta time a's tree has been
// ticked with.
func Time(a *state.Agent) float64 {
	defer a.Use("Time").Leave()
	return a.Tree().BT.Time()
}

// Render is host.Agent.Render: a's tree as indented text (bt.Render), ""
// without a start task.
func Render(a *state.Agent) string {
	defer a.Use("Render").Leave()

	if r := a.Tree().Root(); r != nil {
		return bt.Render(r)
	}
	return ""
}

package agentctl

import (
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/stdlib/bt"
)

// SetObserver is host.Agent.SetObserver: o hears a's tree's task starts
// and ends, and those of the trees a reload builds (state.Agent.Rebuild).
func SetObserver(a *state.Agent, o bt.Observer) {
	defer a.Use("SetObserver").Leave()

	a.UserObserver = o
	tr := a.Tree().BT
	if !a.State.Shared.Events.Observes(a, tr) {
		tr.Observer = o
	} // else the event stream's watch observes the tree and hands o the runs
}

// Observer is host.Agent.Observer: the observer SetObserver gave, or nil.
func Observer(a *state.Agent) bt.Observer {
	defer a.Use("Observer").Leave()

	return a.UserObserver
}

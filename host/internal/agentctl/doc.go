// Package agentctl is the facade's calls on one agent that the tick never
// makes: its tree seen from Go (Status, Root, Time, Render), its observer
// (SetObserver, Observer), Halt, its tick interval, its own error policy
// and its variables (Get, Set, the typed getters, Names, OnChange). Each
// is a function of a *state.Agent (host/internal/state), which package
// host's Agent methods call: it enters the agent's state's goroutine guard
// (a nil or zero agent refused with ErrNotMade) and does the work on the
// agent's exported parts. What the tick and the layers under the facade
// call stays on state.Agent; this package never imports the engine or the
// facade.
package agentctl

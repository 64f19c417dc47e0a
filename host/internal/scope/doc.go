// Package scope is a scope of blackboard variables seen from Go: an
// agent's tree's variables (embedded in state.Agent) and the host's
// global variables (Globals), with Get, Set, the typed getters, Names
// and OnChange, the values converted at the boundary (package
// host/internal/vars) and every call checked (a nil or zero scope
// refused, the owner's goroutine guard entered). What it reads and
// writes is its Owner's, the agent or the host: it knows no state,
// engine or facade.
package scope

package host

// This file holds Agent's own copies of the methods of its variables
// (variables.go): promoted from the embedded field, they would
// dereference a nil *Agent before any check, so each checks the agent
// first (guard.go) and then is the variables' method.

// Get is variables.Get on the agent's tree: the variable name as a Go
// value, or nil when it is not set (nor in the global variables).
func (a *Agent) Get(name string) any {
	a.check("Get")
	return a.variables.Get(name)
}

// Set is variables.Set on the agent's tree: it sets the variable name to
// value (nil deletes it).
func (a *Agent) Set(name string, value any) {
	a.check("Set")
	a.variables.Set(name, value)
}

// GetFloat is variables.GetFloat on the agent's tree.
func (a *Agent) GetFloat(name string) (float64, error) {
	if !a.made() {
		return 0, notMadeAgent("GetFloat")
	}
	return a.variables.GetFloat(name)
}

// GetString is variables.GetString on the agent's tree.
func (a *Agent) GetString(name string) (string, error) {
	if !a.made() {
		return "", notMadeAgent("GetString")
	}
	return a.variables.GetString(name)
}

// GetBool is variables.GetBool on the agent's tree.
func (a *Agent) GetBool(name string) (bool, error) {
	if !a.made() {
		return false, notMadeAgent("GetBool")
	}
	return a.variables.GetBool(name)
}

// Names is variables.Names on the agent's tree: the names of its
// variables, sorted.
func (a *Agent) Names() []string {
	a.check("Names")
	return a.variables.Names()
}

// OnChange is variables.OnChange on the agent's tree: fn hears every
// change of its variables (nil removes it).
func (a *Agent) OnChange(fn func(name string, old, new any)) {
	a.check("OnChange")
	a.variables.OnChange(fn)
}

// check panics with ErrNotMade when a is nil or zero.
func (a *Agent) check(op string) {
	if !a.made() {
		panic(notMadeAgent(op))
	}
}

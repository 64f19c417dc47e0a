package host

import "fmt"

// This file holds the Globals' own copies of the methods of its
// variables (variables.go), so that a nil *Globals is refused
// (ErrNotMade) rather than dereferenced; Globals.OnChange is in
// globals_frame.go.

// Get is variables.Get on the global variables.
func (g *Globals) Get(name string) any {
	g.check("Get")
	return g.variables.Get(name)
}

// Set is variables.Set on the global variables (nil deletes name).
func (g *Globals) Set(name string, value any) {
	g.check("Set")
	g.variables.Set(name, value)
}

// GetFloat is variables.GetFloat on the global variables.
func (g *Globals) GetFloat(name string) (float64, error) {
	if g == nil {
		return 0, notMadeGlobals("GetFloat")
	}
	return g.variables.GetFloat(name)
}

// GetString is variables.GetString on the global variables.
func (g *Globals) GetString(name string) (string, error) {
	if g == nil {
		return "", notMadeGlobals("GetString")
	}
	return g.variables.GetString(name)
}

// GetBool is variables.GetBool on the global variables.
func (g *Globals) GetBool(name string) (bool, error) {
	if g == nil {
		return false, notMadeGlobals("GetBool")
	}
	return g.variables.GetBool(name)
}

// Names is variables.Names on the global variables.
func (g *Globals) Names() []string {
	g.check("Names")
	return g.variables.Names()
}

// check panics with ErrNotMade when g is nil (a zero Globals is refused
// by its variables' guard).
func (g *Globals) check(op string) {
	if g == nil {
		panic(notMadeGlobals(op))
	}
}

// notMadeGlobals is the refusal of op on a nil Globals.
func notMadeGlobals(op string) error {
	return &useError{fmt.Sprintf("host: %s called on variables not made by a Host (a nil or zero Agent or Globals)", op), ErrNotMade}
}

package fsm

import "fmt"

// State is one state of a stack FSM.
//
// Enter is called once when the state is pushed (PushState, ReplaceState),
// Exit once when it is popped (PopState, ReplaceState, Clear). Update is
// called by FSM.Update while the state is on top of the stack; it may push,
// pop or replace states on fsm, including itself.
//
// The seed GOAP (goap-02) had only a delegate type FSMState(fsm, owner);
// StateFunc adapts that style, Funcs adds optional Enter/Exit hooks.
type State interface {
	Enter(owner any)
	Update(fsm *FSM, owner any)
	Exit(owner any)
}

// Namer is implemented by states that have a human readable name, used by
// StateName for tracing.
type Namer interface {
	Name() string
}

// StateFunc adapts a plain function to State (the seed's delegate style):
// Update calls the function, Enter and Exit do nothing.
type StateFunc func(fsm *FSM, owner any)

// Enter does nothing.
func (f StateFunc) Enter(owner any) {}

// Update calls f(fsm, owner).
func (f StateFunc) Update(fsm *FSM, owner any) { f(fsm, owner) }

// Exit does nothing.
func (f StateFunc) Exit(owner any) {}

// Funcs is a named State built from optional functions; a nil function is a
// no-op. It is the easiest shape for a scripting binding to fill from a table
// of callbacks. Use a *Funcs as the State so identity comparisons work.
type Funcs struct {
	// StateName is returned by Name.
	StateName string
	// OnEnter runs when the state is pushed.
	OnEnter func(owner any)
	// OnUpdate runs on each FSM.Update while the state is on top.
	OnUpdate func(fsm *FSM, owner any)
	// OnExit runs when the state is popped.
	OnExit func(owner any)
}

// Name returns f.StateName.
func (f *Funcs) Name() string { return f.StateName }

// Enter calls f.OnEnter if it is set.
func (f *Funcs) Enter(owner any) {
	if f.OnEnter != nil {
		f.OnEnter(owner)
	}
}

// Update calls f.OnUpdate if it is set.
func (f *Funcs) Update(fsm *FSM, owner any) {
	if f.OnUpdate != nil {
		f.OnUpdate(fsm, owner)
	}
}

// Exit calls f.OnExit if it is set.
func (f *Funcs) Exit(owner any) {
	if f.OnExit != nil {
		f.OnExit(owner)
	}
}

// StateName returns a tracing name for s: s.Name() if s implements Namer,
// "" for a nil state, otherwise its Go type (e.g. "fsm.StateFunc").
func StateName(s State) string {
	if s == nil {
		return ""
	}
	if n, ok := s.(Namer); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", s)
}

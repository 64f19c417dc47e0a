// Package fsm is a stack finite state machine: the state on top of the stack
// is the active one, pushing a state suspends the one below it and popping
// resumes it.
//
// It is the FSM of the seed GOAP (goap-02: PushState/PopState/Update(owner)
// over a stack of delegates) with its faults fixed: Update on an empty stack
// is a no-op instead of throwing, popping an empty stack is a no-op, states
// get Enter/Exit hooks, and ReplaceState, Top and Len are added.
//
// The package is pure Go and knows nothing of Lua; an FSM is not safe for
// concurrent use.
package fsm

// FSM is a stack of States. The zero value is an empty, ready to use FSM.
//
// Enter and Exit receive the FSM's owner: the value given to New, replaced by
// the owner of each Update call (so states pushed during Update see the same
// owner their Update saw).
type FSM struct {
	stack []State
	owner any
}

// New returns an empty FSM whose Enter/Exit hooks receive owner until the
// first Update.
func New(owner any) *FSM { return &FSM{owner: owner} }

// Owner returns the owner passed to Enter/Exit hooks (see FSM).
func (m *FSM) Owner() any { return m.owner }

// PushState pushes s on top of the stack and calls s.Enter(owner). The state
// below it stays on the stack, without Exit, and resumes when s is popped.
// A nil s is ignored.
func (m *FSM) PushState(s State) {
	if s == nil {
		return
	}
	m.stack = append(m.stack, s)
	s.Enter(m.owner)
}

// PopState removes the top state, calls its Exit(owner) and returns it.
// On an empty stack it does nothing and returns nil.
func (m *FSM) PopState() State {
	n := len(m.stack)
	if n == 0 {
		return nil
	}
	s := m.stack[n-1]
	m.stack[n-1] = nil
	m.stack = m.stack[:n-1]
	s.Exit(m.owner)
	return s
}

// ReplaceState pops the top state (if any, calling its Exit) and pushes s
// (calling its Enter): a transition that does not grow the stack. It returns
// the popped state or nil.
func (m *FSM) ReplaceState(s State) State {
	old := m.PopState()
	m.PushState(s)
	return old
}

// Clear pops every state, top first, calling each Exit.
func (m *FSM) Clear() {
	for len(m.stack) > 0 {
		m.PopState()
	}
}

// Top returns the active state, or nil when the stack is empty.
func (m *FSM) Top() State {
	if len(m.stack) == 0 {
		return nil
	}
	return m.stack[len(m.stack)-1]
}

// Len returns the number of states on the stack.
func (m *FSM) Len() int { return len(m.stack) }

// Update runs one tick: it records owner (see FSM) and calls Update on the
// state that is on top when Update starts; that state may change the stack,
// and the new top runs only on the next Update. On an empty stack Update is a
// no-op (the seed threw) and returns false; otherwise it returns true.
func (m *FSM) Update(owner any) bool {
	m.owner = owner
	s := m.Top()
	if s == nil {
		return false
	}
	s.Update(m, owner)
	return true
}

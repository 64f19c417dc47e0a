package stream

import "strconv"

// NodeRef names a task of an agent's tree by its node number (its index
// in the Nodes of the agent's last EventTree), or no task: the zero
// NodeRef, so an Event's node fields that do not apply are simply zero.
type NodeRef struct {
	n int // the node number + 1; 0 is none
}

// NodeAt returns the NodeRef of node number i (>= 0).
func NodeAt(i int) NodeRef { return NodeRef{n: i + 1} }

// Index returns the node number (0-based) and true, or 0 and false when
// r names no task.
func (r NodeRef) Index() (int, bool) {
	if r.n <= 0 {
		return 0, false
	}
	return r.n - 1, true
}

// Valid reports whether r names a task.
func (r NodeRef) Valid() bool { return r.n > 0 }

// Int returns the node number, or -1 when r names no task (as
// recordings spell it).
func (r NodeRef) Int() int { return r.n - 1 }

// String returns the node number in decimal, or "none".
func (r NodeRef) String() string {
	if r.n <= 0 {
		return "none"
	}
	return strconv.Itoa(r.n - 1)
}

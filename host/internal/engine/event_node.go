package engine

import "github.com/btlua/btlua/host/internal/stream"

// NodeRef names a task of an agent's tree by its node number (its index
// in the Nodes of the agent's last EventTree), or no task: the zero
// NodeRef, so an Event's node fields that do not apply are simply zero.
// Index returns the node number (0-based) and true, or 0 and false for
// none; Valid reports whether it names a task; Int returns the node
// number, or -1 for none (as recordings spell it); String the number in
// decimal, or "none".
type NodeRef = stream.NodeRef

// nodeAt returns the NodeRef of node number i (>= 0).
func nodeAt(i int) NodeRef { return stream.NodeAt(i) }

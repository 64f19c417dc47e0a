package host

import (
	"github.com/btlua/btlua/host/internal/entry"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/stream"
	"github.com/btlua/btlua/host/internal/vm"
)

// ErrConcurrentUse is wrapped by the refusal of a call made while another
// goroutine is inside the host:
// "host: Get called while another goroutine is inside the host ...".
var ErrConcurrentUse = entry.ErrConcurrentUse

// ErrNotMade is wrapped by the refusal of a call on a nil or zero Host,
// Agent, Globals or Subscription:
// "host: Tick called on a Host not made by host.New (nil or zero)".
var ErrNotMade = entry.ErrNotMade

// ErrClosed is wrapped by the errors of calls made after Close:
// "host: closed: LoadFile called after Close".
var ErrClosed = state.ErrClosed

// DefaultMaxStringSize is the maximum string size when Options.
// MaxStringSize is 0: 64 MiB.
const DefaultMaxStringSize = state.DefaultMaxStringSize

// DefaultMaxChunkSize is the largest chunk source loadstring and load
// compile when Options.MaxChunkSize is 0: 256 KiB.
const DefaultMaxChunkSize = vm.DefaultMaxChunkSize

// NodeRef names a task of an agent's tree by its node number (its index
// in the Nodes of the agent's last EventTree), or no task: the zero
// NodeRef, so an Event's node fields that do not apply are simply zero.
// Index returns the node number (0-based) and true, or 0 and false for
// none; Valid reports whether it names a task; Int returns the node
// number, or -1 for none (as recordings spell it); String the number in
// decimal, or "none".
type NodeRef = stream.NodeRef

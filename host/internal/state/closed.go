package state

import (
	"errors"
	"fmt"
)

// This file holds the guard of the host's entry points after Close: Close
// closes the Lua state (and a sharded host's shards), so every method that
// would run script work or touch that state checks here first. Those with
// an error result return one wrapping ErrClosed; those without do nothing
// (their doc comments say so).

// ErrClosed is wrapped by the errors of calls made after Close:
// "host: closed: LoadFile called after Close".
var ErrClosed = errors.New("host: closed")

// RefuseClosed returns an error wrapping ErrClosed, naming op, when Close
// has run; nil otherwise.
func (h *Shared) RefuseClosed(op string) error {
	if h.IsClosed {
		return fmt.Errorf("%w: %s called after Close", ErrClosed, op)
	}
	return nil
}

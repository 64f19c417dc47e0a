package entry

import (
	"errors"
	"fmt"
)

// ErrConcurrentUse is wrapped by the refusal of a call made while another
// goroutine is inside the host:
// "host: Get called while another goroutine is inside the host ...".
var ErrConcurrentUse = errors.New("host: used from two goroutines at once")

// ErrNotMade is wrapped by the refusal of a call on a nil or zero Host,
// Agent, Globals or Subscription:
// "host: Tick called on a Host not made by host.New (nil or zero)".
var ErrNotMade = errors.New("host: value not made by the host package")

// refusal is a refusal of the guard: its message, and the sentinel it
// wraps (ErrConcurrentUse or ErrNotMade).
type refusal struct {
	msg  string
	kind error
}

func (e *refusal) Error() string { return e.msg }
func (e *refusal) Unwrap() error { return e.kind }

// Refusal is the guard's refusal msg, wrapping kind (ErrConcurrentUse or
// ErrNotMade).
func Refusal(msg string, kind error) error { return &refusal{msg, kind} }

// ConcurrentUse is the refusal of op while another goroutine is inside.
func ConcurrentUse(op string) error {
	return Refusal(fmt.Sprintf("host: %s called while another goroutine is inside the host (ticking it, or in another call): "+
		"a Host and its agents are used from one goroutine at a time (Interrupt and Budgeted excepted)", op), ErrConcurrentUse)
}

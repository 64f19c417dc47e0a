package bt

// Timeout fails when its child runs too long (BehaviorTree.CPP's
// TimeoutNode: "halt() the child if it has been RUNNING for more than
// msec; return FAILURE"). Time is the tree's clock ([BehaviorTree.Time]),
// measured from the tree time at the Timeout's OnStart (elapsed 0 on that
// tick).
//
// Each tick, before ticking the child, the Timeout checks the elapsed
// time: when it is at least Duration seconds the running child is ended
// (OnEnd, deepest first; the Observer hears [EndTimedOut] by the Timeout)
// and the Timeout fails without ticking it; otherwise the child is ticked
// and its status returned. With dt = 1 and Duration = 2 the child is
// ticked on the first two ticks and the third fails. Duration <= 0 fails at once without ticking the child. The timer
// resets whenever the run ends, including when a parent ends it early.
// Without a child it panics (see [Decorator]).
type Timeout struct {
	Decorator
	// Duration is the time limit in seconds of tree time.
	Duration float64

	start float64
}

// NewTimeout returns a Timeout of seconds over child.
func NewTimeout(seconds float64, child Task) *Timeout {
	d := &Timeout{Duration: seconds}
	newDecorator(&d.Decorator, d, child)
	return d
}

// OnStart starts the timer.
func (d *Timeout) OnStart() { d.start = d.now() }

// OnUpdate checks the timer, then ticks the child.
func (d *Timeout) OnUpdate() Status {
	c := d.child()
	if elapsed(d.now(), d.start, d.Duration) {
		EndWith(c, EndCause{Kind: EndTimedOut, By: d.Self()})
		return Failure
	}
	return Tick(c)
}

// OnEnd resets the timer.
func (d *Timeout) OnEnd() { d.start = 0 }

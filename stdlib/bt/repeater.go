package bt

// Repeater runs its child again and again (Behavior Designer's Repeater:
// count, repeatForever, endOnFailure; BTAI's Repeat).
//
// Choice where the anchors disagree: Behavior Designer runs the child
// again in the same frame when it completes, BTAI returns Continue until
// the count is reached. Here the Repeater counts at most one child
// completion per tick: when the child finishes and more repetitions remain,
// the Repeater returns Running and the child's next run starts on the next
// tick. A Repeater over an instant child therefore takes Count ticks, and
// RepeatForever can never spin a tick forever.
//
// When the child finishes: with EndOnFailure a Failure ends the Repeater
// with Failure; otherwise, when Count completions have been reached (and
// RepeatForever is off), the Repeater ends with the child's last status
// (Behavior Designer returns the last child status). Count <= 0 without
// RepeatForever succeeds at once without running the child. The
// completion counter resets whenever the Repeater's run ends, including
// when a parent ends it early. Without a child it panics (see
// [Decorator]).
type Repeater struct {
	Decorator
	// Count is how many child completions end the Repeater.
	Count int
	// RepeatForever ignores Count.
	RepeatForever bool
	// EndOnFailure ends the Repeater with Failure on the first child
	// failure.
	EndOnFailure bool

	done int
}

// NewRepeater returns a Repeater running child count times.
func NewRepeater(count int, child Task) *Repeater {
	d := &Repeater{Count: count}
	newDecorator(&d.Decorator, d, child)
	return d
}

// NewRepeatForever returns a Repeater running child forever (until a
// parent ends it, or a failure when EndOnFailure is set).
func NewRepeatForever(child Task) *Repeater {
	d := &Repeater{RepeatForever: true}
	newDecorator(&d.Decorator, d, child)
	return d
}

// Completions returns how many times the child finished in this run.
func (d *Repeater) Completions() int { return d.done }

// OnUpdate ticks the child and counts its completions.
func (d *Repeater) OnUpdate() Status {
	c := d.child()
	if !d.RepeatForever && d.Count <= 0 {
		return Success
	}
	s := Tick(c)
	if s == Running {
		return Running
	}
	d.done++
	if d.EndOnFailure && s == Failure {
		return Failure
	}
	if !d.RepeatForever && d.done >= d.Count {
		return s
	}
	return Running
}

// OnEnd resets the completion counter.
func (d *Repeater) OnEnd() { d.done = 0 }

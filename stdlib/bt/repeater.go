package bt

// Repeater runs its child again and again (Behavior Designer's Repeater:
// count, repeatForever, endOnFailure; BTAI's Repeat; BehaviorTree.CPP's
// Repeat).
//
// When the child completes and more runs remain, the tree's
// [ExecutionType] decides when the next run starts: under NoDuplicates
// (the default, Behavior Designer's default) the Repeater returns Running
// and the next run starts on the next tick, so a Repeater over an instant
// child takes Count ticks; under Count it starts at once, in the same
// tick, up to the tree's per-tick cap on task executions (then Running,
// and the next run on the next tick), so Repeater(3) over an instant child
// succeeds on its first tick and RepeatForever can never spin a tick
// forever.
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
	for {
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
		if !runAgain(&d.TaskBase) {
			return Running
		}
	}
}

// OnEnd resets the completion counter.
func (d *Repeater) OnEnd() { d.done = 0 }

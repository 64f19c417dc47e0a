package bt

// Cooldown holds its child's result for a while (Behavior Designer's
// Cooldown: "waits the specified duration after the child has completed
// before returning the child's status of success or failure").
//
// The child is ticked until it finishes; from the tick it finishes, the
// Cooldown returns Running until Duration seconds of tree time
// ([BehaviorTree.Time]) have elapsed since that tick, then returns the
// child's status on the tick the duration is reached. The child is not
// ticked during the cooldown. Duration <= 0 passes the status through at
// once. With a fixed delta time dt the cooldown lasts ceil(Duration/dt)
// ticks after the child's last one (times are compared with a 1e-9 s
// tolerance against float rounding).
//
// Choice where the anchors disagree: engines such as Unreal use
// "cooldown" for a lockout that makes the branch fail until the time has
// passed, which outlives the decorator's run. This package follows
// Behavior Designer, so the cooldown timer belongs to the run and resets
// whenever the run ends, including when a parent ends it early: the next
// run starts the child afresh.
type Cooldown struct {
	Decorator
	// Duration is the cooldown in seconds of tree time.
	Duration float64

	cooling bool
	result  Status
	since   float64
}

// NewCooldown returns a Cooldown of seconds over child.
func NewCooldown(seconds float64, child Task) *Cooldown {
	d := &Cooldown{Duration: seconds}
	newDecorator(&d.Decorator, d, child)
	return d
}

// Cooling reports whether the child has finished and the Cooldown is
// waiting.
func (d *Cooldown) Cooling() bool { return d.cooling }

// OnUpdate ticks the child, then waits.
func (d *Cooldown) OnUpdate() Status {
	c := d.child()
	now := d.now()
	if !d.cooling {
		s := Tick(c)
		if s == Running {
			return Running
		}
		d.cooling, d.result, d.since = true, s, now
	}
	if !elapsed(now, d.since, d.Duration) {
		return Running
	}
	s := d.result
	d.cooling = false
	return s
}

// OnEnd resets the timer.
func (d *Cooldown) OnEnd() { d.cooling, d.result, d.since = false, Inactive, 0 }

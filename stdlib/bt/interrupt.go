package bt

// Interrupt runs its child until a PerformInterruption interrupts it
// (Behavior Designer's Interrupt: "the interrupt task will stop all child
// tasks from running if it is interrupted ... If no interruption happens
// and the child task completed then the interrupt task will return the
// value assigned by the child task").
//
// Choice: Behavior Designer stops the children at the moment of the
// interruption. To stay safe when the interruption comes from inside the
// child's own subtree, here [Interrupt.DoInterrupt] only records the
// request and the Interrupt acts on it at its next opportunity within the
// same flow of ticks: right after the child's Tick returns when the
// interruption happened during it (so the same tick), otherwise at the
// start of the Interrupt's next tick, before the child is ticked. Either
// way the running child is ended (OnEnd, deepest first; the Observer
// hears [EndInterrupted] by the Interrupt) and the Interrupt ends with the
// requested status. An interruption of an Interrupt that is not running is
// ignored; a pending one is dropped when the run ends. Without a child it
// panics (see [Decorator]).
type Interrupt struct {
	Decorator

	interrupted bool
	with        Status
}

// NewInterrupt returns an Interrupt over child.
func NewInterrupt(child Task) *Interrupt {
	d := &Interrupt{}
	newDecorator(&d.Decorator, d, child)
	return d
}

// DoInterrupt asks the running Interrupt to end with s (Success or
// Failure; anything else means Failure).
func (d *Interrupt) DoInterrupt(s Status) {
	if !d.started {
		return
	}
	if s != Success {
		s = Failure
	}
	d.interrupted, d.with = true, s
}

// Interrupted reports whether an interruption is pending.
func (d *Interrupt) Interrupted() bool { return d.interrupted }

// OnUpdate honours a pending interruption or ticks the child.
func (d *Interrupt) OnUpdate() Status {
	c := d.child()
	if !d.interrupted {
		s := Tick(c)
		if !d.interrupted {
			return s
		}
	}
	EndWith(c, EndCause{Kind: EndInterrupted, By: d.Self()})
	s := d.with
	d.interrupted = false
	return s
}

// OnEnd drops a pending interruption.
func (d *Interrupt) OnEnd() { d.interrupted = false }

// PerformInterruption interrupts Interrupt tasks (Behavior Designer's
// PerformInterruption: "perform the actual interruption. This will
// immediately stop the specified tasks from running and will return
// success or failure depending on the value of interrupt success"). Its
// OnUpdate calls DoInterrupt(With) on each target and succeeds in the same
// tick; see [Interrupt] for when the targets act.
type PerformInterruption struct {
	Action
	// Targets are the Interrupt tasks to interrupt.
	Targets []*Interrupt
	// With is the status the interrupted tasks end with (Behavior
	// Designer's interruptSuccess).
	With Status
}

// NewPerformInterruption returns a PerformInterruption making targets end
// with status.
func NewPerformInterruption(status Status, targets ...*Interrupt) *PerformInterruption {
	p := &PerformInterruption{With: status, Targets: targets}
	p.Init(p, "")
	return p
}

// OnUpdate interrupts the targets and succeeds.
func (p *PerformInterruption) OnUpdate() Status {
	for _, t := range p.Targets {
		if t != nil {
			t.DoInterrupt(p.With)
		}
	}
	return Success
}

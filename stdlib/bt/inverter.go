package bt

// Inverter inverts its child's result (Behavior Designer's Inverter,
// BehaviorTree.CPP's Inverter): Success becomes Failure and Failure
// becomes Success; Running stays Running. Without a child it panics
// (see [Decorator]).
type Inverter struct{ Decorator }

// NewInverter returns an Inverter over child (nil to add it later).
func NewInverter(child Task) *Inverter {
	d := &Inverter{}
	newDecorator(&d.Decorator, d, child)
	return d
}

// OnUpdate ticks the child and inverts a finished result.
func (d *Inverter) OnUpdate() Status {
	c := d.child()
	switch s := Tick(c); s {
	case Success:
		return Failure
	case Failure:
		return Success
	default:
		return s
	}
}

package bt

// ReturnSuccess succeeds whenever its child finishes (Behavior Designer's
// ReturnSuccess, BehaviorTree.CPP's ForceSuccess); while the child runs it
// is Running. Without a child it panics, like every decorator (see
// [Decorator]).
type ReturnSuccess struct{ Decorator }

// NewReturnSuccess returns a ReturnSuccess over child (nil to add it
// later).
func NewReturnSuccess(child Task) *ReturnSuccess {
	d := &ReturnSuccess{}
	newDecorator(&d.Decorator, d, child)
	return d
}

// OnUpdate ticks the child and turns a finished result into Success.
func (d *ReturnSuccess) OnUpdate() Status {
	c := d.child()
	if Tick(c) == Running {
		return Running
	}
	return Success
}

// ReturnFailure fails whenever its child finishes (Behavior Designer's
// ReturnFailure, BehaviorTree.CPP's ForceFailure); while the child runs it
// is Running. Without a child it panics.
type ReturnFailure struct{ Decorator }

// NewReturnFailure returns a ReturnFailure over child (nil to add it
// later).
func NewReturnFailure(child Task) *ReturnFailure {
	d := &ReturnFailure{}
	newDecorator(&d.Decorator, d, child)
	return d
}

// OnUpdate ticks the child and turns a finished result into Failure.
func (d *ReturnFailure) OnUpdate() Status {
	c := d.child()
	if Tick(c) == Running {
		return Running
	}
	return Failure
}

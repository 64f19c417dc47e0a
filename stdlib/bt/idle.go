package bt

// Idle never finishes: it returns Running on every tick (Behavior
// Designer's Idle, "returns a TaskStatus of running. Will only stop when
// interrupted or a conditional abort is triggered").
type Idle struct{ Action }

// NewIdle returns an Idle task.
func NewIdle() *Idle {
	i := &Idle{}
	i.Init(i, "")
	return i
}

// OnUpdate returns Running.
func (*Idle) OnUpdate() Status { return Running }

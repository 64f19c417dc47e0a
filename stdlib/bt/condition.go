package bt

// FuncCondition is a conditional task whose test is a Go function (BTAI's
// Condition: "returns Success if the given function returns true, Failure
// if false"). It embeds Conditional, so composites with conditional aborts
// re-evaluate it. A nil Fn fails (the warrior seed's Precondition is false
// without a function).
type FuncCondition struct {
	Conditional
	// Fn is the test; nil fails.
	Fn func() bool
}

// NewCondition returns a conditional task testing fn.
func NewCondition(fn func() bool) *FuncCondition {
	c := &FuncCondition{Fn: fn}
	c.Init(c, "")
	return c
}

// OnUpdate returns Success when Fn returns true, else Failure.
func (c *FuncCondition) OnUpdate() Status {
	if c.Fn != nil && c.Fn() {
		return Success
	}
	return Failure
}

// Check reports Fn's result, so a FuncCondition can also serve as a
// composite precondition (see Composite.AddCondition).
func (c *FuncCondition) Check() bool { return c.Fn != nil && c.Fn() }

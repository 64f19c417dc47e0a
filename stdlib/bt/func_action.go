package bt

// FuncAction is an action whose OnUpdate is a Go function returning the
// status (BTActionUniversal of the Lua behavior-tree series, BTAI's
// Action). Fn must return Success, Failure or Running.
type FuncAction struct {
	Action
	// Fn computes the status of each tick; nil succeeds.
	Fn func() Status
}

// NewFuncAction returns an action running fn each tick.
func NewFuncAction(fn func() Status) *FuncAction {
	a := &FuncAction{Fn: fn}
	a.Init(a, "")
	return a
}

// OnUpdate calls Fn; a nil Fn succeeds.
func (a *FuncAction) OnUpdate() Status {
	if a.Fn == nil {
		return Success
	}
	return a.Fn()
}

package goap

// Behavior is the runtime side of an Action: the seed's abstract methods
// Reset, IsDone, CheckProcedualPrecondition and Perform. Each hook gets the
// Action it belongs to, so one Behavior value can serve several actions and
// can read or set Target and InRange. agent is Agent.Owner (or the *Agent).
// A scripting binding implements Behavior by calling script methods.
type Behavior interface {
	// Reset clears per-step progress (called before planning and when a
	// step completes).
	Reset(a *Action)
	// IsDone reports whether the current step has completed.
	IsDone(a *Action) bool
	// CheckProceduralPrecondition reports whether a can be planned with now;
	// it may pick and set a.Target.
	CheckProceduralPrecondition(a *Action, agent any) bool
	// Perform runs one tick of the step; false aborts the plan.
	Perform(a *Action, agent any) bool
}

// BehaviorFuncs is a Behavior built from optional functions (easy to fill
// from a script table). Defaults for nil functions: OnReset does nothing,
// OnIsDone reports whether a Perform has succeeded since the last Reset,
// OnCheck and OnPerform return true, OnCanInterrupt returns false (a
// started step is not interrupted).
type BehaviorFuncs struct {
	OnReset        func(a *Action)                 // Behavior.Reset
	OnIsDone       func(a *Action) bool            // Behavior.IsDone
	OnCheck        func(a *Action, agent any) bool // Behavior.CheckProceduralPrecondition
	OnPerform      func(a *Action, agent any) bool // Behavior.Perform
	OnCanInterrupt func(a *Action, agent any) bool // Interruptible.CanInterrupt
}

// Reset calls OnReset if set.
func (b *BehaviorFuncs) Reset(a *Action) {
	if b.OnReset != nil {
		b.OnReset(a)
	}
}

// IsDone calls OnIsDone, or reports the action's done flag.
func (b *BehaviorFuncs) IsDone(a *Action) bool {
	if b.OnIsDone != nil {
		return b.OnIsDone(a)
	}
	return a.done
}

// CheckProceduralPrecondition calls OnCheck, or returns true.
func (b *BehaviorFuncs) CheckProceduralPrecondition(a *Action, agent any) bool {
	if b.OnCheck != nil {
		return b.OnCheck(a, agent)
	}
	return true
}

// Perform calls OnPerform, or returns true.
func (b *BehaviorFuncs) Perform(a *Action, agent any) bool {
	if b.OnPerform != nil {
		return b.OnPerform(a, agent)
	}
	return true
}

// CanInterrupt calls OnCanInterrupt, or returns false.
func (b *BehaviorFuncs) CanInterrupt(a *Action, agent any) bool {
	if b.OnCanInterrupt != nil {
		return b.OnCanInterrupt(a, agent)
	}
	return false
}

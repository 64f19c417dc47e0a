package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Unwrap returns the built-in behaviour, so that the core sees the
// composite or decorator behind the task (conditional aborts and
// preconditions hang off it).
func (t *Task) Unwrap() bt.Task { return t.Impl }

// OnConditionalAbort tells the composite that a conditional abort resumes
// at child index i (0-based in Go): the built-in composite's handler runs
// first, then the Lua OnConditionalAbort(index), with a 1-based index, when
// the class defines one.
func (t *Task) OnConditionalAbort(i int) {
	if h, ok := t.Impl.(bt.ConditionalAbortHandler); ok {
		h.OnConditionalAbort(i)
	}
	if fn := t.hook(hookAbort); fn != nil {
		t.class.lib.callArgs(t, fn, 0, t.Self, lua.LNumber(i+1))
	}
}

// Priority is Behavior Designer's GetPriority, read by PrioritySelector
// when its run starts: the Lua GetPriority() when the class defines one,
// else the built-in task's, else 0.
func (t *Task) Priority() float64 {
	if fn := t.hook(hookPriority); fn != nil {
		return t.class.lib.callNumber(t, fn, "GetPriority")
	}
	if p, ok := t.Impl.(bt.Prioritized); ok {
		return p.Priority()
	}
	return 0
}

// Utility is Behavior Designer's GetUtility, read by UtilitySelector every
// tick: the Lua GetUtility() when the class defines one, else the built-in
// task's, else 0.
func (t *Task) Utility() float64 {
	if fn := t.hook(hookUtility); fn != nil {
		return t.class.lib.callNumber(t, fn, "GetUtility")
	}
	if u, ok := t.Impl.(bt.UtilityScorer); ok {
		return u.Utility()
	}
	return 0
}

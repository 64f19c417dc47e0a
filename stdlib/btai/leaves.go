package btai

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
)

// Condition tests a function (BTAI's Condition): Tick returns Success when
// Fn returns true, Failure otherwise.
type Condition struct {
	// Fn is the test.
	Fn func() bool
	// Label is the node's name as the script gave it (see LabelOf).
	Label string
}

// NewCondition returns a Condition over fn (BTAI's BT.Condition(fn)).
func NewCondition(fn func() bool) *Condition { return &Condition{Fn: fn} }

// Tick calls Fn; see Condition.
func (c *Condition) Tick() BTState {
	if c.Fn() {
		return Success
	}
	return Failure
}

// String returns "Condition".
func (c *Condition) String() string { return "Condition" }

// Coroutine is a coroutine run by a RunCoroutine Action (BTAI's
// IEnumerator<BTState>).
type Coroutine interface {
	// Resume runs the coroutine to its next yield and returns the yielded
	// state with true, or false when the coroutine has finished.
	Resume() (BTState, bool)
	// Close ends a suspended coroutine for good; it is not resumed again.
	// Closing a finished or closed coroutine does nothing.
	Close()
}

// Action calls a function or runs a coroutine (BTAI's Action, made by
// BT.Call and BT.RunCoroutine).
//
// With Fn (BT.Call), Tick calls Fn and returns Success.
//
// With NewCoroutine (BT.RunCoroutine), Tick, as in BTAI: when no coroutine
// is under way, start one with NewCoroutine(); resume it; when it has
// finished, drop it and return Success; when it yielded Continue, return
// Continue (it resumes next tick); when it yielded any other state, close
// and drop it and return that state. If Resume panics (a script error),
// the coroutine is dropped first. Close (called by ResetChildren above
// the node and when the Root terminates) closes a suspended coroutine, so
// the next tick starts a new one.
type Action struct {
	// Fn is the function of BT.Call; nil for a coroutine action.
	Fn func()
	// NewCoroutine starts the coroutine of BT.RunCoroutine.
	NewCoroutine func() Coroutine
	// Label is the node's name as the script gave it (see LabelOf).
	Label string

	co Coroutine
}

// NewCall returns an Action that calls fn (BTAI's BT.Call(fn)).
func NewCall(fn func()) *Action { return &Action{Fn: fn} }

// NewRunCoroutine returns an Action that runs the coroutines newCoroutine
// starts (BTAI's BT.RunCoroutine(fn)).
func NewRunCoroutine(newCoroutine func() Coroutine) *Action {
	return &Action{NewCoroutine: newCoroutine}
}

// Suspended reports whether a coroutine is under way (started, not
// finished, not closed).
func (a *Action) Suspended() bool { return a.co != nil }

// Tick calls Fn or resumes the coroutine; see Action.
func (a *Action) Tick() BTState {
	if a.Fn != nil || a.NewCoroutine == nil {
		if a.Fn != nil {
			a.Fn()
		}
		return Success
	}
	co := a.co
	if co == nil {
		co = a.NewCoroutine()
	}
	a.co = nil // dropped if Resume panics
	st, ok := co.Resume()
	if !ok {
		return Success
	}
	if st == Continue {
		a.co = co
		return Continue
	}
	co.Close()
	return st
}

// Close closes a suspended coroutine; the next Tick starts a new one.
func (a *Action) Close() {
	if a.co != nil {
		co := a.co
		a.co = nil
		co.Close()
	}
}

// String returns "Action" or "Action : coroutine".
func (a *Action) String() string {
	if a.Fn == nil && a.NewCoroutine != nil {
		return "Action : coroutine"
	}
	return "Action"
}

// timeEpsilon absorbs the rounding of summed float delta times.
const timeEpsilon = 1e-9

// Wait waits for a number of seconds of the tree's clock (BTAI's Wait).
// Its Tick, as in BTAI: on the first tick of a wait the deadline is
// Now() + Seconds; when Now() >= deadline (within 1e-9 s) the wait is over:
// clear the deadline and return Success; else return Continue.
//
// Now is the clock in seconds (Unity's Time.time): a host passes the
// clock of the tree being ticked, which advances by the tick's delta time,
// so a fixed delta time gives exact tick counts. When the first tick
// happens at time t, the Wait returns Continue until the first tick at or
// after t + Seconds: with 60 ticks per second, Wait(5) returns Continue on
// 300 ticks and Success on the 301st. The deadline is kept across
// ResetChildren, as in BTAI.
type Wait struct {
	// Seconds is the duration.
	Seconds float64
	// Now returns the clock in seconds.
	Now func() float64

	future float64
	start  float64 // the clock when the wait under way was armed
	armed  bool
	done   bool // the last wait succeeded and no new one started
}

// NewWait returns a Wait of seconds on the clock now (BTAI's
// BT.Wait(seconds)).
func NewWait(seconds float64, now func() float64) *Wait { return &Wait{Seconds: seconds, Now: now} }

// Remaining returns the seconds left of a wait under way, or Seconds.
func (w *Wait) Remaining() float64 {
	if !w.armed {
		return w.Seconds
	}
	return w.future - w.Now()
}

// Elapsed returns the seconds elapsed of the wait under way (at most
// Seconds), Seconds when the last wait succeeded and no new one started,
// and 0 before the first tick.
func (w *Wait) Elapsed() float64 {
	switch {
	case w.armed:
		return min(max(w.Now()-w.start, 0), w.Seconds)
	case w.done:
		return w.Seconds
	}
	return 0
}

// Tick checks the clock; see Wait.
func (w *Wait) Tick() BTState {
	now := w.Now()
	if !w.armed {
		w.future, w.start = now+w.Seconds, now
		w.armed, w.done = true, false
	}
	if now+timeEpsilon >= w.future {
		w.armed, w.done = false, true
		return Success
	}
	return Continue
}

// String returns "Wait : elapsed / seconds" (see Elapsed), seconds
// rounded to microseconds ("Wait : 0.1 / 0.3", never
// 0.30000000000000004). BTAI's ToString showed the time left, future -
// Time.time, which before the first tick is meaningless (its future
// starts at -1); elapsed reads as progress, as Repeat's "current / count"
// does, and is 0 until the wait runs.
func (w *Wait) String() string {
	return "Wait : " + formatSeconds(w.Elapsed()) + " / " + formatSeconds(w.Seconds)
}

// formatSeconds formats s rounded to microseconds, shortest form ("0.3",
// "2", "0.333333"), so that float noise of summed delta times does not
// show. Durations too long to round (BT.Wait(math.huge), for ever) are
// printed as they are.
func formatSeconds(s float64) string {
	if math.Abs(s) < 1e15 {
		s = math.Round(s*1e6) / 1e6
		if s == 0 {
			s = 0 // no "-0"
		}
	}
	return strconv.FormatFloat(s, 'g', -1, 64)
}

// Terminate stops the tree (BTAI's Terminate): Tick returns Abort. A
// Sequence or Selector passes the Abort up and the Root terminates; a
// Block (If, While, Repeat) treats it like Success, as in BTAI, so a
// Terminate directly under a BT.If does not stop the tree.
type Terminate struct{}

// NewTerminate returns a Terminate (BTAI's BT.Terminate()).
func NewTerminate() *Terminate { return &Terminate{} }

// Tick returns Abort.
func (*Terminate) Tick() BTState { return Abort }

// String returns "Terminate".
func (*Terminate) String() string { return "Terminate" }

// Log prints a message (BTAI's Log, which calls Debug.Log): Tick writes
// Msg and a newline to Out (os.Stdout when nil) and returns Success.
type Log struct {
	// Msg is the message.
	Msg string
	// Out receives the message; nil means os.Stdout.
	Out io.Writer
}

// NewLog returns a Log of msg to out (BTAI's BT.Log(msg)).
func NewLog(msg string, out io.Writer) *Log { return &Log{Msg: msg, Out: out} }

// Tick prints Msg and returns Success.
func (l *Log) Tick() BTState {
	out := l.Out
	if out == nil {
		out = os.Stdout
	}
	fmt.Fprintln(out, l.Msg)
	return Success
}

// String returns "Log : msg".
func (l *Log) String() string { return "Log : " + l.Msg }

// BoolSetter is what SetBool sets: Unity's Animator.SetBool recast as an
// interface.
type BoolSetter interface {
	// SetBool sets the boolean parameter name to value.
	SetBool(name string, value bool)
}

// Triggerer is what Trigger sets: Unity's Animator.SetTrigger and
// ResetTrigger recast as an interface.
type Triggerer interface {
	// SetTrigger sets the trigger parameter name.
	SetTrigger(name string)
	// ResetTrigger unsets the trigger parameter name.
	ResetTrigger(name string)
}

// Activator is what SetActive switches: Unity's GameObject.SetActive
// recast as an interface.
type Activator interface {
	// SetActive switches the object on (true) or off (false).
	SetActive(active bool)
}

// StateChecker is what WaitForAnimatorState watches: whether the object is
// in the named state on a layer, a recast of Unity's
// Animator.GetCurrentAnimatorStateInfo(layer) compared with the state's
// name hash.
type StateChecker interface {
	// IsInState reports whether the object is in the state name on layer.
	IsInState(name string, layer int) bool
}

// SetBool sets a boolean parameter (BTAI's SetBool on an Animator): Tick
// calls Target.SetBool(Name, Value) and returns Success.
type SetBool struct {
	// Target is the object whose parameter is set (the Animator).
	Target BoolSetter
	// Name is the parameter's name.
	Name string
	// Value is the value to set.
	Value bool
}

// NewSetBool returns a SetBool (BTAI's BT.SetBool(animator, name, value)).
func NewSetBool(target BoolSetter, name string, value bool) *SetBool {
	return &SetBool{Target: target, Name: name, Value: value}
}

// Tick sets the parameter and returns Success.
func (s *SetBool) Tick() BTState { s.Target.SetBool(s.Name, s.Value); return Success }

// String returns "SetBool : name = value".
func (s *SetBool) String() string { return fmt.Sprintf("SetBool : %s = %v", s.Name, s.Value) }

// Trigger sets or resets a trigger (BTAI's Trigger on an Animator): Tick
// calls Target.SetTrigger(Name) when Set, else Target.ResetTrigger(Name),
// and returns Success.
type Trigger struct {
	// Target is the object whose trigger is set (the Animator).
	Target Triggerer
	// Name is the trigger's name.
	Name string
	// Set chooses SetTrigger (true) or ResetTrigger (false).
	Set bool
}

// NewTrigger returns a Trigger (BTAI's BT.Trigger(animator, name, set)).
func NewTrigger(target Triggerer, name string, set bool) *Trigger {
	return &Trigger{Target: target, Name: name, Set: set}
}

// Tick sets or resets the trigger and returns Success.
func (t *Trigger) Tick() BTState {
	if t.Set {
		t.Target.SetTrigger(t.Name)
	} else {
		t.Target.ResetTrigger(t.Name)
	}
	return Success
}

// String returns "Trigger : name" (or "Trigger : name (reset)").
func (t *Trigger) String() string {
	if t.Set {
		return "Trigger : " + t.Name
	}
	return "Trigger : " + t.Name + " (reset)"
}

// SetActive switches an object on or off (BTAI's SetActive on a
// GameObject): Tick calls Target.SetActive(Active) and returns Success.
type SetActive struct {
	// Target is the object switched (the GameObject).
	Target Activator
	// Active is the state to switch to.
	Active bool
}

// NewSetActive returns a SetActive (BTAI's BT.SetActive(gameObject,
// active)).
func NewSetActive(target Activator, active bool) *SetActive {
	return &SetActive{Target: target, Active: active}
}

// Tick switches the object and returns Success.
func (s *SetActive) Tick() BTState { s.Target.SetActive(s.Active); return Success }

// String returns "SetActive : active".
func (s *SetActive) String() string { return fmt.Sprintf("SetActive : %v", s.Active) }

// WaitForAnimatorState waits for a state (BTAI's WaitForAnimatorState):
// Tick returns Success when Target.IsInState(Name, Layer) is true, else
// Continue.
type WaitForAnimatorState struct {
	// Target is the object watched (the Animator).
	Target StateChecker
	// Name is the state's name.
	Name string
	// Layer is the layer index (Unity's layer, 0 for the base layer).
	Layer int
}

// NewWaitForAnimatorState returns a WaitForAnimatorState (BTAI's
// BT.WaitForAnimatorState(animator, name, layer)).
func NewWaitForAnimatorState(target StateChecker, name string, layer int) *WaitForAnimatorState {
	return &WaitForAnimatorState{Target: target, Name: name, Layer: layer}
}

// Tick checks the state; see WaitForAnimatorState.
func (w *WaitForAnimatorState) Tick() BTState {
	if w.Target.IsInState(w.Name, w.Layer) {
		return Success
	}
	return Continue
}

// String returns "Wait For State : name".
func (w *WaitForAnimatorState) String() string { return "Wait For State : " + w.Name }

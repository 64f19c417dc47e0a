package bt_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// wrap is shaped like the Lua binding's scripted task: it shares the
// wrapped task's TaskBase and forwards every hook to it.
type wrap struct {
	impl bt.Task
	prio float64
}

func newWrap(name string, impl bt.Task) *wrap {
	w := &wrap{impl: impl}
	impl.Base().Init(w, name)
	return w
}

func (w *wrap) Base() *bt.TaskBase  { return w.impl.Base() }
func (w *wrap) OnAwake()            { w.impl.OnAwake() }
func (w *wrap) OnStart()            { w.impl.OnStart() }
func (w *wrap) OnUpdate() bt.Status { return w.impl.OnUpdate() }
func (w *wrap) OnEnd()              { w.impl.OnEnd() }
func (w *wrap) OnReset()            { w.impl.OnReset() }
func (w *wrap) Unwrap() bt.Task     { return w.impl }
func (w *wrap) Priority() float64   { return w.prio }
func (w *wrap) Children() []bt.Task { return w.impl.(bt.ParentTask).Children() }
func (w *wrap) AddChild(c bt.Task) error {
	return w.impl.(bt.ParentTask).AddChild(c)
}

func TestWrapperSelfAbort(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	seq := bt.NewSequence()
	seq.Abort = bt.AbortSelf
	w := newWrap("W", seq)
	_ = w.AddChild(newCond(l, "C", true, false))
	_ = w.AddChild(newAct(l, "A", R))
	h.root(w)
	h.tick(R, "start W", "start C", "end C", "start A")
	h.tick(F, "start C", "end C", "end A", "end W")
}

func TestWrapperLowerPriorityThroughWrappedDecorator(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	g := bt.NewSequence()
	g.Abort = bt.AbortLowerPriority
	wg := newWrap("G", g)
	_ = wg.AddChild(newCond(l, "C", false, true))
	_ = wg.AddChild(newAct(l, "A", R))
	wd := newWrap("D", bt.NewReturnFailure(nil))
	_ = wd.AddChild(wg)
	h.root(name("Root", bt.NewSelector(wd, newAct(l, "B", R))))
	h.tick(R, "start Root", "start D", "start G", "start C", "end C", "end G", "end D", "start B")
	h.tick(R, "start C", "end C", "end B", "start D", "start G", "start A")
}

func TestWrapperPreconditionAndPriority(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	blocked := bt.NewSequence(newAct(l, "X"))
	blocked.AddCondition(bt.Precondition(func() bool { return false }))
	wb := newWrap("Blocked", blocked)
	wb.prio = 10
	wa := newWrap("Low", bt.NewSequence(newAct(l, "Y")))
	wa.prio = 1
	h.root(name("PS", bt.NewPrioritySelector(wa, wb)))
	// Blocked goes first by priority, and its precondition fails it unstarted.
	h.tick(S, "start PS", "start Low", "start Y", "end Y", "end Low", "end PS")
	if blocked.Status() != bt.Failure {
		t.Fatalf("blocked status %v", blocked.Status())
	}
}

package bt_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// R, S, F are short names for the statuses in scripts.
const (
	R = bt.Running
	S = bt.Success
	F = bt.Failure
)

// scriptAt returns the entry of script for the current tree tick (the
// last entry once the script is exhausted).
func scriptAt[T any](t bt.Task, script []T, zero T) T {
	if len(script) == 0 {
		return zero
	}
	i := 0
	if tr := t.Base().Tree(); tr != nil && tr.Ticks() > 0 {
		i = int(tr.Ticks()) - 1
	}
	return script[min(i, len(script)-1)]
}

// act is a scripted action: its status at tree tick n is script[n-1]; it
// logs "start NAME" and "end NAME".
type act struct {
	bt.Action
	log    *[]string
	script []bt.Status
}

func newAct(log *[]string, name string, script ...bt.Status) *act {
	a := &act{log: log, script: script}
	a.Init(a, name)
	return a
}

func (a *act) OnStart()            { *a.log = append(*a.log, "start "+a.Name) }
func (a *act) OnEnd()              { *a.log = append(*a.log, "end "+a.Name) }
func (a *act) OnUpdate() bt.Status { return scriptAt(a, a.script, bt.Success) }

// cond is a scripted conditional.
type cond struct {
	bt.Conditional
	log    *[]string
	script []bool
}

func newCond(log *[]string, name string, script ...bool) *cond {
	c := &cond{log: log, script: script}
	c.Init(c, name)
	return c
}

func (c *cond) OnStart() { *c.log = append(*c.log, "start "+c.Name) }
func (c *cond) OnEnd()   { *c.log = append(*c.log, "end "+c.Name) }
func (c *cond) OnUpdate() bt.Status {
	if scriptAt(c, c.script, true) {
		return bt.Success
	}
	return bt.Failure
}

// parentLog is an Observer logging the starts and ends of parent tasks
// (leaves log themselves).
type parentLog struct{ log *[]string }

func (o parentLog) TaskStarted(t bt.Task) {
	if _, ok := t.(bt.ParentTask); ok {
		*o.log = append(*o.log, "start "+t.Base().Name)
	}
}

func (o parentLog) TaskEnded(t bt.Task, _ bt.Status, _ bt.EndCause) {
	if _, ok := t.(bt.ParentTask); ok {
		*o.log = append(*o.log, "end "+t.Base().Name)
	}
}

// name sets t's name and returns t.
func name[T bt.Task](n string, t T) T {
	t.Base().Name = n
	return t
}

// harness ticks a tree and checks statuses and logs tick by tick.
type harness struct {
	t    *testing.T
	log  []string
	tree *bt.BehaviorTree
	dt   float64
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	return &harness{t: t, dt: 1}
}

func (h *harness) root(r bt.Task) *harness {
	h.tree = bt.NewBehaviorTree(r)
	h.tree.RestartWhenComplete = true
	h.tree.Observer = parentLog{&h.log}
	return h
}

// tick ticks once and checks the root status and the log of the tick.
func (h *harness) tick(want bt.Status, wantLog ...string) {
	h.t.Helper()
	h.log = h.log[:0]
	got := h.tree.Tick(h.dt)
	if wantLog == nil {
		wantLog = []string{}
	}
	logCopy := append([]string{}, h.log...)
	if got != want || !reflect.DeepEqual(logCopy, wantLog) {
		h.t.Fatalf("tick %d: got %v %q\nwant %v %q\ntree:\n%s", h.tree.Ticks(), got, strings.Join(logCopy, ", "), want, strings.Join(wantLog, ", "), bt.Render(h.tree.Root()))
	}
}

package bt_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/btlua/btlua/stdlib/bt"
)

// fakeClock is a profiler clock that moves only when a test says so.
type fakeClock struct{ ns int64 }

func (c *fakeClock) now() int64       { return c.ns }
func (c *fakeClock) advance(ns int64) { c.ns += ns }

// costly returns a named action that advances clock by cost ns per tick,
// of which lua ns inside a script hook of p (as the Lua binding reports
// it), and returns s.
func costly(clock *fakeClock, p **bt.Profiler, name string, cost, lua int64, s bt.Status) bt.Task {
	a := bt.NewFuncAction(func() bt.Status {
		clock.advance(cost - lua)
		if lua > 0 {
			m := (*p).LuaBegin()
			clock.advance(lua)
			(*p).LuaEnd(m)
		}
		return s
	})
	a.Name = name
	return a
}

func ns(n int64) time.Duration { return time.Duration(n) }

// TestProfileSelfAndTotal: per path, exact ticks, total, self and Lua time
// with a fake clock; the root's self time is its precondition's; rows are
// sorted by self time, highest first.
func TestProfileSelfAndTotal(t *testing.T) {
	clock := &fakeClock{}
	var p *bt.Profiler
	seq := bt.NewSequence(
		costly(clock, &p, "A", 3, 0, bt.Success),
		costly(clock, &p, "B", 7, 4, bt.Running),
	)
	seq.Name = "Root"
	seq.AddCondition(bt.NewCondition(func() bool { clock.advance(2); return true }))
	tree := bt.NewBehaviorTree(seq)
	p = bt.NewProfiler(clock.now)
	tree.Profiler = p
	for range 2 {
		tree.Tick(0.1)
	}
	// Tick 1: A then B; tick 2: B only (B is running, A is done).
	paths, classes := p.Rows()
	want := []bt.ProfileRow{
		{Name: "Root/B[2]", Ticks: 2, Total: ns(14), Self: ns(14), Lua: ns(8)},
		{Name: "Root", Ticks: 2, Total: ns(4 + 3 + 14), Self: ns(4)},
		{Name: "Root/A[1]", Ticks: 1, Total: ns(3), Self: ns(3)},
	}
	if !reflect.DeepEqual(paths, want) {
		t.Fatalf("paths:\n got %+v\nwant %+v", paths, want)
	}
	wantClasses := []bt.ProfileRow{
		{Name: "FuncAction", Ticks: 3, Total: ns(17), Self: ns(17), Lua: ns(8)},
		{Name: "Sequence", Ticks: 2, Total: ns(21), Self: ns(4)},
	}
	if !reflect.DeepEqual(classes, wantClasses) {
		t.Fatalf("classes:\n got %+v\nwant %+v", classes, wantClasses)
	}
	if n := tree.Executions(); n != 2 {
		t.Fatalf("executions of the last tick = %d, want 2 (the profiler must not count a Tick twice)", n)
	}
}

// TestProfileMergesTrees: two trees of the same shape on two profilers
// (two shards) sum by path; a tree without a profiler is not counted.
func TestProfileMergesTrees(t *testing.T) {
	clock := &fakeClock{}
	var p1, p2 *bt.Profiler
	mk := func(p **bt.Profiler, cost int64) *bt.BehaviorTree {
		s := bt.NewSequence(costly(clock, p, "Leaf", cost, 1, bt.Success))
		s.Name = "Root"
		tr := bt.NewBehaviorTree(s)
		tr.RestartWhenComplete = true
		return tr
	}
	t1, t2, t3 := mk(&p1, 2), mk(&p2, 5), mk(&p1, 100)
	p1, p2 = bt.NewProfiler(clock.now), bt.NewProfiler(clock.now)
	t1.Profiler, t2.Profiler = p1, p2
	for range 3 {
		t1.Tick(1)
		t2.Tick(1)
		t3.Tick(1) // no profiler
	}
	paths, classes := bt.MergeProfiles(p1, nil, p2)
	want := []bt.ProfileRow{
		{Name: "Root/Leaf[1]", Ticks: 6, Total: ns(21), Self: ns(21), Lua: ns(6)},
		{Name: "Root", Ticks: 6, Total: ns(21), Self: 0},
	}
	if !reflect.DeepEqual(paths, want) {
		t.Fatalf("paths:\n got %+v\nwant %+v", paths, want)
	}
	if len(classes) != 2 || classes[0].Name != "FuncAction" || classes[1].Name != "Sequence" {
		t.Fatalf("classes = %+v, want FuncAction then Sequence", classes)
	}
}

// TestProfileNestedLuaAndPanic: a script hook that ticks a child counts
// the child's time in the child, not as the parent's Lua time; a hook
// inside a hook of the same Tick is not counted twice; a panic in a task
// pops its frames, so the next tick is timed right.
func TestProfileNestedLuaAndPanic(t *testing.T) {
	clock := &fakeClock{}
	var p *bt.Profiler
	fail := false
	child := costly(clock, &p, "Child", 5, 2, bt.Success)
	boom := errors.New("boom")
	parent := &hookParent{run: func() bt.Status {
		defer p.LuaEnd(p.LuaBegin()) // as the Lua binding calls a hook
		clock.advance(1)
		inner := p.LuaBegin() // a hook called from a hook: counted once
		clock.advance(1)
		p.LuaEnd(inner)
		s := bt.Tick(child)
		if fail {
			panic(boom)
		}
		clock.advance(1)
		return s
	}}
	bt.NewDecoratorBase(&parent.Decorator, parent, "Parent")
	if err := parent.AddChild(child); err != nil {
		t.Fatal(err)
	}
	tree := bt.NewBehaviorTree(parent)
	tree.RestartWhenComplete = true
	p = bt.NewProfiler(clock.now)
	tree.Profiler = p
	tree.Tick(1)
	fail = true
	func() {
		defer func() {
			if r := recover(); r != boom {
				t.Fatalf("recovered %v, want boom", r)
			}
		}()
		tree.Tick(1)
	}()
	fail = false
	bt.Reset(parent)
	tree.Tick(1)
	paths, _ := p.Rows()
	want := []bt.ProfileRow{
		{Name: "Parent/Child[1]", Ticks: 3, Total: ns(15), Self: ns(15), Lua: ns(6)},
		{Name: "Parent", Ticks: 3, Total: ns(3*5 + 3 + 2 + 3), Self: ns(3 + 2 + 3), Lua: ns(3 + 2 + 3)},
	}
	if !reflect.DeepEqual(paths, want) {
		t.Fatalf("paths:\n got %+v\nwant %+v", paths, want)
	}
}

// hookParent is a decorator whose OnUpdate (run) ticks its child from
// inside a script hook, as a Lua OnUpdate may.
type hookParent struct {
	bt.Decorator
	run func() bt.Status
}

func (h *hookParent) OnUpdate() bt.Status { return h.run() }

// slowKind is a leaf whose kind takes clock time to find (as a script
// class's name may): the profiler's own work, which no row counts.
type slowKind struct {
	bt.Action
	clock *fakeClock
}

func (s *slowKind) Kind() string        { s.clock.advance(100); return "Slow" }
func (s *slowKind) OnUpdate() bt.Status { s.clock.advance(1); return bt.Success }

// TestProfileOwnTimeNotCounted: naming a task the profiler sees first
// (its path and kind) counts in no row, its parent's included.
func TestProfileOwnTimeNotCounted(t *testing.T) {
	clock := &fakeClock{}
	leaf := &slowKind{clock: clock}
	leaf.Init(leaf, "Leaf")
	seq := bt.NewSequence(leaf)
	seq.Name = "Root"
	tree := bt.NewBehaviorTree(seq)
	tree.RestartWhenComplete = true
	p := bt.NewProfiler(clock.now)
	tree.Profiler = p
	tree.Tick(1)
	tree.Tick(1)
	paths, classes := p.Rows()
	want := []bt.ProfileRow{
		{Name: "Root/Leaf[1]", Ticks: 2, Total: ns(2), Self: ns(2)},
		{Name: "Root", Ticks: 2, Total: ns(2)},
	}
	if !reflect.DeepEqual(paths, want) {
		t.Fatalf("paths:\n got %+v\nwant %+v", paths, want)
	}
	if classes[0].Name != "Slow" {
		t.Fatalf("classes = %+v, want Slow first", classes)
	}
}

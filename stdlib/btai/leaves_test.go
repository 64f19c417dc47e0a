package btai

import (
	"bytes"
	"fmt"
	"testing"
)

func TestStateNames(t *testing.T) {
	for s := Failure; s <= Abort; s++ {
		p, ok := ParseState(s.String())
		if !ok || p != s || !s.Valid() {
			t.Fatalf("%v", s)
		}
	}
	if BTState(7).String() != "BTState(7)" || BTState(7).Valid() {
		t.Fatal("invalid state")
	}
	if _, ok := ParseState("Running"); ok {
		t.Fatal("parsed Running")
	}
	if Failure != 0 || Success != 1 || Continue != 2 || Abort != 3 {
		t.Fatal("BTAI's enum order")
	}
}

func TestConditionCallTerminateLog(t *testing.T) {
	v := false
	c := NewCondition(func() bool { return v })
	if c.Tick() != Failure {
		t.Fatal("false")
	}
	v = true
	if c.Tick() != Success {
		t.Fatal("true")
	}
	n := 0
	if NewCall(func() { n++ }).Tick() != Success || n != 1 {
		t.Fatal("call")
	}
	if NewTerminate().Tick() != Abort {
		t.Fatal("terminate")
	}
	var b bytes.Buffer
	if NewLog("hello", &b).Tick() != Success || b.String() != "hello\n" {
		t.Fatalf("log %q", b.String())
	}
}

func TestRunCoroutine(t *testing.T) {
	rec := &recorder{}
	newCo, made := rec.coroutines(C, C)
	a := NewRunCoroutine(newCo)
	expect(t, a, rec,
		step{C, "co1:Continue"},
		step{C, "co1:Continue"},
		step{S, "co1:done"}, // finished: Success
		step{C, "co2:Continue"},
	)
	if !a.Suspended() || len(*made) != 2 {
		t.Fatal("suspended")
	}
	a.Close()
	if a.Suspended() || !(*made)[1].closed || rec.take() != "co2:closed" {
		t.Fatal("close")
	}
	a.Close() // nothing to close
	if rec.take() != "" {
		t.Fatal("second close")
	}
}

func TestRunCoroutineOtherStateDrops(t *testing.T) {
	rec := &recorder{}
	newCo, _ := rec.coroutines(C, F, C)
	a := NewRunCoroutine(newCo)
	expect(t, a, rec,
		step{C, "co1:Continue"},
		step{F, "co1:Failure co1:closed"}, // that state, coroutine dropped
		step{C, "co2:Continue"},
	)
	newAbort, _ := rec.coroutines(A)
	root := NewRoot().OpenBranch(NewSequence().OpenBranch(NewRunCoroutine(newAbort)))
	expect(t, root, rec, step{A, "co1:Abort co1:closed"}, step{A, ""})
}

type panicCoroutine struct{ closed bool }

func (p *panicCoroutine) Resume() (BTState, bool) { panic("script error") }
func (p *panicCoroutine) Close()                  { p.closed = true }

func TestRunCoroutinePanicDrops(t *testing.T) {
	n := 0
	a := NewRunCoroutine(func() Coroutine { n++; return &panicCoroutine{} })
	for i := 0; i < 2; i++ {
		func() {
			defer func() { recover() }()
			a.Tick()
		}()
		if a.Suspended() {
			t.Fatal("kept after a panic")
		}
	}
	if n != 2 {
		t.Fatalf("started %d coroutines", n)
	}
}

func TestRootTerminateClosesCoroutines(t *testing.T) {
	rec := &recorder{}
	newCo, made := rec.coroutines(C, C)
	root := NewRoot().OpenBranch(NewConditionalBranch(func() bool { return true }).OpenBranch(NewRunCoroutine(newCo)))
	expect(t, root, rec, step{C, "co1:Continue"})
	root.Terminate()
	if !(*made)[0].closed || rec.take() != "co1:closed" {
		t.Fatal("not closed")
	}
	expect(t, root, rec, step{A, ""})
}

func TestWaitTicksAtSixtyHertz(t *testing.T) {
	clk := &clock{}
	w := NewWait(5, clk.Now)
	dt := 1.0 / 60
	ticks := 0
	for {
		clk.now += dt
		ticks++
		if w.Tick() == Success {
			break
		}
		if ticks > 1000 {
			t.Fatal("never done")
		}
	}
	if ticks != 301 {
		t.Fatalf("Success on tick %d, want 301 (300 ticks of Continue)", ticks)
	}
	// The next tick starts a new wait.
	clk.now += dt
	if w.Tick() != Continue {
		t.Fatal("new wait")
	}
	if r := w.Remaining(); r < 4.99 || r > 5.0001 {
		t.Fatalf("remaining %v", r)
	}
}

func TestWaitDeadlineSurvivesReset(t *testing.T) {
	clk := &clock{now: 1}
	w := NewWait(1, clk.Now)
	seq := NewSequence().OpenBranch(w)
	if seq.Tick() != Continue {
		t.Fatal("armed")
	}
	seq.ResetChildren() // BTAI keeps the deadline
	clk.now = 2
	if seq.Tick() != Success {
		t.Fatal("deadline lost")
	}
	zero := NewWait(0, clk.Now)
	if zero.Tick() != Success {
		t.Fatal("zero wait")
	}
}

type animator struct{ calls []string }

func (a *animator) SetBool(name string, v bool) {
	a.calls = append(a.calls, fmt.Sprint("SetBool ", name, " ", v))
}
func (a *animator) SetTrigger(name string)   { a.calls = append(a.calls, "SetTrigger "+name) }
func (a *animator) ResetTrigger(name string) { a.calls = append(a.calls, "ResetTrigger "+name) }
func (a *animator) SetActive(v bool)         { a.calls = append(a.calls, fmt.Sprint("SetActive ", v)) }
func (a *animator) IsInState(name string, layer int) bool {
	a.calls = append(a.calls, fmt.Sprint("IsInState ", name, " ", layer))
	return len(a.calls) > 6
}

func TestAnimatorNodes(t *testing.T) {
	an := &animator{}
	seq := NewSequence().OpenBranch(
		NewSetBool(an, "run", true), NewTrigger(an, "jump", true), NewTrigger(an, "jump", false),
		NewSetActive(an, false), NewWaitForAnimatorState(an, "Idle", 1),
	)
	want := []BTState{C, C, C, C, C, C, S}
	for i, w := range want {
		if got := seq.Tick(); got != w {
			t.Fatalf("tick %d: %v, want %v (%v)", i+1, got, w, an.calls)
		}
	}
	exp := "[SetBool run true SetTrigger jump ResetTrigger jump SetActive false IsInState Idle 1 IsInState Idle 1 IsInState Idle 1]"
	if fmt.Sprint(an.calls) != exp {
		t.Fatalf("calls %v", an.calls)
	}
}

// TestSeedTestBT is the seed's TestBT tree, ticked at 60 Hz: the If fails
// (the target is not visible), the root moves to the sequence in the same
// tick, Walk runs; the Wait takes 300 ticks, then Turn, Wait 1 s (60
// ticks), Turn; the next pass sees the target: Aim, then Shoot and Walk.
func TestSeedTestBT(t *testing.T) {
	clk := &clock{}
	rec := &recorder{}
	visible := []bool{false, true}
	tests := 0
	call := func(name string) *Action { return NewCall(func() { rec.add("%s", name) }) }
	root := NewRoot().OpenBranch(
		NewConditionalBranch(func() bool {
			v := visible[tests%2]
			tests++
			rec.add("Test=%v", v)
			return v
		}).OpenBranch(call("Aim"), call("Shoot")),
		NewSequence().OpenBranch(call("Walk"), NewWait(5, clk.Now), call("Turn"), NewWait(1, clk.Now), call("Turn")),
	)
	got := map[int]string{}
	states := map[int]BTState{}
	for tick := 1; tick <= 400; tick++ {
		clk.now += 1.0 / 60
		states[tick] = root.Tick()
		if ev := rec.take(); ev != "" {
			got[tick] = ev
		}
	}
	want := map[int]string{
		1:   "Test=false Walk",
		303: "Turn",
		365: "Turn",
		366: "Test=true Aim",
		367: "Shoot Walk",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("trace\n got %v\nwant %v", got, want)
	}
	for tick, s := range states {
		w := Continue
		if tick == 365 {
			w = Success // the pass ends with the last Turn
		}
		if s != w {
			t.Fatalf("tick %d: %v, want %v", tick, s, w)
		}
	}
}

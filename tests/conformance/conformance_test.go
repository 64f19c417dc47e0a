package conformance_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/tests/conformance"
)

func TestGoLeaves(t *testing.T) {
	conformance.Run(t, conformance.GoLeaves{})
}

func TestCasesWellFormed(t *testing.T) {
	cases := conformance.Cases()
	if len(cases) < 60 {
		t.Fatalf("%d cases, want at least 60", len(cases))
	}
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Name] {
			t.Errorf("duplicate case %q", c.Name)
		}
		seen[c.Name] = true
		if c.Doc == "" || c.Build == nil || len(c.Steps) == 0 {
			t.Errorf("case %q lacks Doc, Build or Steps", c.Name)
		}
	}
	t.Logf("%d conformance cases", len(cases))
}

// forgetfulLeaves never log OnEnd.
type forgetfulLeaves struct{ conformance.GoLeaves }

type forgetfulAction struct{ conformance.ScriptedAction }

func (*forgetfulAction) OnEnd() {}

func (forgetfulLeaves) Action(name string, script []bt.Status, log *[]string) bt.Task {
	a := &forgetfulAction{}
	a.Script, a.Log = script, log
	a.Init(a, name)
	return a
}

// perCallLeaves index their scripts by call count instead of tree tick.
type perCallLeaves struct{ conformance.GoLeaves }

type perCallCond struct {
	conformance.ScriptedConditional
	calls uint64
}

func (c *perCallCond) OnUpdate() bt.Status {
	c.calls++
	if conformance.BoolAt(c.Script, c.calls) {
		return bt.Success
	}
	return bt.Failure
}

func (perCallLeaves) Conditional(name string, script []bool, log *[]string) bt.Task {
	c := &perCallCond{}
	c.Script, c.Log = script, log
	c.Init(c, name)
	return c
}

// plainLeaves' conditionals are not ConditionalTasks.
type plainLeaves struct{ conformance.GoLeaves }

func (plainLeaves) Conditional(name string, script []bool, log *[]string) bt.Task {
	st := make([]bt.Status, len(script))
	for i, v := range script {
		st[i] = bt.Failure
		if v {
			st[i] = bt.Success
		}
	}
	return conformance.GoLeaves{}.Action(name, st, log)
}

func TestSuiteCatchesBrokenLeaves(t *testing.T) {
	for _, c := range []struct {
		name string
		f    conformance.LeafFactory
		min  int
	}{
		{"no OnEnd", forgetfulLeaves{}, 40},
		// Conditionals are evaluated at most once per tick, so per-call
		// scripts only diverge where a conditional skips ticks.
		{"scripts per call", perCallLeaves{}, 1},
		{"conditionals not ConditionalTask", plainLeaves{}, 15},
	} {
		failed := 0
		for _, k := range conformance.Cases() {
			if conformance.RunCase(k, c.f) != nil {
				failed++
			}
		}
		if failed < c.min {
			t.Errorf("%s: only %d cases failed, want at least %d", c.name, failed, c.min)
		}
		t.Logf("%s: %d cases failed", c.name, failed)
	}
}

func TestScriptRules(t *testing.T) {
	s := []bt.Status{bt.Running, bt.Failure}
	for tick, want := range map[uint64]bt.Status{0: bt.Running, 1: bt.Running, 2: bt.Failure, 9: bt.Failure} {
		if got := conformance.StatusAt(s, tick); got != want {
			t.Errorf("StatusAt tick %d: %v want %v", tick, got, want)
		}
	}
	if conformance.StatusAt(nil, 3) != bt.Success || !conformance.BoolAt(nil, 3) || conformance.BoolAt([]bool{true, false}, 5) {
		t.Error("empty or exhausted scripts")
	}
}

package goap

import (
	"errors"
	"reflect"
	"testing"
)

// Each budget stops a search that needs more, with ErrBudget, the limit
// named in PlanError.Limit, no partial plan, and the planner usable after.
func TestPlanBudgetsStopWithKind(t *testing.T) {
	start, g, actions := resourceDomain(resourceSpec{Seed: 1, Tiers: 7, Actions: 30})
	cases := []struct {
		name  string
		p     *Planner
		limit string
	}{
		{"nodes", &Planner{MaxNodes: 500, MaxTime: -1, MaxBytes: -1}, LimitNodes},
		{"bytes", &Planner{MaxNodes: 1 << 30, MaxTime: -1, MaxBytes: 1 << 20}, LimitBytes},
		{"time", &Planner{MaxNodes: 1 << 30, MaxTime: 1, MaxBytes: -1}, LimitTime},
	}
	for _, c := range cases {
		plan, err := c.p.Plan(start, g, actions)
		var pe *PlanError
		if !errors.Is(err, ErrBudget) || !errors.As(err, &pe) || pe.Limit != c.limit || plan.Actions != nil {
			t.Fatalf("%s: plan %v err %v (%#v)", c.name, plan, err, pe)
		}
		switch c.limit {
		case LimitNodes:
			if plan.Expanded != 500 || pe.Detail != "node budget of 500 expansions reached" {
				t.Fatalf("nodes: expanded %d, detail %q", plan.Expanded, pe.Detail)
			}
		case LimitBytes:
			if b := c.p.searchBytes(); b < 1<<20 || b > 1<<20+4096 {
				t.Fatalf("bytes: stopped at %d bytes", b)
			}
		case LimitTime:
			if plan.Expanded != 64 { // the clock is read every 64 expansions
				t.Fatalf("time: expanded %d", plan.Expanded)
			}
		}
	}
	// The default node and memory budgets: the node budget stops a
	// uniform-cost search (no heuristic) of the 30-action, 23-step domain
	// first (with the heuristic it takes ~14 000 expansions). (The time
	// budget is off here: how far a second gets depends on the machine and
	// the race detector.)
	p := &Planner{MaxTime: -1, DisableHeuristic: true}
	_, err := p.Plan(start, g, actions)
	var pe *PlanError
	if !errors.As(err, &pe) || pe.Limit != LimitNodes {
		t.Fatalf("defaults: %v", err)
	}
	p.DisableHeuristic = false
	if _, err := p.Plan(resourceDomain(resourceSpec{Seed: 1, Tiers: 2, Actions: 20})); err != nil {
		t.Fatalf("planner unusable after a budget stop: %v", err)
	}
}

// Weighted A* keeps its bound: cost <= Weight * optimal on the family.
func TestPlanWeightedBound(t *testing.T) {
	opt, w := &Planner{}, &Planner{Weight: 2}
	worse := 0
	for _, spec := range resourceFamily() {
		start, g, actions := resourceDomain(spec)
		a, err := opt.Plan(start, g, actions)
		if err != nil {
			t.Fatal(spec, err)
		}
		b, err := w.Plan(start, g, actions)
		if err != nil {
			t.Fatal(spec, err)
		}
		if b.Cost < a.Cost || b.Cost > 2*a.Cost {
			t.Fatalf("%v: weighted cost %v, optimal %v", spec, b.Cost, a.Cost)
		}
		if b.Cost > a.Cost {
			worse++
		}
	}
	if worse == 0 {
		t.Fatalf("weight 2 never traded cost for speed on the family: the test does not exercise the bound")
	}
}

// A Request stepped a few expansions at a time returns exactly what one
// Plan call returns (plan, cost, counters), also for failures.
func TestRequestSameAsOneShot(t *testing.T) {
	for _, spec := range append(resourceFamily()[:10], resourceSpec{Seed: 1, Tiers: 7, Actions: 30}) {
		start, g, actions := resourceDomain(spec)
		// No time limit: the node budget alone ends a search, so the
		// result does not depend on how busy the machine is.
		want, wantErr := (&Planner{MaxNodes: 3000, MaxTime: -1}).Plan(start, g, actions)
		p := &Planner{MaxNodes: 3000, MaxTime: -1}
		r := p.Begin(start, g, actions)
		calls := 0
		for !r.Step(7) {
			calls++
			if r.Done() || r.Expanded() != 7*calls {
				t.Fatalf("%v: after %d calls expanded %d", spec, calls, r.Expanded())
			}
		}
		got, err := r.Result()
		if !reflect.DeepEqual(got.Names(), want.Names()) || got.Cost != want.Cost || got.Expanded != want.Expanded ||
			got.Visited != want.Visited || (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
			t.Fatalf("%v: stepped %v %v, one-shot %v %v", spec, got, err, want, wantErr)
		}
		if want.Expanded > 7 && calls == 0 {
			t.Fatalf("%v: never paused", spec)
		}
	}
	// A later Plan on the same Planner supersedes a pending request.
	start, g, actions := resourceDomain(resourceSpec{Seed: 1, Tiers: 3, Actions: 30})
	p := &Planner{}
	r := p.Begin(start, g, actions)
	if r.Step(1) {
		t.Fatal("done after one expansion")
	}
	p.Plan(start, g, actions)
	if !r.Step(1000) {
		t.Fatal("superseded request not done")
	}
	if _, err := r.Result(); !errors.Is(err, ErrInvalid) {
		t.Fatalf("superseded: %v", err)
	}
}

// The pool gives the serial results, in job order, for any worker count
// (run with -race: the planners share only the read-only actions).
func TestPoolDeterministic(t *testing.T) {
	var jobs []Job
	for _, spec := range resourceFamily() {
		start, g, actions := resourceDomain(spec)
		jobs = append(jobs, Job{start, g, actions})
		jobs = append(jobs, Job{start, g, actions}) // the same actions planned twice at once
	}
	serial := &Planner{MaxTime: -1}
	var want []Result
	for _, j := range jobs {
		plan, err := serial.Plan(j.Start, j.Goal, j.Actions)
		want = append(want, Result{plan, err})
	}
	for _, workers := range []int{1, 2, 4} {
		pool := &Pool{Workers: workers, Config: Planner{MaxTime: -1}}
		got := pool.PlanAll(jobs)
		for i := range jobs {
			if !reflect.DeepEqual(got[i].Plan.Names(), want[i].Plan.Names()) || got[i].Plan.Cost != want[i].Plan.Cost ||
				got[i].Plan.Expanded != want[i].Plan.Expanded || (got[i].Err == nil) != (want[i].Err == nil) {
				t.Fatalf("workers %d job %d: %v %v, serial %v %v", workers, i, got[i].Plan, got[i].Err, want[i].Plan, want[i].Err)
			}
		}
	}
	cf := act("Costly", 1, nil, Set("x", T))
	cf.CostFunc = func(StateReader) float64 { return 1 }
	res := (&Pool{}).PlanAll([]Job{{NewWorldState(), goal("x", Is("x", T)), []*Action{cf}}})
	if !errors.Is(res[0].Err, ErrInvalid) {
		t.Fatalf("CostFunc job: %v", res[0].Err)
	}
}

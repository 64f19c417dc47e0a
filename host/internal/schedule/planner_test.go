package schedule

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

// agent is a test's slot with its fake cost, lane and activity.
type agent struct {
	slot   Slot
	cost   time.Duration
	lane   int
	active bool
}

// frames plans len(want) frames of dt seconds for agents (ticking those
// that run: Observe with their fake cost) and returns, per frame, the
// agents that ran with their dt: "0:0.1 2:0.2".
func frames(t *testing.T, p *Planner, agents []*agent, dt float64, count, lanes int) []string {
	t.Helper()
	var out []string
	clock := 0.0
	for f := 0; f < count; f++ {
		clock += dt
		p.Plan(clock, dt, len(agents), lanes, func(i int) Item {
			return Item{Slot: &agents[i].slot, Lane: agents[i].lane}
		}, func(i int) bool { return agents[i].active })
		var ran []string
		for i, a := range agents {
			if a.slot.Run && a.active {
				ran = append(ran, fmt.Sprintf("%d:%.4g", i, a.slot.DT))
				p.Observe(&a.slot, a.cost)
			}
		}
		out = append(out, strings.Join(ran, " "))
	}
	return out
}

func newAgents(n int, interval float64, cost time.Duration) []*agent {
	out := make([]*agent, n)
	for i := range out {
		out[i] = &agent{cost: cost, active: true}
		if err := out[i].slot.SetInterval(interval); err != nil {
			panic(err)
		}
	}
	return out
}

func TestPlanFrames(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name   string
		agents func() []*agent
		budget time.Duration
		lanes  int
		dt     float64
		want   []string
	}{
		{
			name:   "no interval, no budget: every agent every frame with the frame's dt",
			agents: func() []*agent { return newAgents(3, 0, ms) },
			dt:     0.1,
			want:   []string{"0:0.1 1:0.1 2:0.1", "0:0.1 1:0.1 2:0.1"},
		},
		{
			name: "intervals: first tick at once, then when the interval has passed, dt since the last",
			agents: func() []*agent {
				a := newAgents(3, 0, ms)
				a[1].slot.SetInterval(0.2)
				a[2].slot.SetInterval(0.3)
				return a
			},
			dt: 0.1,
			want: []string{
				"0:0.1 1:0.1 2:0.1",
				"0:0.1",
				"0:0.1 1:0.2",
				"0:0.1 2:0.3",
				"0:0.1 1:0.2",
				"0:0.1",
				"0:0.1 1:0.2 2:0.3",
			},
		},
		{
			name:   "budget: round-robin from where the last frame stopped, skipped agents owe their dt",
			agents: func() []*agent { return newAgents(5, 0, 2*ms) },
			budget: 5 * ms, lanes: 1, dt: 0.1,
			want: []string{
				"0:0.1", // nothing measured yet: one agent
				"1:0.2 2:0.2",
				"3:0.3 4:0.3",
				"0:0.3 1:0.2",
				"2:0.3 3:0.2",
				"0:0.2 4:0.3",
			},
		},
		{
			name:   "a frame always makes progress: one agent over the budget still runs",
			agents: func() []*agent { return newAgents(2, 0, 10*ms) },
			budget: 4 * ms, lanes: 1, dt: 0.1,
			want: []string{"0:0.1", "1:0.2", "0:0.2", "1:0.2"},
		},
		{
			name: "lanes: each lane has the whole budget and its own round-robin",
			agents: func() []*agent {
				a := newAgents(6, 0, 2*ms)
				for i := range a {
					a[i].lane = i % 2
				}
				return a
			},
			budget: 4 * ms, lanes: 2, dt: 0.1,
			want: []string{
				"0:0.1 1:0.1", // nothing measured yet: one agent a lane
				"2:0.2 3:0.2 4:0.2 5:0.2",
				"0:0.2 1:0.2 2:0.1 3:0.1",
				"0:0.1 1:0.1 4:0.2 5:0.2",
			},
		},
		{
			// A sharded host puts announced agents in runs, one run per
			// shard: a lane that is full must not stop the others.
			name: "lanes in runs: a full lane leaves the other lanes going",
			agents: func() []*agent {
				a := newAgents(6, 0, 2*ms)
				for i := range a {
					a[i].lane = i / 4
				}
				return a
			},
			budget: 4 * ms, lanes: 2, dt: 0.1,
			want: []string{
				"0:0.1 4:0.1",
				"1:0.2 2:0.2 4:0.1 5:0.2",
				"0:0.2 3:0.3 4:0.1 5:0.1",
			},
		},
		{
			name: "inactive agents cost nothing and record no tick",
			agents: func() []*agent {
				a := newAgents(3, 0, 3*ms)
				a[1].active = false
				return a
			},
			budget: 4 * ms, lanes: 1, dt: 0.1,
			want: []string{"0:0.1", "2:0.2", "0:0.2", "2:0.2"},
		},
		{
			name: "unmeasured agents count as the mean of the measured",
			agents: func() []*agent {
				a := newAgents(4, 0, 2*ms)
				var p Planner
				p.Observe(&a[0].slot, 2*ms)
				p.Observe(&a[1].slot, 2*ms)
				return a
			},
			budget: 5 * ms, lanes: 1, dt: 0.1,
			want: []string{"0:0.1 1:0.1", "2:0.2 3:0.2"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p Planner
			p.SetBudget(c.budget)
			got := frames(t, &p, c.agents(), c.dt, len(c.want), c.lanes)
			for f := range c.want {
				if got[f] != c.want[f] {
					t.Errorf("frame %d ran %q, want %q\nall: %q", f+1, got[f], c.want[f], got)
				}
			}
		})
	}
}

// TestPlanFrameTimeRounding: 12 frames of 1/60 s sum to a little less
// than 0.2 in floating point; a 5 Hz agent still ticks at the 12th frame.
func TestPlanFrameTimeRounding(t *testing.T) {
	agents := newAgents(1, 0.2, time.Millisecond)
	var p Planner
	got := frames(t, &p, agents, 1.0/60, 25, 1)
	var at []int
	for f, ran := range got {
		if ran != "" {
			at = append(at, f+1)
		}
	}
	if fmt.Sprint(at) != "[1 13 25]" {
		t.Errorf("ticked at frames %v, want [1 13 25] (the first at once, then every 12 frames)", at)
	}
	if got[12] != "0:0.2" {
		t.Errorf("frame 13 ran %q, want 0:0.2", got[12])
	}
}

func TestPlanLag(t *testing.T) {
	var p Planner
	p.SetBudget(5 * time.Millisecond)
	agents := newAgents(5, 0, 2*time.Millisecond)
	frames(t, &p, agents, 0.1, 6, 1) // the budget case above: every tick after the first is late
	l := p.Lag()
	ticks, late := l.Count()
	if ticks != 11 || late != 10 {
		t.Errorf("ticks %d, late %d; want 11 and 10", ticks, late)
	}
	if got := l.Max(); got < 0.2-1e-12 || got > 0.2+1e-12 {
		t.Errorf("max lag %v, want 0.2 (agent 3, due at frame 1, ran at frame 3)", got)
	}
	if n, f := p.Counts(); n != 11 || f != 6 {
		t.Errorf("Counts = %d agent-ticks, %d frames; want 11 and 6", n, f)
	}
	p.ResetStats()
	p.Plan(0.7, 0.1, len(agents), 1, func(i int) Item { return Item{Slot: &agents[i].slot} }, nil)
	ticks, late = p.Lag().Count()
	ran := fmt.Sprint(agents[0].slot.Run, agents[1].slot.Run, agents[1].slot.DT, agents[2].slot.Run, agents[2].slot.DT)
	if n, f := p.Counts(); n != 2 || f != 1 || ticks != 2 || late != 2 || ran != "false true 0.30000000000000004 true 0.2" {
		t.Errorf("after ResetStats, frame 7 ran %s: Counts %d, %d frames, %d ticks, %d late; want agents 1 (dt 0.3) and 2 (0.2), 2, 1, 2, 2", ran, n, f, ticks, late)
	}
}

func TestLagQuantile(t *testing.T) {
	var l Lag
	for i := 0; i < 98; i++ {
		l.Add(0)
	}
	l.Add(0.0166)
	l.Add(0.05)
	cases := []struct{ q, want float64 }{{0.5, 0}, {0.98, 0}, {0.99, 0.0166}, {1, 0.05}}
	for _, c := range cases {
		if got := l.Quantile(c.q); got != c.want {
			t.Errorf("Quantile(%v) = %v, want %v", c.q, got, c.want)
		}
	}
	if l.Max() != 0.05 {
		t.Errorf("Max = %v, want 0.05", l.Max())
	}
	var empty Lag
	if empty.Quantile(0.99) != 0 || empty.Max() != 0 {
		t.Errorf("an empty Lag gives %v and %v, want 0 and 0", empty.Quantile(0.99), empty.Max())
	}
}

func TestSetIntervalRefuses(t *testing.T) {
	for _, v := range []float64{-1, math.NaN(), math.Inf(1)} {
		var s Slot
		s.SetInterval(0.5)
		err := s.SetInterval(v)
		want := fmt.Sprintf("tick interval must be a finite number of seconds >= 0, got %v", v)
		if err == nil || err.Error() != want {
			t.Errorf("SetInterval(%v) = %v, want %q", v, err, want)
		}
		if s.Interval() != 0.5 {
			t.Errorf("SetInterval(%v) changed the interval to %v", v, s.Interval())
		}
	}
}

// Observe: the first cost is the estimate; a cheaper tick moves it half
// way down, a dearer one an eighth of the way up, counting at most twice
// the estimate (plus 1 µs; a collection's pause moves it little). Once
// a Plan has seen measured slots, a slot's first cost starts from their
// mean.
func TestPlannerObserve(t *testing.T) {
	var p Planner
	var s Slot
	if _, ok := s.Cost(); ok {
		t.Fatal("a new slot is measured")
	}
	us := time.Microsecond
	var got []time.Duration
	for _, d := range []time.Duration{80 * us, 8 * us, 8 * us, 8 * us, 50 * time.Millisecond, 16 * us} {
		p.Observe(&s, d)
		c, _ := s.Cost()
		got = append(got, c)
	}
	want := []time.Duration{80 * us, 44 * us, 26 * us, 17 * us, 17*us + 18*us/8, 17625 * time.Nanosecond}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("estimates %v, want %v", got, want)
	}
	var fresh Slot
	p.Plan(0.1, 0.1, 1, 1, func(int) Item { return Item{Slot: &s} }, nil) // typical: s's 17.625 µs
	p.Observe(&fresh, 10*time.Millisecond)
	if c, _ := fresh.Cost(); c != 17625*time.Nanosecond+(35250*time.Nanosecond+us-17625*time.Nanosecond)/8 {
		t.Errorf("a fresh slot's first slow tick gives %v, want the typical 17.625 µs an eighth of the way to twice it", c)
	}
}

// EndFrame: the frame time the estimates do not explain is overhead,
// which the next frames take from the agents' budget, down to a quarter
// of the budget.
func TestPlanOverhead(t *testing.T) {
	ms := time.Millisecond
	var p Planner
	p.SetBudget(10 * ms)
	agents := newAgents(20, 0, 2*ms)
	for _, a := range agents {
		p.Observe(&a.slot, 2*ms)
	}
	item := func(i int) Item { return Item{Slot: &agents[i].slot} }
	var got []int
	clock := 0.0
	for _, frame := range []time.Duration{14 * ms, 60 * ms, 0} { // each frame's measured time
		clock += 0.1
		got = append(got, p.Plan(clock, 0.1, len(agents), 1, item, nil))
		p.EndFrame(frame)
	}
	clock += 0.1
	got = append(got, p.Plan(clock, 0.1, len(agents), 1, item, nil))
	// 5 agents (10 ms) took 14: overhead 4, so 3 agents (6 ms) took 60:
	// overhead 4 + (8-4)/8 = 4.5 (a rise counts at most twice the
	// estimate), 2 agents (5.5 ms left); 0: overhead halves to 2.25, 3 agents.
	if fmt.Sprint(got) != "[5 3 2 3]" {
		t.Errorf("agents a frame %v, want [5 3 2 3]", got)
	}
}

// A planner holds its slots' due state between rebuilds: after the
// slots change order (Invalidate, or another count) each goes on with its
// own owed time and interval, and a changed interval counts from the
// next Invalidate.
func TestPlanRebuild(t *testing.T) {
	agents := newAgents(3, 0.2, time.Millisecond)
	order := []*agent{agents[0], agents[1], agents[2]}
	var p Planner
	plan := func(clock float64) string {
		p.Plan(clock, 0.1, len(order), 1, func(i int) Item { return Item{Slot: &order[i].slot} }, nil)
		var ran []string
		for _, a := range agents { // by identity, whatever the order
			if a.slot.Run {
				ran = append(ran, fmt.Sprintf("%d:%.4g", slices.Index(agents, a), a.slot.DT))
			}
		}
		return strings.Join(ran, " ")
	}
	var got []string
	got = append(got, plan(0.1), plan(0.2))
	order[0], order[2] = order[2], order[0]
	agents[1].slot.SetInterval(0.1)
	got = append(got, plan(0.3)) // not invalidated: agent 1 keeps 0.2, the order is the old one
	p.Invalidate()
	got = append(got, plan(0.4), plan(0.5))
	order = order[:2] // agent 0 is gone
	got = append(got, plan(0.6), plan(0.7))
	want := []string{"0:0.1 1:0.1 2:0.1", "", "0:0.2 1:0.2 2:0.2", "1:0.1", "0:0.2 1:0.1 2:0.2", "1:0.1", "1:0.1 2:0.2"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("frames %q\nwant   %q", got, want)
	}
}

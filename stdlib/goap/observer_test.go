package goap

import (
	"reflect"
	"strings"
	"testing"
)

// eventLog is an AgentObserver that keeps each event's String.
type eventLog struct{ lines []string }

func (l *eventLog) AgentEvent(ev AgentEvent) { l.lines = append(l.lines, ev.String()) }

func (l *eventLog) take() []string {
	out := l.lines
	l.lines = nil
	return out
}

func checkEvents(t *testing.T, got []string, want ...string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Every kind of event, in order, tick by tick: a failed goal and a chosen
// one, FSM pushes and pops, action starts and ends, an interrupt, a
// finished plan, an aborted plan and a dropped one.
func TestAgentObserverEvents(t *testing.T) {
	s := &scripted{world: ws("wood", 0, "hunger", 0, "fed", false), moves: []bool{false, true}}
	chop, eat := hungerDomain(s, nil)
	chop.RequiresInRange, chop.Target = true, "forest"
	s.goals = append(s.goals, NewGoal("gold", 20, Is("gold", T))) // nothing yields gold
	ag := NewAgent(s, chop, eat)
	ag.PriorityCheckTicks = 1
	log := &eventLog{}
	ag.Observer = log

	tick(ag, s, 1)
	checkEvents(t, log.take(),
		`goal chosen "gold" (priority 20)`,
		`plan failed "gold": goap: goal "gold" {gold == true}: no plan: condition gold == true is unmet and no usable action changes "gold" (expanded 0, visited 1)`,
		`goal chosen "wood" (priority 5)`,
		`state popped Idle`,
		`state pushed PerformAction`,
		`plan made "wood": Chop -> Chop (cost 2)`)
	tick(ag, s, 3) // PerformAction (push MoveTo), MoveTo false, MoveTo true
	checkEvents(t, log.take(),
		`action started Chop #1`,
		`state pushed MoveTo`,
		`state popped MoveTo`)
	s.world.Set("hunger", Number(10))
	tick(ag, s, 4) // Perform 1..3, then the interrupt at the boundary
	checkEvents(t, log.take(),
		`action ended Chop #1 (done)`,
		`state popped PerformAction`,
		`state pushed Idle`,
		`plan interrupted "wood" by "eat" (priority 10)`)
	tick(ag, s, 3) // plan eat, perform, finish
	checkEvents(t, log.take(),
		`goal chosen "gold" (priority 20)`,
		`plan failed "gold": goap: goal "gold" {gold == true}: no plan: condition gold == true is unmet and no usable action changes "gold" (expanded 0, visited 1)`,
		`goal chosen "eat" (priority 10)`,
		`state popped Idle`,
		`state pushed PerformAction`,
		`plan made "eat": Eat (cost 1)`,
		`action started Eat #1`,
		`action ended Eat #1 (done)`,
		`state popped PerformAction`,
		`state pushed Idle`,
		`plan finished "eat"`)
	// An aborted plan: the forest is gone while moving.
	s.onMove = func(a *Action) { a.Target = nil }
	s.moves = []bool{false}
	tick(ag, s, 4)
	checkEvents(t, log.take(),
		`goal chosen "gold" (priority 20)`,
		`plan failed "gold": goap: goal "gold" {gold == true}: no plan: condition gold == true is unmet and no usable action changes "gold" (expanded 0, visited 1)`,
		`goal chosen "wood" (priority 5)`,
		`state popped Idle`,
		`state pushed PerformAction`,
		`plan made "wood": Chop (cost 1)`,
		`action started Chop #1`,
		`state pushed MoveTo`,
		`action ended Chop #1 (aborted)`,
		`state popped MoveTo`,
		`state popped PerformAction`,
		`state pushed Idle`,
		`plan aborted "wood" by Chop`)
	// A dropped plan (Replan while an action is under way).
	s.onMove, chop.Target = nil, "forest2"
	ag.BackoffInitial = -1
	ag.Replan()
	tick(ag, s, 2)
	log.take()
	ag.Replan()
	checkEvents(t, log.take(),
		`action ended Chop #1 (dropped)`,
		`state popped MoveTo`,
		`state popped PerformAction`,
		`state pushed Idle`)
}

// Snapshot gives the FSM state and stack, the goal, the plan with step
// costs, the current step and the last planner run with the world state
// it planned from, as plain data.
func TestAgentSnapshot(t *testing.T) {
	s := &scripted{world: ws("wood", 0, "hunger", 0, "fed", false), moves: []bool{false}}
	chop, eat := hungerDomain(s, nil)
	chop.RequiresInRange, chop.Target = true, "forest"
	chop.CostFunc = func(r StateReader) float64 { // dearer once some wood is cut
		v, _ := r.Get("wood")
		n, _ := v.AsNumber()
		return 1 + n
	}
	chop.Cost = 1
	ag := NewAgent(s, chop, eat)
	ag.PriorityCheckTicks = 1
	snap := func() AgentState {
		st := ag.Snapshot()
		if st.LastRun.Ran && st.LastRun.Duration <= 0 {
			t.Fatalf("LastRun.Duration %v", st.LastRun.Duration)
		}
		st.LastRun.Duration = 0
		return st
	}
	check := func(got, want AgentState) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("snapshot:\n%+v\nwant:\n%+v", got, want)
		}
	}
	check(snap(), AgentState{State: StateIdle, Stack: []string{StateIdle}, Current: -1})
	tick(ag, s, 3) // plan; PerformAction pushes MoveTo; MoveAgent false
	s.world.Set("hunger", Number(7))
	tick(ag, s, 1) // MoveTo: check sees eat 7 > 5, pending
	plan := []PlanStep{{"Chop", 1}, {"Chop", 2}}
	run := PlannerRun{Ran: true, Goal: "wood", Expanded: 3, Visited: 5, Cost: 3, World: "{fed=false, hunger=0, wood=0}"}
	check(snap(), AgentState{State: StatePerformAction, Stack: []string{StatePerformAction}, HasGoal: true,
		Goal: "wood", GoalPriority: 5, Plan: plan, PlanCost: 3, Current: 0, CurrentStarted: true,
		Interrupting: "eat", LastRun: run})
	// SnapshotTo reuses the slices.
	var st AgentState
	ag.SnapshotTo(&st)
	p0 := &st.Plan[0]
	ag.SnapshotTo(&st)
	if &st.Plan[0] != p0 {
		t.Fatal("SnapshotTo did not reuse the plan slice")
	}
	// A failed run is recorded with its error.
	ag.Replan()
	s.goals = []*Goal{NewGoal("gold", 1, Is("gold", T))}
	tick(ag, s, 1)
	got := snap()
	if got.LastRun.Goal != "gold" || got.LastRun.Err != `goap: goal "gold" {gold == true}: no plan: condition gold == true is unmet and no usable action changes "gold" (expanded 0, visited 1)` ||
		got.LastRun.World != "{fed=false, hunger=7, wood=0}" || got.HasGoal || got.Current != -1 || got.BackoffTicks != DefaultBackoffInitial {
		t.Fatalf("after a failure: %+v", got)
	}
}

// A running agent with no observer ticks without allocating, checks of the
// priorities included.
func TestAgentTickAllocs(t *testing.T) {
	s := &scripted{world: ws("wood", 0, "hunger", 0, "fed", false)}
	chop, eat := hungerDomain(s, nil)
	chop.Behavior = &BehaviorFuncs{OnIsDone: func(*Action) bool { return false }} // never done
	ag := NewAgent(s, chop, eat)
	ag.PriorityCheckTicks = 2
	ag.Update()
	ag.Update()
	if n := testing.AllocsPerRun(100, ag.Update); n != 0 {
		t.Fatalf("%v allocs per tick", n)
	}
}

package goap

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// scripted is a DataProvider that records every call.
type scripted struct {
	world  *WorldState
	goals  []*Goal
	calls  []string
	moves  []bool // MoveAgent results, consumed in order; true when empty
	onPlan func(goal *Goal, plan Plan)
	onMove func(a *Action)
}

func (s *scripted) GetWorldState() *WorldState { return s.world }
func (s *scripted) Goals() []*Goal             { return s.goals }
func (s *scripted) PlanFailed(g *Goal, err error) {
	s.calls = append(s.calls, "PlanFailed "+g.Name)
	if !errors.Is(err, ErrNoPlan) {
		s.calls = append(s.calls, "unexpected error "+err.Error())
	}
}
func (s *scripted) PlanFound(g *Goal, p Plan) {
	s.calls = append(s.calls, "PlanFound "+g.Name+" "+strings.Join(p.Names(), ","))
	if s.onPlan != nil {
		s.onPlan(g, p)
	}
}
func (s *scripted) ActionsFinished()      { s.calls = append(s.calls, "ActionsFinished") }
func (s *scripted) PlanAborted(a *Action) { s.calls = append(s.calls, "PlanAborted "+a.Name) }
func (s *scripted) PlanInterrupted(g, by *Goal) {
	s.calls = append(s.calls, "PlanInterrupted "+g.Name+" by "+by.Name)
}
func (s *scripted) MoveAgent(a *Action) bool {
	ok := true
	if len(s.moves) > 0 {
		ok, s.moves = s.moves[0], s.moves[1:]
	}
	s.calls = append(s.calls, fmt.Sprintf("MoveAgent %s %v", a.Name, ok))
	if s.onMove != nil {
		s.onMove(a)
	}
	return ok
}

// tick runs n ticks and returns one line per tick: "<state that ran>: calls".
func tick(ag *Agent, s *scripted, n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		name := ag.StateName()
		s.calls = s.calls[:0]
		ag.Update()
		out = append(out, name+": "+strings.Join(s.calls, "; "))
	}
	return out
}

func checkTicks(t *testing.T, got, want []string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ticks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// worldEffect returns a Behavior whose Perform applies the action's effects
// to the provider's world (and logs), failing the first failN times.
func worldEffect(s *scripted, failN int) *BehaviorFuncs {
	return &BehaviorFuncs{OnPerform: func(a *Action, agent any) bool {
		if failN > 0 {
			failN--
			s.calls = append(s.calls, "Perform "+a.Name+" fail")
			return false
		}
		s.calls = append(s.calls, "Perform "+a.Name)
		a.Apply(s.world)
		return true
	}}
}

func TestAgentCycle(t *testing.T) {
	s := &scripted{world: ws("ore", false, "money", false), moves: []bool{false, true}}
	mine := &Action{Name: "Mine", Cost: 1, Effects: []Effect{Set("ore", T)}, RequiresInRange: true, Target: "rock"}
	sell := &Action{Name: "Sell", Cost: 1, Preconditions: pre(Is("ore", T)), Effects: []Effect{Set("money", T), Set("ore", F)}}
	mine.Behavior, sell.Behavior = worldEffect(s, 0), worldEffect(s, 0)
	s.goals = []*Goal{NewGoal("rich", 1, Is("money", T))}
	ag := NewAgent(s, mine, sell)
	if ag.StateName() != StateIdle || ag.Goal() != nil || ag.CurrentAction() != nil {
		t.Fatalf("initial state %q goal %v", ag.StateName(), ag.Goal())
	}
	got := tick(ag, s, 2)
	checkTicks(t, got, []string{
		"Idle: PlanFound rich Mine,Sell",
		"PerformAction: ",
	})
	if ag.Goal() != s.goals[0] || ag.Plan().Cost != 2 || ag.CurrentAction() != mine || len(ag.Remaining()) != 2 {
		t.Fatalf("goal %v plan %v current %v remaining %v", ag.Goal(), ag.Plan(), ag.CurrentAction(), ag.Remaining())
	}
	got = tick(ag, s, 6)
	checkTicks(t, got, []string{
		"MoveTo: MoveAgent Mine false",
		"MoveTo: MoveAgent Mine true",
		"PerformAction: Perform Mine",
		"PerformAction: Perform Sell",
		"PerformAction: ActionsFinished",
		"Idle: ", // goal met: nothing to do
	})
	if ag.StateName() != StateIdle || ag.Goal() != nil || len(ag.Remaining()) != 0 {
		t.Fatalf("after plan: state %q goal %v remaining %v", ag.StateName(), ag.Goal(), ag.Remaining())
	}
	if mine.InRange {
		t.Fatal("InRange not reset when the step completed")
	}
	if s.world.String() != "{money=true, ore=false}" {
		t.Fatalf("world = %v", s.world)
	}
}

func TestAgentReusedActionMovesAgain(t *testing.T) {
	// MineOre, BuyFood, MineOre: the second MineOre needs a new MoveTo.
	s := &scripted{world: ws("money", false, "food", false)}
	mine := &Action{Name: "MineOre", Cost: 10, Effects: []Effect{Set("money", T)}, RequiresInRange: true, Target: "mine"}
	buy := &Action{Name: "BuyFood", Cost: 2, Preconditions: pre(Is("money", T)), Effects: []Effect{Set("food", T), Set("money", F)}}
	mine.Behavior, buy.Behavior = worldEffect(s, 0), worldEffect(s, 0)
	s.goals = []*Goal{NewGoal("both", 1, Is("money", T), Is("food", T))}
	ag := NewAgent(s, mine, buy)
	checkTicks(t, tick(ag, s, 10), []string{
		"Idle: PlanFound both MineOre,BuyFood,MineOre",
		"PerformAction: ",
		"MoveTo: MoveAgent MineOre true",
		"PerformAction: Perform MineOre",
		"PerformAction: Perform BuyFood",
		"PerformAction: ", // BuyFood done; MineOre is out of range again
		"MoveTo: MoveAgent MineOre true",
		"PerformAction: Perform MineOre",
		"PerformAction: ActionsFinished",
		"Idle: ",
	})
}

func TestAgentFailedPerformAbortsOnceAndReplans(t *testing.T) {
	s := &scripted{world: ws("ore", false)}
	mine := &Action{Name: "Mine", Cost: 1, Effects: []Effect{Set("ore", T)}}
	mine.Behavior = worldEffect(s, 1)
	s.goals = []*Goal{NewGoal("ore", 1, Is("ore", T))}
	ag := NewAgent(s, mine)
	checkTicks(t, tick(ag, s, 6), []string{
		"Idle: PlanFound ore Mine",
		"PerformAction: Perform Mine fail; PlanAborted Mine",
		"Idle: PlanFound ore Mine", // replans on the very next tick, no backoff
		"PerformAction: Perform Mine",
		"PerformAction: ActionsFinished",
		"Idle: ",
	})
}

func TestAgentMissingTargetAbortsOnceThenBacksOff(t *testing.T) {
	s := &scripted{world: ws("ore", false)}
	mine := &Action{Name: "Mine", Cost: 1, Effects: []Effect{Set("ore", T)}, RequiresInRange: true, Target: "rock"}
	s.onPlan = func(*Goal, Plan) { mine.Target = nil } // the rock vanishes after planning
	s.goals = []*Goal{NewGoal("ore", 1, Is("ore", T))}
	ag := NewAgent(s, mine)
	ag.BackoffInitial, ag.BackoffMax = 2, 4
	got := tick(ag, s, 14)
	checkTicks(t, got, []string{
		"Idle: PlanFound ore Mine",
		"PerformAction: PlanAborted Mine",
		"Idle: ", "Idle: ", // backoff 2
		"Idle: PlanFailed ore",                 // Mine has no Target: not usable
		"Idle: ", "Idle: ", "Idle: ", "Idle: ", // backoff 4
		"Idle: PlanFailed ore",
		"Idle: ", "Idle: ", "Idle: ", "Idle: ", // capped at 4
	})
	if n := strings.Count(strings.Join(got, "\n"), "PlanAborted"); n != 1 {
		t.Fatalf("PlanAborted called %d times", n)
	}
	if ag.BackoffTicks() != 0 {
		t.Fatalf("BackoffTicks = %d, want 0 (next tick plans)", ag.BackoffTicks())
	}
	// The target comes back: the next round plans and backoff resets.
	mine.Target = "rock2"
	s.onPlan = nil
	checkTicks(t, tick(ag, s, 1), []string{"Idle: PlanFound ore Mine"})
}

func TestAgentTargetLostDuringMove(t *testing.T) {
	s := &scripted{world: ws("ore", false), moves: []bool{false, false}}
	mine := &Action{Name: "Mine", Cost: 1, Effects: []Effect{Set("ore", T)}, RequiresInRange: true, Target: "rock"}
	s.onMove = func(a *Action) { a.Target = nil }
	s.goals = []*Goal{NewGoal("ore", 1, Is("ore", T))}
	ag := NewAgent(s, mine)
	ag.BackoffInitial = 1
	checkTicks(t, tick(ag, s, 6), []string{
		"Idle: PlanFound ore Mine",
		"PerformAction: ",
		"MoveTo: MoveAgent Mine false",
		"MoveTo: PlanAborted Mine",
		"Idle: ", // backoff 1
		"Idle: PlanFailed ore",
	})
}

func TestAgentGoalPriorityAndFallback(t *testing.T) {
	s := &scripted{world: ws("food", false, "rested", false, "bored", true, "fun", false)}
	sleep := &Action{Name: "Sleep", Cost: 3, Effects: []Effect{Set("rested", T)}}
	play := &Action{Name: "Play", Cost: 1, Effects: []Effect{Set("fun", T)}}
	eat := NewGoal("eat", 10, Is("food", T)) // no action yields food
	rest := NewGoal("rest", 5, Is("rested", T))
	fun := &Goal{Name: "fun", Conditions: pre(Is("fun", T)), PriorityFunc: func(s StateReader) float64 {
		if v, _ := s.Get("bored"); v.Equal(T) {
			return 7
		}
		return 0
	}}
	s.goals = []*Goal{fun, rest, eat}
	ag := NewAgent(s, sleep, play)
	checkTicks(t, tick(ag, s, 1), []string{"Idle: PlanFailed eat; PlanFound fun Play"})
	if ag.Goal() != fun {
		t.Fatalf("goal %v", ag.Goal())
	}
	// Not bored any more: fun drops below rest.
	ag.Replan()
	s.world.Set("bored", F)
	checkTicks(t, tick(ag, s, 1), []string{"Idle: PlanFailed eat; PlanFound rest Sleep"})
	// A met goal is skipped without planning; equal priorities keep slice order.
	ag.Replan()
	s.world.Set("rested", T)
	fun.PriorityFunc = nil
	fun.Priority = 5
	rest.Priority = 5
	s.goals = []*Goal{rest, fun, eat}
	checkTicks(t, tick(ag, s, 1), []string{"Idle: PlanFailed eat; PlanFound fun Play"})
}

func TestAgentBackoffDoublesAndResets(t *testing.T) {
	s := &scripted{world: ws("food", false)}
	s.goals = []*Goal{NewGoal("eat", 1, Is("food", T))}
	ag := NewAgent(s)
	ag.BackoffInitial, ag.BackoffMax = 1, 4
	var planned []int
	for i := 1; i <= 25; i++ {
		s.calls = s.calls[:0]
		ag.Update()
		if len(s.calls) > 0 {
			planned = append(planned, i)
		}
	}
	// waits 1, 2, 4, 4, 4 ticks between rounds
	if want := []int{1, 3, 6, 11, 16, 21}; !reflect.DeepEqual(planned, want) {
		t.Fatalf("planning ticks %v, want %v", planned, want)
	}
	// Success resets the backoff.
	ag.Actions = []*Action{{Name: "Cook", Cost: 1, Effects: []Effect{Set("food", T)}}}
	ag.Replan()
	s.calls = s.calls[:0]
	ag.Update()
	if ag.StateName() != StatePerformAction || ag.BackoffTicks() != 0 {
		t.Fatalf("state %q backoff %d", ag.StateName(), ag.BackoffTicks())
	}
	// Default backoff values apply when the fields are 0.
	ag2 := NewAgent(&scripted{world: NewWorldState(), goals: s.goals})
	ag2.Update()
	if ag2.BackoffTicks() != DefaultBackoffInitial {
		t.Fatalf("default backoff %d", ag2.BackoffTicks())
	}
}

func TestAgentProceduralPreconditionAndOwner(t *testing.T) {
	s := &scripted{world: ws("food", false)}
	var resets, checks int
	var sawOwner any
	allowed := false
	cook := &Action{Name: "Cook", Cost: 1, Effects: []Effect{Set("food", T)}, Behavior: &BehaviorFuncs{
		OnReset: func(*Action) { resets++ },
		OnCheck: func(a *Action, agent any) bool { checks++; sawOwner = agent; return allowed },
	}}
	s.goals = []*Goal{NewGoal("eat", 1, Is("food", T))}
	ag := NewAgent(s, cook)
	ag.Owner = "npc-7"
	ag.BackoffInitial = -1 // no backoff
	checkTicks(t, tick(ag, s, 2), []string{"Idle: PlanFailed eat", "Idle: PlanFailed eat"})
	if resets != 2 || checks != 2 || sawOwner != "npc-7" {
		t.Fatalf("resets %d checks %d owner %v", resets, checks, sawOwner)
	}
	allowed = true
	checkTicks(t, tick(ag, s, 3), []string{"Idle: PlanFound eat Cook", "PerformAction: ", "PerformAction: ActionsFinished"})
	// Without a Behavior.OnIsDone, a successful Perform completes the step;
	// the completed step was Reset (3rd reset from planning, 4th on pop).
	if resets != 4 {
		t.Fatalf("resets %d, want 4", resets)
	}
}

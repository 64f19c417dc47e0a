package goap

import (
	"strings"
	"testing"
)

// A running goal whose priority is a PriorityFunc keeps it across a save:
// saved mid-plan and loaded into an agent built by the same code, the
// agent goes on as the uninterrupted one: "wood" (priority: the world's
// energy, 8) is not interrupted by "eat" (5) until the energy falls to
// 1. (The loaded goal had priority 0, and "eat" interrupted it at once.)
func TestAgentSaveKeepsGoalPriorityFunc(t *testing.T) {
	build := func(world *WorldState) (*scripted, *Agent) {
		s := &scripted{world: world}
		chop := &Action{Name: "Chop", Cost: 1, Effects: []Effect{Add("wood", 1)}}
		chop.Behavior = worldEffect(s, 0)
		eat := &Action{Name: "Eat", Cost: 1, Effects: []Effect{Set("fed", T)}}
		eat.Behavior = worldEffect(s, 0)
		wood := &Goal{Name: "wood", Conditions: pre(Cond("wood", OpGe, Number(4))), PriorityFunc: func(r StateReader) float64 {
			v, _ := r.Get("energy")
			n, _ := v.AsNumber()
			return n
		}}
		s.goals = []*Goal{wood, NewGoal("eat", 5, Is("fed", T))}
		ag := NewAgent(s, chop, eat)
		ag.PriorityCheckTicks = 1
		return s, ag
	}
	// then runs 2 ticks, lowers the energy to 1 and runs 4 more.
	then := func(s *scripted, ag *Agent) []string {
		out := tick(ag, s, 2)
		s.world.Set("energy", Number(1))
		return append(out, tick(ag, s, 4)...)
	}
	const k = 2 // PlanFound, then one Chop
	s, ref := build(ws("wood", 0, "energy", 8, "fed", false))
	tick(ref, s, k)
	want := then(s, ref)
	wantText := strings.Join(want, "\n")
	if !strings.HasPrefix(wantText, "PerformAction: Perform Chop\nPerformAction: Perform Chop\nPerformAction: PlanInterrupted wood by eat") {
		t.Fatalf("the uninterrupted run:\n%s", wantText)
	}

	s1, a1 := build(ws("wood", 0, "energy", 8, "fed", false))
	tick(a1, s1, k)
	saved := a1.Save()
	s2, a2 := build(s1.world.Clone())
	if err := a2.Load(saved); err != nil {
		t.Fatal(err)
	}
	checkTicks(t, then(s2, a2), want)
	if a2.Goal() != nil && a2.Goal() != s2.goals[0] && a2.Goal() != s2.goals[1] {
		t.Fatalf("the running goal %v is not one of the provider's", a2.Goal())
	}
}

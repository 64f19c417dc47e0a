package goap

import (
	"fmt"
	"testing"
)

// slowStep returns a Behavior that takes n Performs to complete a step
// (applying the action's effects to the world on the last), logging each
// Perform; canInterrupt, if set, answers CanInterrupt (logged).
func slowStep(s *scripted, n int, canInterrupt func(a *Action) bool) *BehaviorFuncs {
	steps := 0
	b := &BehaviorFuncs{
		OnReset:  func(*Action) { steps = 0 },
		OnIsDone: func(*Action) bool { return steps >= n },
		OnPerform: func(a *Action, _ any) bool {
			steps++
			s.calls = append(s.calls, fmt.Sprintf("Perform %s %d", a.Name, steps))
			if steps == n {
				a.Apply(s.world)
			}
			return true
		},
	}
	if canInterrupt != nil {
		b.OnCanInterrupt = func(a *Action, _ any) bool {
			ok := canInterrupt(a)
			s.calls = append(s.calls, fmt.Sprintf("CanInterrupt %s %v", a.Name, ok))
			return ok
		}
	}
	return b
}

// hungerDomain: "wood" (priority 5: wood >= 2, by Chop twice, each Chop
// taking 3 ticks) and "eat" (priority = the world's hunger: fed, by Eat).
func hungerDomain(s *scripted, chopInterrupt func(a *Action) bool) (chop, eat *Action) {
	chop = &Action{Name: "Chop", Cost: 1, Effects: []Effect{Add("wood", 1)}}
	chop.Behavior = slowStep(s, 3, chopInterrupt)
	eat = &Action{Name: "Eat", Cost: 1, Effects: []Effect{Set("fed", T), Set("hunger", Number(0))}}
	eat.Behavior = worldEffect(s, 0)
	hungry := &Goal{Name: "eat", Conditions: pre(Is("fed", T)), PriorityFunc: func(r StateReader) float64 {
		v, _ := r.Get("hunger")
		n, _ := v.AsNumber()
		return n
	}}
	s.goals = []*Goal{NewGoal("wood", 5, Cond("wood", OpGe, Number(2))), hungry}
	return chop, eat
}

// A priority rise is seen at the next check and ends the plan between two
// actions: the started Chop (not interruptible) runs to completion first.
func TestAgentInterruptAtActionBoundary(t *testing.T) {
	s := &scripted{world: ws("wood", 0, "hunger", 0, "fed", false)}
	chop, eat := hungerDomain(s, nil)
	ag := NewAgent(s, chop, eat)
	ag.PriorityCheckTicks = 1
	checkTicks(t, tick(ag, s, 2), []string{
		"Idle: PlanFound wood Chop,Chop",
		"PerformAction: Perform Chop 1",
	})
	s.world.Set("hunger", Number(10))
	checkTicks(t, tick(ag, s, 1), []string{"PerformAction: Perform Chop 2"})
	if g := ag.Interrupting(); g == nil || g.Name != "eat" {
		t.Fatalf("Interrupting = %v, want eat", g)
	}
	checkTicks(t, tick(ag, s, 7), []string{
		"PerformAction: Perform Chop 3",
		"PerformAction: PlanInterrupted wood by eat", // the safe point: Chop done, next not started
		"Idle: PlanFound eat Eat",
		"PerformAction: Perform Eat",
		"PerformAction: ActionsFinished",
		"Idle: PlanFound wood Chop", // one Chop was completed before the interrupt
		"PerformAction: Perform Chop 1",
	})
}

// An action whose Behavior is Interruptible ends mid-step (here while
// moving); priorities are re-read every 3 ticks of the running plan.
func TestAgentInterruptMidActionEveryNTicks(t *testing.T) {
	s := &scripted{world: ws("wood", 0, "hunger", 0, "fed", false), moves: []bool{false, false, false, false}}
	chop, eat := hungerDomain(s, func(a *Action) bool { return !a.InRange })
	chop.RequiresInRange, chop.Target = true, "forest"
	ag := NewAgent(s, chop, eat)
	ag.PriorityCheckTicks = 3
	checkTicks(t, tick(ag, s, 2), []string{
		"Idle: PlanFound wood Chop,Chop",
		"PerformAction: ", // 1st tick of the plan
	})
	s.world.Set("hunger", Number(10))
	checkTicks(t, tick(ag, s, 4), []string{
		"MoveTo: MoveAgent Chop false",                                // 2nd tick: no check
		"MoveTo: CanInterrupt Chop true; PlanInterrupted wood by eat", // 3rd tick: check, interrupt
		"Idle: PlanFound eat Eat",
		"PerformAction: Perform Eat",
	})
	if chop.InRange {
		t.Fatal("the interrupted Chop was not Reset")
	}
}

// Ties never interrupt; a goal that failed to plan in the round that made
// the plan interrupts only once its priority rose above its value then;
// with PriorityCheckTicks < 0 only WorldChanged triggers a check.
func TestAgentInterruptNeedsARiseAndWorldChanged(t *testing.T) {
	s := &scripted{world: ws("wood", 0, "hunger", 8, "fed", false)}
	chop, eat := hungerDomain(s, nil)
	allowed := false // no food in reach: eat cannot be planned
	eat.Behavior.(*BehaviorFuncs).OnCheck = func(*Action, any) bool { return allowed }
	tie := NewGoal("tie", 5, Is("rested", T))
	s.goals = append(s.goals, tie)
	tie.Conditions = pre(Is("rested", T))
	ag := NewAgent(s, chop, eat, &Action{Name: "Rest", Cost: 1, Effects: []Effect{Set("rested", T)}})
	ag.PriorityCheckTicks = -1
	checkTicks(t, tick(ag, s, 1), []string{"Idle: PlanFailed eat; PlanFound wood Chop,Chop"})
	ag.WorldChanged() // eat still at 8, tie at 5: no interrupt
	allowed = true
	checkTicks(t, tick(ag, s, 1), []string{"PerformAction: Perform Chop 1"})
	if ag.Interrupting() != nil {
		t.Fatalf("Interrupting = %v", ag.Interrupting())
	}
	s.world.Set("hunger", Number(9)) // a rise, but nobody said so
	checkTicks(t, tick(ag, s, 3), []string{"PerformAction: Perform Chop 2", "PerformAction: Perform Chop 3", "PerformAction: Perform Chop 1"})
	ag.WorldChanged()
	checkTicks(t, tick(ag, s, 5), []string{
		"PerformAction: Perform Chop 2", // pending; Chop is not interruptible
		"PerformAction: Perform Chop 3",
		"PerformAction: ActionsFinished", // the last action completed: the plan finishes
		"Idle: PlanFound eat Eat",
		"PerformAction: Perform Eat",
	})
}

package goap

// DefaultPriorityCheckTicks is how often, in ticks, a running plan re-reads
// the goals' priorities when Agent.PriorityCheckTicks is 0.
const DefaultPriorityCheckTicks = 10

// Interruptible is implemented by a Behavior whose action may be ended
// mid-step when a higher-priority goal interrupts the plan (see Agent,
// "Interrupts"). CanInterrupt is asked on every tick the step is under way
// (moving to its Target or performing) while an interrupt is pending; true
// ends the step there: the agent calls Action.Reset and replans. Without
// it, a started step always runs to completion (IsDone) or failure.
type Interruptible interface {
	CanInterrupt(a *Action, agent any) bool
}

// InterruptListener may be implemented by a DataProvider to hear about
// interrupts: PlanInterrupted(goal, by) is called once when the plan for
// goal is ended at a safe point because by rose above it (Agent.Goal still
// returns goal during the call). The agent plans again on the next tick.
type InterruptListener interface {
	PlanInterrupted(goal, by *Goal)
}

// WorldChanged tells the agent that the world state or the blackboard its
// goals' priorities read has changed: on its next tick a running plan
// re-reads the priorities (whatever PriorityCheckTicks says), and an idle
// agent that is backing off plans at once.
func (ag *Agent) WorldChanged() {
	ag.changed = true
	ag.wait = 0
}

// Interrupting returns the goal that will end the running plan at its next
// safe point, or nil.
func (ag *Agent) Interrupting() *Goal { return ag.pending }

// canInterrupt reports whether the front action a is at a safe point: not
// started yet (between two actions), or its Behavior is Interruptible and
// CanInterrupt says yes.
func (ag *Agent) canInterrupt(a *Action) bool {
	if !ag.started {
		return true
	}
	if b, ok := a.Behavior.(Interruptible); ok {
		return b.CanInterrupt(a, ag.owner())
	}
	return false
}

// watchPriorities counts a tick of a running plan and, when a check is due
// (every PriorityCheckTicks ticks, or after WorldChanged), re-reads the
// priorities.
func (ag *Agent) watchPriorities() {
	n := ag.PriorityCheckTicks
	if n == 0 {
		n = DefaultPriorityCheckTicks
	}
	ag.sinceCheck++
	if !ag.changed && (n < 0 || ag.sinceCheck < n) {
		return
	}
	ag.changed, ag.sinceCheck = false, 0
	ag.checkPriorities()
}

// checkPriorities sets pending to the highest-priority unmet goal whose
// priority is now strictly above the running goal's, or nil. A goal that
// failed to plan in the round that chose the running goal counts only if
// its priority rose above what it was then.
func (ag *Agent) checkPriorities() {
	ag.pending = nil
	ws := ag.Provider.GetWorldState()
	var goals []*Goal
	if ag.loaded {
		// The running goal's priority function is the provider's.
		goals = ag.Provider.Goals()
		ag.adoptGoals(goals)
	}
	best := ag.goal.PriorityIn(ws)
	if goals == nil {
		goals = ag.Provider.Goals()
	}
	for _, g := range goals {
		if g == nil || g == ag.goal || g.SatisfiedBy(ws) {
			continue
		}
		p := g.PriorityIn(ws)
		if p <= best || ag.failedAtOrAbove(g, p) {
			continue
		}
		ag.pending, ag.pendingPrio, best = g, p, p
	}
}

// failedAtOrAbove reports whether g failed in the round that made the plan
// with a priority of at least p.
func (ag *Agent) failedAtOrAbove(g *Goal, p float64) bool {
	for _, f := range ag.failed {
		if f.goal == g && f.prio >= p {
			return true
		}
	}
	return false
}

// interrupt ends the plan at a safe point: the started front action a (if
// any) is Reset, the FSM goes Idle, PlanInterrupted is reported, and the
// agent plans on the next tick without backoff.
func (ag *Agent) interrupt(a *Action) {
	by, prio := ag.pending, ag.pendingPrio
	if ag.started {
		a.Reset()
		ag.endAction(a, EndInterrupted)
	}
	ag.toIdle()
	if l, ok := ag.Provider.(InterruptListener); ok {
		l.PlanInterrupted(ag.goal, by)
	}
	ag.emit(AgentEvent{Kind: EventPlanInterrupted, Goal: ag.goal, By: by, Priority: prio})
	ag.failures, ag.wait = 0, 0
	ag.dropPlan()
}

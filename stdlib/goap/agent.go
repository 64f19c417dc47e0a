package goap

import (
	"slices"

	"github.com/btlua/btlua/stdlib/fsm"
)

// Names of the Agent's FSM states, returned by Agent.StateName.
const (
	StateIdle          = "Idle"
	StateMoveTo        = "MoveTo"
	StatePerformAction = "PerformAction"
)

// Default backoff, in ticks (Agent.BackoffInitial, Agent.BackoffMax).
const (
	DefaultBackoffInitial = 2
	DefaultBackoffMax     = 64
)

// Agent runs GOAP for one game character: the seed's Agent, with its faults
// fixed. It owns a stack FSM (package fsm) with three states:
//
//   - Idle: plans. It reads the world state and the goals from the
//     Provider, and for each goal that is not already met, by descending
//     priority, calls Planner.Plan with the usable actions. The first plan
//     found is reported with PlanFound and executed (state PerformAction);
//     each goal that fails is reported with PlanFailed and the next is
//     tried. If every unmet goal failed, the agent backs off: it skips the
//     next BackoffInitial ticks, doubling after each further failed round up
//     to BackoffMax, and resets on success (the seed replanned every tick).
//     If every goal is met Idle does nothing, without backoff.
//     Usable actions: before a planning round every action is Reset; an
//     action is usable if CheckProceduralPrecondition(owner) is true and it
//     does not need range without a Target.
//   - PerformAction: with no actions left, calls ActionsFinished and goes
//     Idle. If the front action IsDone it is Reset and removed (and if none
//     are left: ActionsFinished, Idle). If the front action needs range and
//     has no Target, the plan is aborted (PlanAborted once, Idle, and the
//     agent backs off: replanning at once would find the same broken plan;
//     the seed replanned silently). If it needs range and is not InRange,
//     MoveTo is pushed. Otherwise Perform(owner) runs; false aborts the plan
//     (PlanAborted once, Idle, replan on the next tick without backoff).
//   - MoveTo: calls MoveAgent(action) each tick until it returns true, then
//     sets action.InRange and pops back to PerformAction (which performs on
//     the next tick). An action whose Target became nil aborts as above.
//
// Interrupts: while a plan runs (PerformAction or MoveTo), every
// PriorityCheckTicks ticks, and on the tick after WorldChanged, the agent
// re-reads the world state and the goals (GetWorldState, Goals) and their
// priorities. If an unmet goal's priority is now strictly above the running
// goal's (ties never interrupt; a goal that failed to plan in the round
// that chose the running goal counts only once its priority rose above what
// it was then), the interrupt is pending (Interrupting) until the next safe
// point, where the agent ends the plan: the started action, if any, is
// Reset, InterruptListener.PlanInterrupted is called if the Provider
// implements it, and the agent goes Idle and plans on the next tick without
// backoff (by then-current priorities). A later check that finds no higher
// goal cancels a pending interrupt. Safe points:
//
//   - between two actions: in PerformAction, after the front action
//     completed (IsDone) and before the next one starts (its first MoveTo
//     tick or first Perform); a plan whose last action completed finishes
//     instead (ActionsFinished);
//   - inside a started action, on any tick it is moving or performing, if
//     its Behavior implements Interruptible and CanInterrupt returns true.
//
// The Observer, if set, receives every event (goal chosen, plan made or
// failed, action started and ended, plan finished, aborted or interrupted,
// FSM state pushed and popped); Snapshot returns the agent's state as plain
// data for an inspector.
//
// One Update is one tick: exactly one state's Update runs, and a transition
// takes effect on the next tick. Exported fields may be changed between
// Updates. An Agent is not safe for concurrent use.
type Agent struct {
	// Provider supplies world state and goals and receives the callbacks.
	Provider DataProvider
	// Actions are the actions available for planning (the seed loaded them
	// from the GameObject's components).
	Actions []*Action
	// Planner is used for planning; NewAgent sets a fresh one.
	Planner *Planner
	// Owner is passed to CheckProceduralPrecondition and Perform as the
	// agent argument, and to the FSM; nil means the *Agent itself.
	Owner any
	// BackoffInitial is the number of ticks skipped after the first failed
	// planning round (0: DefaultBackoffInitial; negative: no backoff).
	BackoffInitial int
	// BackoffMax caps the doubling backoff, in ticks (0: DefaultBackoffMax).
	BackoffMax int
	// PriorityCheckTicks is how often, in ticks of a running plan, the goals'
	// priorities are re-read for interrupts (0: DefaultPriorityCheckTicks;
	// negative: only after WorldChanged).
	PriorityCheckTicks int
	// Observer, if set, receives the agent's events (nil: none, no cost).
	Observer AgentObserver

	machine  fsm.FSM
	idle     *fsm.Funcs
	moveTo   *fsm.Funcs
	perform  *fsm.Funcs
	queue    []*Action
	goal     *Goal
	plan     Plan
	failures int
	wait     int
	usable   []*Action
	ranked   []rankedGoal

	goalPrio    float64      // the running goal's priority when it was chosen
	failed      []rankedGoal // goals that failed in the round that made the plan
	started     bool         // the front action has started (moved or performed)
	sinceCheck  int          // ticks of the running plan since priorities were read
	changed     bool         // WorldChanged was called
	pending     *Goal        // the goal that interrupts at the next safe point
	pendingPrio float64
	// loaded is set by Load while the goals above are the save's copies,
	// until checkPriorities puts the provider's own in their place.
	loaded    bool
	lastRun   PlannerRun
	lastWorld *WorldState // the world state lastRun planned from
}

type rankedGoal struct {
	goal *Goal
	prio float64
}

// NewAgent returns an agent in state Idle planning with actions through
// provider.
func NewAgent(provider DataProvider, actions ...*Action) *Agent {
	ag := &Agent{Provider: provider, Actions: actions, Planner: &Planner{}}
	ag.idle = &fsm.Funcs{StateName: StateIdle, OnUpdate: func(*fsm.FSM, any) { ag.idleUpdate() }}
	ag.moveTo = &fsm.Funcs{StateName: StateMoveTo, OnUpdate: func(*fsm.FSM, any) { ag.moveToUpdate() }}
	ag.perform = &fsm.Funcs{StateName: StatePerformAction, OnUpdate: func(*fsm.FSM, any) { ag.performUpdate() }}
	ag.machine.PushState(ag.idle)
	return ag
}

// Update runs one tick of the agent's FSM.
func (ag *Agent) Update() { ag.machine.Update(ag.owner()) }

// StateName returns the name of the state that the next Update will run:
// StateIdle, StateMoveTo or StatePerformAction.
func (ag *Agent) StateName() string { return fsm.StateName(ag.machine.Top()) }

// Goal returns the goal of the current plan, or nil when idle.
func (ag *Agent) Goal() *Goal { return ag.goal }

// Plan returns the plan being executed as found (all its actions), or a
// zero Plan when idle.
func (ag *Agent) Plan() Plan { return ag.plan }

// Remaining returns a copy of the actions of the current plan not yet
// completed, the current one first.
func (ag *Agent) Remaining() []*Action { return slices.Clone(ag.queue) }

// CurrentAction returns the action being moved to or performed, or nil.
func (ag *Agent) CurrentAction() *Action {
	if len(ag.queue) == 0 {
		return nil
	}
	return ag.queue[0]
}

// BackoffTicks returns how many more ticks Idle will skip before planning.
func (ag *Agent) BackoffTicks() int { return ag.wait }

// Replan drops the current plan without calling the Provider, clears the
// backoff and returns to Idle, which plans on the next Update. Use it when
// the world changed in a way the plan cannot survive.
func (ag *Agent) Replan() {
	ag.failures, ag.wait = 0, 0
	if len(ag.queue) > 0 {
		ag.endAction(ag.queue[0], EndDropped)
	}
	ag.toIdle()
	ag.dropPlan()
}

func (ag *Agent) owner() any {
	if ag.Owner != nil {
		return ag.Owner
	}
	return ag
}

// toIdle makes Idle the only state on the FSM.
func (ag *Agent) toIdle() {
	if ag.machine.Len() == 1 && ag.machine.Top() == ag.idle {
		return
	}
	for ag.machine.Len() > 0 {
		ag.popState()
	}
	ag.pushState(ag.idle)
}

// pushState pushes s and reports it to the observer.
func (ag *Agent) pushState(s *fsm.Funcs) {
	ag.machine.PushState(s)
	ag.emit(AgentEvent{Kind: EventStatePushed, State: s.StateName})
}

// popState pops the top state and reports it to the observer.
func (ag *Agent) popState() {
	s := ag.machine.PopState()
	ag.emit(AgentEvent{Kind: EventStatePopped, State: fsm.StateName(s)})
}

// replaceState pops the top state and pushes s, reporting both.
func (ag *Agent) replaceState(s *fsm.Funcs) {
	ag.popState()
	ag.pushState(s)
}

// dropPlan forgets the current plan.
func (ag *Agent) dropPlan() {
	clear(ag.queue)
	ag.queue = ag.queue[:0]
	ag.goal = nil
	ag.plan = Plan{}
	ag.started = false
	ag.pending = nil
	ag.changed = false
	ag.sinceCheck = 0
}

// step returns the index in the plan of the front action.
func (ag *Agent) step() int { return len(ag.plan.Actions) - len(ag.queue) }

// startAction marks the front action a started (once per step).
func (ag *Agent) startAction(a *Action) {
	if !ag.started {
		ag.started = true
		ag.emit(AgentEvent{Kind: EventActionStarted, Goal: ag.goal, Action: a, Index: ag.step()})
	}
}

// endAction reports the end of the started front action a.
func (ag *Agent) endAction(a *Action, how ActionEnd) {
	if !ag.started {
		return
	}
	ag.emit(AgentEvent{Kind: EventActionEnded, Goal: ag.goal, Action: a, Index: ag.step(), End: how})
	ag.started = false
}

func (ag *Agent) backoff() {
	initial, ceiling := ag.BackoffInitial, ag.BackoffMax
	if initial < 0 {
		return
	}
	if initial == 0 {
		initial = DefaultBackoffInitial
	}
	if ceiling <= 0 {
		ceiling = DefaultBackoffMax
	}
	if ag.failures < 30 {
		ag.failures++
	}
	ag.wait = min(initial<<(ag.failures-1), ceiling)
}

func (ag *Agent) idleUpdate() {
	ag.changed = false
	if ag.wait > 0 {
		ag.wait--
		return
	}
	ws := ag.Provider.GetWorldState()
	ag.ranked = ag.ranked[:0]
	for _, g := range ag.Provider.Goals() {
		if g != nil && !g.SatisfiedBy(ws) {
			ag.ranked = append(ag.ranked, rankedGoal{g, g.PriorityIn(ws)})
		}
	}
	if len(ag.ranked) == 0 {
		return // everything met: nothing to do, no backoff
	}
	slices.SortStableFunc(ag.ranked, func(a, b rankedGoal) int {
		switch {
		case a.prio > b.prio:
			return -1
		case a.prio < b.prio:
			return 1
		}
		return 0
	})
	owner := ag.owner()
	ag.usable = ag.usable[:0]
	for _, a := range ag.Actions {
		a.Reset()
	}
	for _, a := range ag.Actions {
		if a.CheckProceduralPrecondition(owner) && (!a.RequiresInRange || a.Target != nil) {
			ag.usable = append(ag.usable, a)
		}
	}
	if ag.Planner == nil {
		ag.Planner = &Planner{}
	}
	ag.failed = ag.failed[:0]
	for _, r := range ag.ranked {
		ag.emit(AgentEvent{Kind: EventGoalChosen, Goal: r.goal, Priority: r.prio})
		plan, err := ag.runPlanner(ws, r.goal)
		if err != nil {
			ag.failed = append(ag.failed, r)
			ag.emit(AgentEvent{Kind: EventPlanFailed, Goal: r.goal, Err: err})
			ag.Provider.PlanFailed(r.goal, err)
			continue
		}
		if len(plan.Actions) == 0 {
			continue // met after all; nothing to execute
		}
		ag.failures, ag.wait = 0, 0
		ag.goal, ag.plan, ag.goalPrio = r.goal, plan, r.prio
		ag.queue = append(ag.queue[:0], plan.Actions...)
		ag.started, ag.pending, ag.changed, ag.sinceCheck = false, nil, false, 0
		ag.replaceState(ag.perform)
		ag.emit(AgentEvent{Kind: EventPlanMade, Goal: r.goal, Plan: plan})
		ag.Provider.PlanFound(r.goal, plan)
		return
	}
	ag.backoff()
}

// finish ends a completed plan; Goal() is still set during the callback.
func (ag *Agent) finish() {
	ag.toIdle()
	ag.emit(AgentEvent{Kind: EventPlanFinished, Goal: ag.goal})
	ag.Provider.ActionsFinished()
	ag.dropPlan()
}

// abort abandons the plan because of a (PlanAborted exactly once), goes
// Idle and, if backoff is set, engages the planning backoff.
func (ag *Agent) abort(a *Action, backoff bool) {
	ag.endAction(a, EndAborted)
	ag.toIdle()
	ag.emit(AgentEvent{Kind: EventPlanAborted, Goal: ag.goal, Action: a})
	ag.Provider.PlanAborted(a)
	ag.dropPlan()
	if backoff {
		ag.backoff()
	}
}

func (ag *Agent) performUpdate() {
	if len(ag.queue) == 0 {
		ag.finish()
		return
	}
	a := ag.queue[0]
	if a.IsDone() {
		a.Reset()
		ag.endAction(a, EndDone)
		ag.queue[0] = nil
		ag.queue = ag.queue[1:]
		if len(ag.queue) == 0 {
			ag.finish()
			return
		}
		a = ag.queue[0]
	}
	ag.watchPriorities()
	if ag.pending != nil && ag.canInterrupt(a) {
		ag.interrupt(a)
		return
	}
	if a.RequiresInRange {
		if a.Target == nil {
			ag.abort(a, true)
			return
		}
		if !a.InRange {
			ag.startAction(a)
			ag.pushState(ag.moveTo)
			return
		}
	}
	ag.startAction(a)
	if !a.Perform(ag.owner()) {
		ag.abort(a, false)
	}
}

func (ag *Agent) moveToUpdate() {
	if len(ag.queue) == 0 {
		ag.popState()
		return
	}
	a := ag.queue[0]
	if a.Target == nil {
		ag.abort(a, true)
		return
	}
	ag.watchPriorities()
	if ag.pending != nil && ag.canInterrupt(a) {
		ag.interrupt(a)
		return
	}
	if ag.Provider.MoveAgent(a) {
		a.InRange = true
		ag.popState()
	}
}

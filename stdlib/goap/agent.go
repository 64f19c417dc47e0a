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
	ag.machine.Clear()
	ag.machine.PushState(ag.idle)
}

// dropPlan forgets the current plan.
func (ag *Agent) dropPlan() {
	clear(ag.queue)
	ag.queue = ag.queue[:0]
	ag.goal = nil
	ag.plan = Plan{}
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
	for _, r := range ag.ranked {
		plan, err := ag.Planner.Plan(ws, r.goal, ag.usable)
		if err != nil {
			ag.Provider.PlanFailed(r.goal, err)
			continue
		}
		if len(plan.Actions) == 0 {
			continue // met after all; nothing to execute
		}
		ag.failures, ag.wait = 0, 0
		ag.goal, ag.plan = r.goal, plan
		ag.queue = append(ag.queue[:0], plan.Actions...)
		ag.machine.ReplaceState(ag.perform)
		ag.Provider.PlanFound(r.goal, plan)
		return
	}
	ag.backoff()
}

// finish ends a completed plan; Goal() is still set during the callback.
func (ag *Agent) finish() {
	ag.toIdle()
	ag.Provider.ActionsFinished()
	ag.dropPlan()
}

// abort abandons the plan because of a (PlanAborted exactly once), goes
// Idle and, if backoff is set, engages the planning backoff.
func (ag *Agent) abort(a *Action, backoff bool) {
	ag.toIdle()
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
		ag.queue[0] = nil
		ag.queue = ag.queue[1:]
		if len(ag.queue) == 0 {
			ag.finish()
			return
		}
		a = ag.queue[0]
	}
	if a.RequiresInRange {
		if a.Target == nil {
			ag.abort(a, true)
			return
		}
		if !a.InRange {
			ag.machine.PushState(ag.moveTo)
			return
		}
	}
	if !a.Perform(ag.owner()) {
		ag.abort(a, false)
	}
}

func (ag *Agent) moveToUpdate() {
	if len(ag.queue) == 0 {
		ag.machine.PopState()
		return
	}
	a := ag.queue[0]
	if a.Target == nil {
		ag.abort(a, true)
		return
	}
	if ag.Provider.MoveAgent(a) {
		a.InRange = true
		ag.machine.PopState()
	}
}

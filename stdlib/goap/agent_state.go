package goap

import (
	"time"
)

// AgentState is a plain-data picture of an Agent, for an inspector or a
// trace (Agent.Snapshot): no pointers into the agent, safe to keep.
type AgentState struct {
	// State is the FSM state the next Update runs (StateIdle, StateMoveTo
	// or StatePerformAction); Stack lists the FSM stack, bottom first.
	State string
	Stack []string
	// HasGoal is true while a plan runs; Goal and GoalPriority are then the
	// running goal's name and its priority when it was chosen.
	HasGoal      bool
	Goal         string
	GoalPriority float64
	// Plan is the running plan's steps (all of them, done ones included)
	// and PlanCost its total cost; nil and 0 when idle.
	Plan     []PlanStep
	PlanCost float64
	// Current is the index in Plan of the action being moved to or
	// performed (-1 when idle); CurrentStarted says whether it has started
	// (its first MoveTo tick or Perform happened).
	Current        int
	CurrentStarted bool
	// Interrupting is the name of the goal that will end the plan at the
	// next safe point ("" when none; see Agent, "Interrupts").
	Interrupting string
	// BackoffTicks is how many more ticks Idle skips before planning.
	BackoffTicks int
	// LastRun describes the last Planner.Plan call the agent made.
	LastRun PlannerRun
}

// PlanStep is one step of a plan in an AgentState.
type PlanStep struct {
	Action string  // the action's Name
	Cost   float64 // its cost in the state it is taken in (Plan.Costs)
}

// PlannerRun is what an agent's last Planner.Plan call did. Ran is false
// before the first call.
type PlannerRun struct {
	Ran      bool
	Goal     string        // the goal's Name
	Expanded int           // nodes expanded
	Visited  int           // distinct states generated
	Cost     float64       // the plan's cost (0 on failure)
	Duration time.Duration // wall time of the call
	Err      string        // the error text, "" on success
	// World is the world state the call planned from, as
	// WorldState.String spells it (`{hasAxe=false, logs=0}`); it is
	// spelled when the run is read (Snapshot, LastRun), not at each call.
	World string
}

// Snapshot returns the agent's state as plain data (it allocates; for
// inspectors and traces, not the per-tick path). SnapshotTo reuses a
// previous snapshot's slices.
func (ag *Agent) Snapshot() AgentState {
	var st AgentState
	ag.SnapshotTo(&st)
	return st
}

// SnapshotTo fills st with the agent's state, reusing st's slices.
func (ag *Agent) SnapshotTo(st *AgentState) {
	stack, plan := st.Stack[:0], st.Plan[:0]
	*st = AgentState{State: ag.StateName(), Current: -1, BackoffTicks: ag.wait, LastRun: ag.LastRun()}
	switch ag.machine.Top() {
	case ag.idle:
		stack = append(stack, StateIdle)
	case ag.perform:
		stack = append(stack, StatePerformAction)
	case ag.moveTo:
		stack = append(stack, StatePerformAction, StateMoveTo)
	}
	st.Stack = stack
	if ag.goal == nil {
		st.Plan = plan
		return
	}
	st.HasGoal, st.Goal, st.GoalPriority = true, ag.goal.Name, ag.goalPrio
	for i, a := range ag.plan.Actions {
		step := PlanStep{Action: a.Name}
		if i < len(ag.plan.Costs) {
			step.Cost = ag.plan.Costs[i]
		}
		plan = append(plan, step)
	}
	st.Plan, st.PlanCost = plan, ag.plan.Cost
	if len(ag.queue) > 0 {
		st.Current, st.CurrentStarted = ag.step(), ag.started
	}
	if ag.pending != nil {
		st.Interrupting = ag.pending.Name
	}
}

// LastRun returns the figures of the agent's last Planner.Plan call,
// with the world state it planned from.
func (ag *Agent) LastRun() PlannerRun {
	run := ag.lastRun
	if run.Ran {
		run.World = ag.lastWorld.String()
	}
	return run
}

// copyWorld makes dst a copy of src, reusing dst's map (nil: a new one),
// and returns it.
func copyWorld(dst, src *WorldState) *WorldState {
	if dst == nil || dst.m == nil {
		return src.Clone()
	}
	clear(dst.m)
	if src != nil {
		for k, v := range src.m {
			dst.m[k] = v
		}
	}
	return dst
}

// runPlanner plans for g from ws with the usable actions and records the
// run's figures.
func (ag *Agent) runPlanner(ws *WorldState, g *Goal) (Plan, error) {
	t0 := time.Now()
	plan, err := ag.Planner.Plan(ws, g, ag.usable)
	run := PlannerRun{Ran: true, Goal: g.Name, Expanded: plan.Expanded, Visited: plan.Visited,
		Cost: plan.Cost, Duration: time.Since(t0)}
	if err != nil {
		run.Err = err.Error()
	}
	ag.lastRun = run
	ag.lastWorld = copyWorld(ag.lastWorld, ws)
	return plan, err
}

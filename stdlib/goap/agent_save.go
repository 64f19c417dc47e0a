package goap

import (
	"fmt"
	"math"
)

// AgentSave is the saved run state of an Agent: everything that decides
// its next ticks. Actions are named by their index in Agent.Actions, so a
// save loads into an agent built by the same code with the same actions.
// The Planner's caches and the last planner run (an inspector's figure)
// are not saved; a plan under way is carried out as saved, not replanned.
type AgentSave struct {
	// Stack is the FSM stack, bottom first: "Idle", "PerformAction",
	// "MoveTo".
	Stack []string `json:"stack"`
	// Goal is the running goal (nil when there is no plan).
	Goal *GoalSave `json:"goal,omitempty"`
	// GoalPrio is the running goal's priority when it was chosen.
	GoalPrio float64 `json:"goalPrio,omitempty"`
	// Plan lists the plan's actions (indices in Agent.Actions) with
	// their costs and the total; Left is how many are still queued
	// (always written: a save with a plan and no "left" is refused).
	Plan  []int     `json:"plan,omitempty"`
	Costs []float64 `json:"costs,omitempty"`
	Cost  float64   `json:"cost,omitempty"`
	Left  int       `json:"left"`
	// Started is set when the front action has started.
	Started bool `json:"started,omitempty"`
	// Failures and Wait are the backoff: failed rounds in a row and
	// ticks left to skip.
	Failures int `json:"failures,omitempty"`
	Wait     int `json:"wait,omitempty"`
	// SinceCheck counts the plan's ticks since priorities were read;
	// Changed is set by WorldChanged.
	SinceCheck int  `json:"sinceCheck,omitempty"`
	Changed    bool `json:"changed,omitempty"`
	// Failed lists the goals that failed in the round that made the plan,
	// with their priorities then.
	Failed []GoalSave `json:"failed,omitempty"`
	// Pending is the goal that interrupts at the next safe point.
	Pending *GoalSave `json:"pending,omitempty"`
	// InRange and Done are each action's per-step flags, by index.
	InRange []bool `json:"inRange,omitempty"`
	Done    []bool `json:"done,omitempty"`
}

// StepBehavior is a Behavior that keeps its own done flag for the step
// under way (instead of the Action's), which a save holds.
type StepBehavior interface {
	StepDone() bool
	SetStepDone(done bool)
}

// GoalSave is a saved goal: its name, conditions and priority. A
// PriorityFunc is not saved: at the first priority check after Load, each
// loaded goal is replaced by the provider's goal of the same name and
// conditions (with its PriorityFunc), when it has one.
type GoalSave struct {
	Name       string     `json:"name"`
	Priority   float64    `json:"prio"`
	Conditions []CondSave `json:"conds,omitempty"`
}

// CondSave is a saved condition: key, operator ("==", ">=", ...) and
// value (bool, number, string, or nil for none).
type CondSave struct {
	Key   string `json:"key"`
	Op    string `json:"op"`
	Value any    `json:"v"`
}

func saveGoal(g *Goal, prio float64) *GoalSave {
	if g == nil {
		return nil
	}
	gs := &GoalSave{Name: g.Name, Priority: prio}
	for _, c := range g.Conditions {
		gs.Conditions = append(gs.Conditions, CondSave{Key: c.Key, Op: c.Op.String(), Value: c.Value.Any()})
	}
	return gs
}

func (gs *GoalSave) goal() (*Goal, error) {
	if gs == nil {
		return nil, nil
	}
	g := &Goal{Name: gs.Name, Priority: gs.Priority}
	for i, c := range gs.Conditions {
		if c.Key == "" {
			return nil, fmt.Errorf("goal %q: condition %d has no key (\"key\" null or \"\"), want a world-state key", gs.Name, i+1)
		}
		op, err := ParseOp(c.Op)
		if err != nil {
			return nil, fmt.Errorf("goal %q: %v", gs.Name, err)
		}
		v, err := ValueOf(c.Value)
		if err != nil {
			return nil, fmt.Errorf("goal %q: condition %s: %v", gs.Name, c.Key, err)
		}
		g.Conditions = append(g.Conditions, Condition{Key: c.Key, Op: op, Value: v})
	}
	return g, nil
}

// Save returns the agent's run state.
func (ag *Agent) Save() *AgentSave {
	s := &AgentSave{Failures: ag.failures, Wait: ag.wait, Started: ag.started,
		SinceCheck: ag.sinceCheck, Changed: ag.changed}
	switch ag.machine.Top() {
	case ag.idle:
		s.Stack = []string{StateIdle}
	case ag.perform:
		s.Stack = []string{StatePerformAction}
	case ag.moveTo:
		s.Stack = []string{StatePerformAction, StateMoveTo}
	}
	index := make(map[*Action]int, len(ag.Actions))
	for i, a := range ag.Actions {
		index[a] = i
		s.InRange = append(s.InRange, a.InRange)
		done := a.done
		if sb, ok := a.Behavior.(StepBehavior); ok {
			done = sb.StepDone()
		}
		s.Done = append(s.Done, done)
	}
	if ag.goal != nil {
		s.Goal, s.GoalPrio = saveGoal(ag.goal, ag.goal.Priority), ag.goalPrio
		for _, a := range ag.plan.Actions {
			s.Plan = append(s.Plan, index[a])
		}
		s.Costs, s.Cost, s.Left = append([]float64(nil), ag.plan.Costs...), ag.plan.Cost, len(ag.queue)
	}
	for _, f := range ag.failed {
		s.Failed = append(s.Failed, *saveGoal(f.goal, f.prio))
	}
	if ag.pending != nil {
		s.Pending = saveGoal(ag.pending, ag.pendingPrio)
	}
	return s
}

// Load gives the agent, built by the same code as the saved one and not
// updated yet, the run state s. It checks s first and changes nothing on
// error; no event is emitted and no Provider method is called.
func (ag *Agent) Load(s *AgentSave) error {
	n := len(ag.Actions)
	if len(s.InRange) != n {
		return fmt.Errorf("the save has %d actions' in-range flags, the agent has %d actions", len(s.InRange), n)
	}
	if len(s.Done) != n {
		return fmt.Errorf("the save has %d actions' done flags, the agent has %d actions", len(s.Done), n)
	}
	if len(s.Stack) > 2 {
		return fmt.Errorf("FSM stack of %d states, want [Idle], [PerformAction] or [PerformAction MoveTo]", len(s.Stack))
	}
	switch fmt.Sprint(s.Stack) {
	case "[Idle]", "[PerformAction]", "[PerformAction MoveTo]":
	default:
		return fmt.Errorf("FSM stack %.80q, want [Idle], [PerformAction] or [PerformAction MoveTo]", s.Stack)
	}
	goal, err := s.Goal.goal()
	if err != nil {
		return err
	}
	if (goal != nil) != (s.Stack[0] == StatePerformAction) {
		return fmt.Errorf("FSM stack %v does not fit the goal (%v)", s.Stack, s.Goal != nil)
	}
	plan := make([]*Action, len(s.Plan))
	for i, k := range s.Plan {
		if k < 0 || k >= n {
			return fmt.Errorf("plan step %d is action %d; the agent has %d actions", i, k, n)
		}
		plan[i] = ag.Actions[k]
	}
	if s.Left < 0 || s.Left > len(plan) || len(s.Costs) != len(plan) {
		return fmt.Errorf("plan of %d steps with %d left and %d costs", len(plan), s.Left, len(s.Costs))
	}
	if s.Failures < 0 || s.Failures > 30 || s.Wait < 0 || s.SinceCheck < 0 ||
		math.IsNaN(s.Cost) || math.IsNaN(s.GoalPrio) {
		return fmt.Errorf("backoff %d/%d, ticks since check %d or cost %v out of range", s.Failures, s.Wait, s.SinceCheck, s.Cost)
	}
	var failed []rankedGoal
	for i := range s.Failed {
		g, err := s.Failed[i].goal()
		if err != nil {
			return err
		}
		failed = append(failed, rankedGoal{g, s.Failed[i].Priority})
	}
	pending, err := s.Pending.goal()
	if err != nil {
		return err
	}

	for ag.machine.Len() > 0 {
		ag.machine.PopState()
	}
	switch len(s.Stack) {
	case 1:
		if s.Stack[0] == StateIdle {
			ag.machine.PushState(ag.idle)
		} else {
			ag.machine.PushState(ag.perform)
		}
	case 2:
		ag.machine.PushState(ag.perform)
		ag.machine.PushState(ag.moveTo)
	}
	ag.goal, ag.goalPrio = goal, s.GoalPrio
	ag.plan = Plan{}
	if goal != nil {
		ag.plan = Plan{Goal: goal, Actions: plan, Costs: append([]float64(nil), s.Costs...), Cost: s.Cost}
	}
	ag.queue = append(ag.queue[:0], plan[len(plan)-s.Left:]...)
	ag.started, ag.failures, ag.wait = s.Started, s.Failures, s.Wait
	ag.sinceCheck, ag.changed = s.SinceCheck, s.Changed
	ag.failed, ag.pending = failed, pending
	if pending != nil {
		ag.pendingPrio = s.Pending.Priority
	}
	ag.loaded = goal != nil || pending != nil || len(failed) > 0
	for i, a := range ag.Actions {
		a.InRange, a.done = s.InRange[i], s.Done[i]
		if sb, ok := a.Behavior.(StepBehavior); ok {
			sb.SetStepDone(s.Done[i])
		}
	}
	return nil
}

// adoptGoals puts, in place of the goals Load made from the save (the
// running, pending and failed ones), the goals of the provider's list
// with the same name and conditions: the running goal's priority
// function is the provider's again, and the checks that compare goals
// by identity see the provider's goals. A goal the list no longer has
// stays as loaded.
func (ag *Agent) adoptGoals(goals []*Goal) {
	ag.loaded = false
	find := func(g *Goal) *Goal {
		if g == nil {
			return nil
		}
		for _, c := range goals {
			if c != nil && c.Name == g.Name && sameConditions(c.Conditions, g.Conditions) {
				return c
			}
		}
		return g
	}
	ag.goal = find(ag.goal)
	if ag.plan.Goal != nil {
		ag.plan.Goal = ag.goal
	}
	ag.pending = find(ag.pending)
	for i := range ag.failed {
		ag.failed[i].goal = find(ag.failed[i].goal)
	}
}

// sameConditions reports whether a and b are the same conditions in the
// same order.
func sameConditions(a, b []Condition) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || a[i].Op != b[i].Op || !a[i].Value.Equal(b[i].Value) {
			return false
		}
	}
	return true
}

package goap

// Action is one step an agent can take (the seed's abstract Action
// MonoBehaviour, as plain data plus an optional Behavior).
//
// Planning uses Preconditions, Effects and the cost; the runtime fields
// (Target, RequiresInRange, InRange, Behavior) are used by the Agent. A plain
// Go action with no Behavior plans normally and at run time completes on its
// first Perform.
//
// The same *Action may appear several times in one plan (the planner reuses
// actions; the seed's did not). The Agent calls Reset when a step completes,
// so per-step flags (InRange, done) start fresh for the next occurrence.
//
// An Action must not be modified while a Planner.Plan call using it runs.
type Action struct {
	// Name identifies the action in plans, traces and errors.
	Name string
	// Preconditions must all hold on a state for the action to apply there.
	Preconditions []Condition
	// Effects are applied in order to produce the successor state.
	Effects []Effect
	// Cost is the action's cost in cost units (>= 0, finite). When CostFunc
	// is set, Cost is instead a declared lower bound of CostFunc, used by the
	// planner's heuristic (leave it 0 if unknown).
	Cost float64
	// CostFunc, if set, gives the cost of taking the action in state s (the
	// state being searched, before the effects). It must return a finite
	// number >= Cost, else the search stops with ErrInvalid. It must depend
	// only on s (it may be called more than once for the same state). s is
	// valid only during the call. A CostFunc on any action turns off
	// relevance pruning for the problem (see Planner).
	CostFunc func(s StateReader) float64
	// Target is what the action acts on (any game object; may be nil). An
	// action with RequiresInRange and a nil Target cannot run: the Agent
	// leaves it out of planning, and aborts a plan whose next such action
	// lost its Target.
	Target any
	// RequiresInRange: the agent must be moved to Target (DataProvider.
	// MoveAgent) before Perform.
	RequiresInRange bool
	// InRange is set by the Agent once MoveAgent reports arrival; Reset
	// clears it.
	InRange bool
	// Behavior holds the runtime hooks; nil means none (see the methods).
	Behavior Behavior

	done bool // set by a successful Perform, cleared by Reset
}

// NewAction returns an action with the given name and static cost; add
// preconditions and effects with AddPrecondition and AddEffect.
func NewAction(name string, cost float64) *Action { return &Action{Name: name, Cost: cost} }

// AddPrecondition appends c and returns a for chaining.
func (a *Action) AddPrecondition(c Condition) *Action {
	a.Preconditions = append(a.Preconditions, c)
	return a
}

// AddEffect appends e and returns a for chaining.
func (a *Action) AddEffect(e Effect) *Action {
	a.Effects = append(a.Effects, e)
	return a
}

// RemovePrecondition removes every precondition on key.
func (a *Action) RemovePrecondition(key string) {
	a.Preconditions = deleteFunc(a.Preconditions, func(c Condition) bool { return c.Key == key })
}

// RemoveEffect removes every effect on key.
func (a *Action) RemoveEffect(key string) {
	a.Effects = deleteFunc(a.Effects, func(e Effect) bool { return e.Key == key })
}

func deleteFunc[T any](s []T, del func(T) bool) []T {
	out := s[:0]
	for _, x := range s {
		if !del(x) {
			out = append(out, x)
		}
	}
	clear(s[len(out):])
	return out
}

// Applicable reports whether every precondition holds on s.
func (a *Action) Applicable(s StateReader) bool {
	for _, c := range a.Preconditions {
		if !c.Holds(s) {
			return false
		}
	}
	return true
}

// Apply applies the effects, in order, to ws.
func (a *Action) Apply(ws *WorldState) {
	for _, e := range a.Effects {
		e.Apply(ws)
	}
}

// CostIn returns the cost of the action in state s: CostFunc(s) if set,
// else Cost.
func (a *Action) CostIn(s StateReader) float64 {
	if a.CostFunc != nil {
		return a.CostFunc(s)
	}
	return a.Cost
}

// Reset clears the per-step runtime flags (InRange and the done flag) and
// calls Behavior.Reset. It keeps Target (the seed's DoReset cleared it,
// which lost static targets; a Behavior that picks targets sets Target in
// CheckProceduralPrecondition).
func (a *Action) Reset() {
	a.InRange = false
	a.done = false
	if a.Behavior != nil {
		a.Behavior.Reset(a)
	}
}

// IsDone reports whether the current step has completed: Behavior.IsDone,
// or without a Behavior whether Perform has succeeded since the last Reset.
func (a *Action) IsDone() bool {
	if a.Behavior != nil {
		return a.Behavior.IsDone(a)
	}
	return a.done
}

// CheckProceduralPrecondition reports whether the action can be used now by
// agent (Behavior.CheckProceduralPrecondition; true without a Behavior). It
// is called before each planning round and may set Target.
func (a *Action) CheckProceduralPrecondition(agent any) bool {
	if a.Behavior != nil {
		return a.Behavior.CheckProceduralPrecondition(a, agent)
	}
	return true
}

// Perform runs one tick of the action for agent and reports success; false
// aborts the plan (Behavior.Perform; true without a Behavior). A successful
// Perform marks the step done for a Behavior-less action or a BehaviorFuncs
// without OnIsDone.
func (a *Action) Perform(agent any) bool {
	ok := true
	if a.Behavior != nil {
		ok = a.Behavior.Perform(a, agent)
	}
	if ok {
		a.done = true
	}
	return ok
}

// String returns the action's name.
func (a *Action) String() string {
	if a == nil {
		return "<nil action>"
	}
	return a.Name
}

package goap

// DataProvider is the game-side interface an Agent plans and acts through:
// the seed's IGoap. All methods are called from Agent.Update, on the
// updating goroutine.
type DataProvider interface {
	// GetWorldState returns the current world state, read at each planning
	// round (the seed's GetState). The Agent does not modify it.
	GetWorldState() *WorldState
	// Goals returns the candidate goals, read at each planning round (the
	// seed's CreateGoalState returned a single goal). The Agent tries the
	// unmet ones by descending priority, ties in slice order.
	Goals() []*Goal
	// PlanFailed reports that goal could not be planned for; err wraps
	// ErrNoPlan, ErrBudget or ErrInvalid.
	PlanFailed(goal *Goal, err error)
	// PlanFound reports the plan the Agent is about to execute for goal.
	PlanFound(goal *Goal, plan Plan)
	// ActionsFinished reports that every action of the current plan
	// completed (Agent.Goal still returns the goal during the call).
	ActionsFinished()
	// PlanAborted reports that the current plan was abandoned because of
	// aborter: its Perform failed, or it needs range and has no Target.
	// Called exactly once per abandoned plan.
	PlanAborted(aborter *Action)
	// MoveAgent moves the agent one tick towards next.Target and reports
	// whether it is now in range.
	MoveAgent(next *Action) bool
}

package goap

import (
	"errors"
	"fmt"
)

// Sentinel errors. Test for them with errors.Is; the errors returned by the
// planner wrap them in a *PlanError naming the goal.
var (
	// ErrNoPlan: the search exhausted every reachable state without meeting
	// the goal (or a goal condition is on a key no usable action changes).
	ErrNoPlan = errors.New("no plan")
	// ErrBudget: the search reached one of the Planner's budgets (MaxNodes
	// expansions, MaxTime, MaxBytes; PlanError.Limit says which) without
	// meeting the goal. No partial plan is returned.
	ErrBudget = errors.New("budget exhausted")
	// ErrInvalid: the problem is malformed (nil goal or action, ordering
	// operator on a non-number, Add on a non-number key, negative/NaN cost,
	// a NaN value in a condition or effect, an infinite Add amount, a NaN
	// static goal priority, a NaN or infinite Planner.Weight, a CostFunc
	// result below the action's declared Cost, ...).
	ErrInvalid = errors.New("invalid planning problem")
	// ErrReplay: the plan found by the search failed the replay check (an
	// internal invariant: it should never happen).
	ErrReplay = errors.New("plan failed replay check")
)

// PlanError is the error type returned by Planner.Plan. Err is one of the
// sentinels above; Goal is the goal's description (its name, or its
// conditions when unnamed); Detail says what went wrong.
type PlanError struct {
	Goal     string // Goal.String() of the goal
	Err      error  // ErrNoPlan, ErrBudget, ErrInvalid or ErrReplay
	Limit    string // for ErrBudget: LimitNodes, LimitTime or LimitBytes; else ""
	Detail   string // what went wrong, e.g. "node budget of 50 expansions reached"
	Expanded int    // nodes expanded before the error
	Visited  int    // distinct states generated before the error
}

// Error formats as `goap: goal "eat": no plan: <detail> (expanded 4, visited 5)`.
func (e *PlanError) Error() string {
	s := fmt.Sprintf("goap: goal %s: %v", e.Goal, e.Err)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s + fmt.Sprintf(" (expanded %d, visited %d)", e.Expanded, e.Visited)
}

// Unwrap returns the sentinel, so errors.Is(err, ErrNoPlan) works.
func (e *PlanError) Unwrap() error { return e.Err }

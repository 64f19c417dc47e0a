package goap

import (
	"math"
	"strings"
)

// Goal is a desired world state: every condition must hold. The seed had a
// single CreateGoalState set of key == value pairs; goals here have names,
// any Condition operators and priorities, and an Agent picks among several.
type Goal struct {
	// Name identifies the goal in traces and errors.
	Name string
	// Conditions must all hold for the goal to be met. An empty list is
	// always met.
	Conditions []Condition
	// Priority orders goals for the Agent: higher first; ties keep the order
	// of DataProvider.Goals. Ignored when PriorityFunc is set. NaN makes
	// the goal invalid (planning it, or PlanGoals with it, fails with
	// ErrInvalid); ±Inf are allowed (always first, always last).
	Priority float64
	// PriorityFunc, if set, computes the priority on the current world state
	// at each planning round. A NaN result ranks lowest.
	PriorityFunc func(s StateReader) float64
}

// NewGoal returns a goal with a static priority.
func NewGoal(name string, priority float64, conds ...Condition) *Goal {
	return &Goal{Name: name, Priority: priority, Conditions: conds}
}

// SatisfiedBy reports whether every condition holds on s.
func (g *Goal) SatisfiedBy(s StateReader) bool {
	for _, c := range g.Conditions {
		if !c.Holds(s) {
			return false
		}
	}
	return true
}

// PriorityIn returns the goal's priority in state s (PriorityFunc or
// Priority); NaN becomes -Inf.
func (g *Goal) PriorityIn(s StateReader) float64 {
	p := g.Priority
	if g.PriorityFunc != nil {
		p = g.PriorityFunc(s)
	}
	if math.IsNaN(p) {
		return math.Inf(-1)
	}
	return p
}

// String returns the goal's name quoted, followed by its conditions, e.g.
// `"eat" {food == true, money == true}`; an unnamed goal shows only the
// conditions.
func (g *Goal) String() string {
	if g == nil {
		return "<nil goal>"
	}
	var b strings.Builder
	if g.Name != "" {
		b.WriteString(`"` + g.Name + `" `)
	}
	b.WriteByte('{')
	for i, c := range g.Conditions {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.String())
	}
	b.WriteByte('}')
	return b.String()
}

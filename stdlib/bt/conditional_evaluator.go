package bt

// ConditionalEvaluator guards its child with a conditional task (Behavior
// Designer's ConditionalEvaluator: "evaluates the specified conditional
// task. If the conditional task returns success then the child task is run
// and the child status is returned. If the conditional task does not
// return success then the child task is not run and a failure status is
// immediately returned"; its reevaluate flag re-checks every tick).
//
// The conditional is not a child (as in Behavior Designer it is a field):
// it is ticked with the full lifecycle (OnStart, OnUpdate, OnEnd) before
// the child, on the first tick of each run and, with Reevaluate (the
// default from the constructor), on every tick of the run. When it does
// not succeed, the running child is ended (OnEnd, deepest first) and the
// evaluator fails; a conditional that returns Running counts as not
// succeeding and is ended too. Without a child or a conditional it
// panics with a *StructureError (see [Decorator]).
type ConditionalEvaluator struct {
	Decorator
	// Conditional is the guard; it may be any task, usually a
	// conditional. It must not be attached to another parent.
	Conditional Task
	// Reevaluate evaluates Conditional on every tick instead of only on
	// the first tick of each run.
	Reevaluate bool

	evaluated bool
}

// NewConditionalEvaluator returns an evaluator of cond guarding child,
// with Reevaluate on.
func NewConditionalEvaluator(cond Task, child Task) *ConditionalEvaluator {
	d := &ConditionalEvaluator{Conditional: cond, Reevaluate: true}
	newDecorator(&d.Decorator, d, child)
	return d
}

// OnUpdate evaluates the conditional when due, then ticks the child.
func (d *ConditionalEvaluator) OnUpdate() Status {
	c := d.child()
	if d.Conditional == nil {
		panic(&StructureError{Task: d.self, Problem: "has no conditional task to evaluate; give it one when making it"})
	}
	if d.Reevaluate || !d.evaluated {
		cb := d.Conditional.Base()
		if cb.tree == nil {
			cb.tree = d.tree
		}
		d.evaluated = true
		if s := Tick(d.Conditional); s != Success {
			EndWith(d.Conditional, EndCause{Kind: EndByParent, By: d.Self()})
			End(c)
			return Failure
		}
	}
	return Tick(c)
}

// OnEnd ends a running conditional and forgets the evaluation.
func (d *ConditionalEvaluator) OnEnd() {
	EndWith(d.Conditional, EndCause{Kind: EndByParent, By: d.Self()})
	d.evaluated = false
}

package bt

// Condition is a precondition attached to a composite, after the warrior
// seed's IConditionNode ("行为树的设计与实现": composites carry a condition
// list that short-circuits the branch). Check reports whether the
// condition holds; it must not have side effects on the tree.
type Condition interface {
	Check() bool
}

// Precondition adapts a func() bool to a Condition, like the warrior
// seed's Precondition(ExternalFunc). A nil Precondition does not hold (the
// seed returns false when it has no function). The seed's copy constructor
// Precondition(other) is simply the other Condition value in Go.
type Precondition func() bool

// Check calls the function; nil is false.
func (p Precondition) Check() bool {
	if p == nil {
		return false
	}
	return p()
}

// preconditionNot negates a Condition.
type preconditionNot struct{ c Condition }

// Check negates the wrapped condition; a missing one does not hold.
func (n preconditionNot) Check() bool {
	if n.c == nil {
		return false
	}
	return !n.c.Check()
}

// PreconditionNot returns the negation of c, like the warrior seed's
// PreconditionNOT. c is a Condition or a func() bool (wrapped with
// Precondition); a nil condition does not hold, negated or not (the seed
// returns false when it has no function). Any other argument panics.
func PreconditionNot(c any) Condition {
	switch v := c.(type) {
	case nil:
		return preconditionNot{}
	case Precondition:
		if v == nil {
			return preconditionNot{}
		}
		return preconditionNot{v}
	case Condition:
		return preconditionNot{v}
	case func() bool:
		if v == nil {
			return preconditionNot{}
		}
		return preconditionNot{Precondition(v)}
	}
	panic("bt: PreconditionNot takes a Condition or a func() bool")
}

// AddCondition attaches a precondition to the composite (the warrior
// seed's ICompositeNode.AddCondition). The composite's conditions are
// checked in the order added, in [Tick], before the composite starts and
// again at the beginning of every tick while it runs (before conditional
// aborts and before OnUpdate). When one does not hold:
//
//   - before a run: the composite fails without starting (no OnStart, no
//     OnEnd, no observer event; its status becomes Failure), so a parent
//     Selector moves on to its next child as the seed's Enter does;
//   - during a run: its running children are ended (deepest first), its
//     OnEnd is called and it fails in that tick (the seed's Tick returns
//     false and the parent calls Leave).
//
// A composite without conditions pays nothing for the feature. A nil c is
// ignored.
func (c *Composite) AddCondition(cond Condition) {
	if cond != nil {
		if c.conds == nil {
			c.conds = make([]Condition, 0, 2)
		}
		c.conds = append(c.conds, cond)
	}
}

// Conditions returns the composite's preconditions in order. The slice is
// owned by the composite.
func (c *Composite) Conditions() []Condition { return c.conds }

// conditionsHold checks the preconditions in order. When every condition
// is declarative and in the composite's one chunk (the usual case: one or
// two AddCondition("var", ...) per composite), it reads the chunk
// directly, not the list of interfaces that points into it: one cache
// line fewer per composite and tick.
func (c *Composite) conditionsHold() bool {
	if len(c.vconds) == len(c.conds) {
		// conds grows with vconds and vconds is renewed when full, so
		// equal lengths mean that conds holds exactly the chunk, in order.
		for i := range c.vconds {
			if !c.vconds[i].Check() {
				return false
			}
		}
		return true
	}
	for _, cd := range c.conds {
		if !cd.Check() {
			return false
		}
	}
	return true
}

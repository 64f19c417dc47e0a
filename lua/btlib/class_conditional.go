package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTConditional", Base: "BTTask",
		Doc:   "Base of leaf tasks that test the world (Behavior Designer's Conditional): conditional aborts re-evaluate them; succeeds unless OnUpdate is overridden.",
		kind:  classKind{set: true, leaf: true, conditional: true},
		New:   func(Args) (bt.Task, error) { return &condImpl{}, nil },
		pair:  paired[condImpl](nil),
		setup: setupLeaf,
	})
}

// condImpl is the behaviour of BTConditional: it succeeds.
type condImpl struct{ bt.Conditional }

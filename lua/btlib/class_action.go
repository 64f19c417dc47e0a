package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTAction", Base: "BTTask",
		Doc:   "Base of leaf tasks that act on the world (Behavior Designer's Action); succeeds unless OnUpdate is overridden.",
		kind:  classKind{set: true, leaf: true},
		New:   func(Args) (bt.Task, error) { return &leafImpl{}, nil },
		pair:  paired[leafImpl](nil),
		setup: setupLeaf,
	})
}

package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTTimeout", Base: "BTDecorator",
		Doc: "Ends its child and fails when the child runs longer than the timeout on the tree clock (BehaviorTree.CPP's Timeout).",
		Params: []Param{
			{Name: "seconds", Type: ArgSeconds, Unit: "s", Doc: "the timeout; required"},
		},
		New: func(a Args) (bt.Task, error) { return bt.NewTimeout(a.Number("seconds"), nil), nil },
	})
}

package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTParallel", Base: "BTComposite",
		Doc: "Ticks every unfinished child each tick; fails at the first Failure, succeeds when all succeeded (Behavior Designer's Parallel).",
		New: func(Args) (bt.Task, error) { return bt.NewParallel(), nil },
	})
}

package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTParallelSelector", Base: "BTComposite",
		Doc: "Succeeds on the first child success and ends the others; fails when all failed (Behavior Designer's Parallel Selector).",
		New: func(Args) (bt.Task, error) { return bt.NewParallelSelector(), nil },
	})
}

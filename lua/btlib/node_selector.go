package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTSelector", Base: "BTComposite",
		Doc:  "Runs children in order until one succeeds (Behavior Designer's Selector).",
		New:  func(Args) (bt.Task, error) { return bt.NewSelector(), nil },
		pair: paired[bt.Selector](nil),
	})
}

package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTUtilitySelector", Base: "BTComposite",
		Doc: "Runs the child with the highest GetUtility(), re-evaluated every tick (Behavior Designer's Utility Selector).",
		New: func(Args) (bt.Task, error) { return bt.NewUtilitySelector(), nil },
	})
}

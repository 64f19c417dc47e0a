package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTPrioritySelector", Base: "BTComposite",
		Doc: "A Selector over its children ordered by GetPriority(), highest first, read when its run starts (Behavior Designer's Priority Selector).",
		New: func(Args) (bt.Task, error) { return bt.NewPrioritySelector(), nil },
	})
}

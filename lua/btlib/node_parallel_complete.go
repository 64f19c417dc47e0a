package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTParallelComplete", Base: "BTComposite",
		Doc: "Ends with the status of the first child to finish, ending the others (Behavior Designer's Parallel Complete).",
		New: func(Args) (bt.Task, error) { return bt.NewParallelComplete(), nil },
	})
}

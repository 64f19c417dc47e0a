package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTReturnFailure", Base: "BTDecorator",
		Doc: "Always fails once the child ends.",
		New: func(Args) (bt.Task, error) { return bt.NewReturnFailure(nil), nil },
	})
}

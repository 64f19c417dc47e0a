package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTReturnSuccess", Base: "BTDecorator",
		Doc: "Always succeeds once the child ends.",
		New: func(Args) (bt.Task, error) { return bt.NewReturnSuccess(nil), nil },
	})
}

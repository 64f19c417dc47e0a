package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTInverter", Base: "BTDecorator",
		Doc: "Success becomes Failure and Failure Success.",
		New: func(Args) (bt.Task, error) { return bt.NewInverter(nil), nil },
	})
}

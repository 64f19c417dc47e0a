package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTIdle", Base: "BTAction",
		Doc: "Always Running.",
		New: func(Args) (bt.Task, error) { return bt.NewIdle(), nil },
	})
}

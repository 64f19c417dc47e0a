package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTInterrupt", Base: "BTDecorator",
		Doc: "Runs its child; a BTPerformInterruption naming it ends the child and returns the status it gives (Behavior Designer's Interrupt).",
		New: func(Args) (bt.Task, error) { return bt.NewInterrupt(nil), nil },
	})
}

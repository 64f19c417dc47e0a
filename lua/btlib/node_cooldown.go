package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTCooldown", Base: "BTDecorator",
		Doc: "Runs its child, then holds the child's result for a cooldown on the tree clock (Behavior Designer's Cooldown).",
		Params: []Param{
			{Name: "seconds", Type: ArgSeconds, Unit: "s", Doc: "the cooldown; required"},
		},
		New: func(a Args) (bt.Task, error) { return bt.NewCooldown(a.Number("seconds"), nil), nil },
	})
}

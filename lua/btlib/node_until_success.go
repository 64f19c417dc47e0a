package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTUntilSuccess", Base: "BTDecorator",
		Doc: "Runs its child until it succeeds (Behavior Designer's Until Success).",
		Params: []Param{
			{Name: "maxAttempts", Type: ArgCount, Unit: "runs", Optional: true, Default: 0, Doc: "fail after this many failed runs; 0 or omitted: no limit"},
		},
		New: func(a Args) (bt.Task, error) {
			u := bt.NewUntilSuccess(nil)
			u.MaxAttempts = a.Int("maxAttempts")
			return u, nil
		},
	})
}

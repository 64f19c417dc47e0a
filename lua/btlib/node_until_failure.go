package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTUntilFailure", Base: "BTDecorator",
		Doc: "Runs its child until it fails (Behavior Designer's Until Failure).",
		Params: []Param{
			{Name: "maxSuccesses", Type: ArgCount, Unit: "runs", Optional: true, Default: 0, Doc: "succeed after this many successful runs; 0 or omitted: no limit"},
		},
		New: func(a Args) (bt.Task, error) {
			u := bt.NewUntilFailure(nil)
			u.MaxSuccesses = a.Int("maxSuccesses")
			return u, nil
		},
	})
}

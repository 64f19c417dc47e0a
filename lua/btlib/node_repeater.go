package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTRepeater", Base: "BTDecorator",
		Doc: "Runs its child count times, or forever without a count; when the next run starts depends on the tree's execution type (Behavior Designer's Repeater).",
		Params: []Param{
			{Name: "count", Type: ArgCount, Unit: "runs", Optional: true, Default: 0, Doc: "runs of the child; 0 or omitted: forever"},
			{Name: "endOnFailure", Type: ArgBool, Optional: true, Default: false, Doc: "stop and fail when the child fails"},
		},
		New: func(a Args) (bt.Task, error) {
			n := a.Int("count")
			r := bt.NewRepeater(n, nil)
			r.RepeatForever = n == 0
			r.EndOnFailure = a.Bool("endOnFailure")
			return r, nil
		},
		pair: paired(fillRepeater),
	})
}

// fillRepeater makes r, a zero Repeater next to its Task, the Repeater
// New makes: a task per agent in trees with a forever loop at the top
// (the warrior's brain), one allocation instead of four with its Task and
// table (task_pair.go).
func fillRepeater(r *bt.Repeater, a Args) error {
	bt.NewDecoratorBase(&r.Decorator, r, "")
	n := a.Int("count")
	r.Count, r.RepeatForever = n, n == 0
	r.EndOnFailure = a.Bool("endOnFailure")
	return nil
}

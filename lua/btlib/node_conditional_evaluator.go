package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTConditionalEvaluator", Base: "BTDecorator",
		Doc: "Runs its child while a conditional task holds, evaluated before the child starts and, with reevaluate, every tick (Behavior Designer's Conditional Evaluator).",
		Params: []Param{
			{Name: "condition", Type: ArgTask, Optional: true, Doc: "the conditional task; required before the task runs"},
			{Name: "reevaluate", Type: ArgBool, Optional: true, Default: true, Doc: "evaluate the condition every tick, not only before the child starts"},
		},
		Usage: "BTConditionalEvaluator:New(condition?, reevaluate?)",
		New: func(a Args) (bt.Task, error) {
			e := bt.NewConditionalEvaluator(a.Task("condition"), nil)
			e.Reevaluate = a.Bool("reevaluate")
			return e, nil
		},
	})
}

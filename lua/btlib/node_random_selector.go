package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTRandomSelector", Base: "BTComposite",
		Doc:    "A Selector in a random order drawn at each run (Behavior Designer's Random Selector).",
		Params: randomParams,
		New: func(a Args) (bt.Task, error) {
			s := bt.NewRandomSelector(seedOf(a))
			s.Weights = a.Ints("weights")
			return s, nil
		},
	})
}

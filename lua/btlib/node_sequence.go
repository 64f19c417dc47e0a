package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTSequence", Base: "BTComposite",
		Doc:  "Runs children in order until one fails; Success goes on in the same tick (Behavior Designer's Sequence).",
		New:  func(Args) (bt.Task, error) { return bt.NewSequence(), nil },
		pair: paired[bt.Sequence](nil),
	})
}

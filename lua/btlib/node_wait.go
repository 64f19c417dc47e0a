package btlib

import (
	"fmt"

	"github.com/btlua/btlua/stdlib/bt"
)

func init() {
	builtin(Class{
		Name: "BTWait", Base: "BTAction",
		Doc: "Running until the tree clock has advanced by the given seconds, or by a random time from min to max drawn at each run; then Success (Behavior Designer's Wait).",
		Params: []Param{
			{Name: "seconds", Type: ArgSeconds, Unit: "s", Doc: "the wait; with max, the shortest random wait (min); required"},
			{Name: "max", Type: ArgSeconds, Unit: "s", Optional: true, Doc: "the longest random wait; omitted: wait exactly seconds"},
			{Name: "seed", Type: ArgCount, Optional: true, Doc: "seed of the random waits; omitted: a random seed"},
		},
		Usage: "BTWait:New(seconds) or BTWait:New(min, max, seed?)",
		New: func(a Args) (bt.Task, error) {
			if !a.Given("max") {
				return bt.NewWait(a.Number("seconds")), nil
			}
			lo, hi := a.Number("seconds"), a.Number("max")
			if hi < lo {
				return nil, fmt.Errorf("max (%v) is less than min (%v)", hi, lo)
			}
			return bt.NewRandomWait(lo, hi, seedOf(a)), nil
		},
	})
}

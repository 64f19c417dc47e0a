package btlib

import (
	"math/rand/v2"

	"github.com/btlua/btlua/stdlib/bt"
)

func init() {
	builtin(Class{
		Name: "BTRandomSequence", Base: "BTComposite",
		Doc:    "A Sequence in a random order drawn at each run (Behavior Designer's Random Sequence).",
		Params: randomParams,
		New: func(a Args) (bt.Task, error) {
			s := bt.NewRandomSequence(seedOf(a))
			s.Weights = a.Ints("weights")
			return s, nil
		},
	})
}

// randomParams are the constructor arguments of the random composites.
var randomParams = []Param{
	{Name: "seed", Type: ArgCount, Optional: true, Doc: "seed of the random order; omitted: a random seed"},
	{Name: "weights", Type: ArgWeights, Optional: true, Doc: "the children's weights in the draw, in order; omitted: all equal"},
}

// seedOf returns the random source of a random composite: seeded with the
// seed argument, or nil (a random seed) when it is omitted.
func seedOf(a Args) *rand.Rand {
	if !a.Given("seed") {
		return nil
	}
	return bt.NewRand(uint64(a.Int("seed")))
}

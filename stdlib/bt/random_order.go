package bt

import "math/rand/v2"

// NewRand returns a *rand.Rand seeded with seed (a PCG source), for the
// random tasks (RandomSequence, RandomSelector, Wait with a range). The
// same seed gives the same sequence of choices, so a tree built with a
// fixed seed replays identically; Behavior Designer exposes the same knob
// as "seed" and "useSeed".
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// randOrDefault returns *r, creating a source from the runtime's random
// seed when it is nil (Behavior Designer's behaviour when useSeed is off).
func randOrDefault(r **rand.Rand) *rand.Rand {
	if *r == nil {
		*r = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	return *r
}

// shuffleOrder computes a new random order of n children into o.
//
// Without weights it is a Fisher-Yates shuffle (Behavior Designer's
// RandomSequence/RandomSelector ShuffleChilden). With weights (after
// BTAI's RandomSequence, which takes an int weight per child) it is a
// weighted random permutation: each next position is drawn among the
// children not placed yet with probability proportional to their weight.
// A child without an entry in weights weighs 1; a weight <= 0 never wins a
// draw, so such children run last, in child order.
func shuffleOrder(o *childOrder, n int, r *rand.Rand, weights []int) {
	o.identity(n)
	ord := o.order
	if len(weights) == 0 {
		for i := n - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			ord[i], ord[j] = ord[j], ord[i]
		}
		return
	}
	weight := func(c int) int {
		if c < len(weights) {
			return max(weights[c], 0)
		}
		return 1
	}
	for p := 0; p < n; p++ {
		total := 0
		for _, c := range ord[p:] {
			total += weight(c)
		}
		if total == 0 {
			// The rest weigh nothing: keep them in child order.
			rest := ord[p:]
			for i := 1; i < len(rest); i++ {
				for j := i; j > 0 && rest[j] < rest[j-1]; j-- {
					rest[j], rest[j-1] = rest[j-1], rest[j]
				}
			}
			return
		}
		x := r.IntN(total)
		for q := p; q < n; q++ {
			x -= weight(ord[q])
			if x < 0 {
				ord[p], ord[q] = ord[q], ord[p]
				break
			}
		}
	}
}

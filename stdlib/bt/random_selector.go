package bt

import "math/rand/v2"

// RandomSelector is a Selector over its children in a random order drawn
// when each run starts (Behavior Designer's RandomSelector: "similar to the
// selector task, except the random selector task will run its children in
// a random order"). Within a run it behaves exactly like Selector: a
// Failure moves on in the same tick, a Running child is resumed, the first
// Success succeeds. An empty RandomSelector fails.
//
// Optional integer weights (after BTAI's RandomSequence weights) bias the
// permutation: missing weights count 1, a weight <= 0 runs last. With a
// fixed Rand seed the orders are reproducible. A conditional abort
// continues at the aborting child's place in the current order.
type RandomSelector struct {
	Composite
	childOrder
	// Rand draws the orders; nil means a source seeded at random on the
	// first run. Use NewRand(seed) for reproducible runs.
	Rand *rand.Rand
	// Weights biases the order: child i weighs Weights[i] (1 when absent).
	Weights []int
}

// NewRandomSelector returns a RandomSelector over children drawing from r
// (nil for a random seed). It panics if a child cannot be attached.
func NewRandomSelector(r *rand.Rand, children ...Task) *RandomSelector {
	s := &RandomSelector{Rand: r}
	s.Init(s, "")
	addAll(s, children)
	return s
}

// OnStart draws the run's order.
func (s *RandomSelector) OnStart() {
	if n := len(s.children); s.begin(n) {
		shuffleOrder(&s.childOrder, n, randOrDefault(&s.Rand), s.Weights)
	}
}

// OnUpdate runs the children in the drawn order.
func (s *RandomSelector) OnUpdate() Status { return s.selector(s.children) }

// OnEnd rewinds to the first position; the order is kept for inspection.
func (s *RandomSelector) OnEnd() { s.pos = 0 }

// OnConditionalAbort resumes at child i's place in the current order.
func (s *RandomSelector) OnConditionalAbort(i int) { s.abortAt(i, s.started) }

package bt

import "math/rand/v2"

// RandomSequence is a Sequence over its children in a random order drawn
// when each run starts (Behavior Designer's RandomSequence: "similar to the
// sequence task, except the random sequence task will run its children in
// a random order"). Within a run it behaves exactly like Sequence: a
// Success moves on in the same tick, a Running child is resumed, the first
// Failure fails. An empty RandomSequence fails.
//
// BTAI's RandomSequence instead runs one random child per call; this
// package follows Behavior Designer and takes BTAI's optional integer
// weights to bias the permutation (see shuffleOrder's rules: missing
// weights count 1, weight <= 0 runs last). With a fixed Rand seed the
// orders are reproducible. A conditional abort continues at the aborting
// child's place in the current order (a new order is not drawn).
type RandomSequence struct {
	Composite
	childOrder
	// Rand draws the orders; nil means a source seeded at random on the
	// first run. Use NewRand(seed) for reproducible runs.
	Rand *rand.Rand
	// Weights biases the order: child i weighs Weights[i] (1 when absent).
	Weights []int
}

// NewRandomSequence returns a RandomSequence over children drawing from r
// (nil for a random seed). It panics if a child cannot be attached.
func NewRandomSequence(r *rand.Rand, children ...Task) *RandomSequence {
	s := &RandomSequence{Rand: r}
	s.Init(s, "")
	addAll(s, children)
	return s
}

// OnStart draws the run's order.
func (s *RandomSequence) OnStart() {
	if n := len(s.children); s.begin(n) {
		shuffleOrder(&s.childOrder, n, randOrDefault(&s.Rand), s.Weights)
	}
}

// OnUpdate runs the children in the drawn order.
func (s *RandomSequence) OnUpdate() Status { return s.sequence(s.children) }

// OnEnd rewinds to the first position; the order is kept for inspection.
func (s *RandomSequence) OnEnd() { s.pos = 0 }

// OnConditionalAbort resumes at child i's place in the current order.
func (s *RandomSequence) OnConditionalAbort(i int) { s.abortAt(i, s.started) }

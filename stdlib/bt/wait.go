package bt

import "math/rand/v2"

// Wait succeeds after a duration of tree time (Behavior Designer's Wait,
// with its randomWait range; BTAI's Wait: "returns Continue until the
// given time, starting from the first call, is reached, then Success").
//
// Exact rule: the duration is fixed when the run starts (OnStart), and so
// is the start time, the tree's clock at that tick ([BehaviorTree.Time],
// which already includes that tick's delta time). Every tick, elapsed =
// Time() - start; the Wait returns Success on the first tick where elapsed
// >= duration (with a 1e-9 s tolerance for float rounding) and Running
// before. On the starting tick elapsed is 0, so a positive duration is
// Running there: with dt = 0.5 a 1 s Wait returns Running, Running,
// Success; with dt = 1 a 1 s Wait returns Running, Success. A duration <= 0
// succeeds on its first tick. Outside a tree the clock stays at 0.
//
// With Random set the duration is drawn uniformly from [Min, Max] at each
// run start using Rand (Behavior Designer's randomWaitMin/Max); Seconds is
// then unused.
type Wait struct {
	Action
	// Seconds is the fixed duration.
	Seconds float64
	// Random draws the duration from [Min, Max] instead.
	Random bool
	// Min and Max bound the random duration in seconds.
	Min, Max float64
	// Rand draws random durations; nil means a source seeded at random
	// on first use. Use NewRand(seed) for reproducible runs.
	Rand *rand.Rand

	start, dur float64
}

// NewWait returns a Wait of seconds.
func NewWait(seconds float64) *Wait {
	w := &Wait{Seconds: seconds}
	w.Init(w, "")
	return w
}

// NewRandomWait returns a Wait whose duration is drawn from [min, max] at
// each run start using r (nil for a random seed).
func NewRandomWait(min, max float64, r *rand.Rand) *Wait {
	w := &Wait{Random: true, Min: min, Max: max, Rand: r}
	w.Init(w, "")
	return w
}

// Duration returns the duration of the current or last run.
func (w *Wait) Duration() float64 { return w.dur }

// OnStart fixes the start time and the duration.
func (w *Wait) OnStart() {
	w.start = w.now()
	w.dur = w.Seconds
	if w.Random {
		lo, hi := w.Min, w.Max
		if hi < lo {
			lo, hi = hi, lo
		}
		w.dur = lo + randOrDefault(&w.Rand).Float64()*(hi-lo)
	}
}

// OnUpdate succeeds once the duration has elapsed.
func (w *Wait) OnUpdate() Status {
	if elapsed(w.now(), w.start, w.dur) {
		return Success
	}
	return Running
}

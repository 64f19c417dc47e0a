package schedule

import "math"

// Lag is the distribution of the lags of the ticks made (seconds late
// compared with the first frame at which each was due): a count of zero
// lags and a log-linear histogram of the others, 32 buckets an octave,
// each keeping the largest lag it holds, so that a quantile is a lag
// that occurred, at most one bucket (about 2%) above the exact one.
type Lag struct {
	n, zero uint64
	max     float64
	buckets [octaves * perOctave]bucket
}

type bucket struct {
	n   uint64
	max float64
}

const (
	perOctave = 32
	minExp    = -30 // 2^-31 s: below, a lag counts in the first bucket
	octaves   = 52  // up to 2^21 s, above in the last
)

// Add counts one tick of lag seconds (0 or more).
func (l *Lag) Add(seconds float64) {
	l.n++
	if !(seconds > 0) {
		l.zero++
		return
	}
	l.max = max(l.max, seconds)
	frac, exp := math.Frexp(seconds) // seconds = frac * 2^exp, frac in [0.5, 1)
	i := (exp-minExp)*perOctave + int((frac-0.5)*2*perOctave)
	i = min(max(i, 0), len(l.buckets)-1)
	b := &l.buckets[i]
	b.n++
	b.max = max(b.max, seconds)
}

// Count returns the ticks counted, and how many of them were late (lag
// above 0).
func (l *Lag) Count() (ticks, late uint64) { return l.n, l.n - l.zero }

// Max returns the largest lag in seconds (0 with none).
func (l *Lag) Max() float64 { return l.max }

// Quantile returns the lag in seconds that a fraction q (0 to 1) of the
// ticks do not exceed: the largest lag of the bucket holding the tick of
// rank ceil(q*n) (0 with no ticks).
func (l *Lag) Quantile(q float64) float64 {
	if l.n == 0 {
		return 0
	}
	rank := uint64(math.Ceil(q * float64(l.n)))
	if rank <= l.zero {
		return 0
	}
	seen := l.zero
	for _, b := range l.buckets {
		if seen += b.n; seen >= rank {
			return b.max
		}
	}
	return l.max
}

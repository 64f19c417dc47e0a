package shards

import "slices"

// Prepared is a change one shard has run and not yet kept: Apply keeps
// it and returns its result, Abort undoes it (a reload's snapshot
// restored).
type Prepared[R any] interface {
	Apply() R
	Abort()
}

// Transact runs a change in every shard as one (a sharded Reload):
// prepare(i) runs it in shard i, in shard order (ok false: the change
// does not concern the shard). When one fails, the shards prepared
// before undo theirs, the last first, and its error comes back: nothing
// changed in any. Otherwise each keeps its change, in shard order, and
// their results come back in that order.
func Transact[R any](n int, prepare func(i int) (p Prepared[R], ok bool, err error)) ([]R, error) {
	var pend []Prepared[R]
	for i := range n {
		p, ok, err := prepare(i)
		if err != nil {
			for _, q := range slices.Backward(pend) {
				q.Abort()
			}
			return nil, err
		}
		if ok {
			pend = append(pend, p)
		}
	}
	out := make([]R, len(pend))
	for i, p := range pend {
		out[i] = p.Apply()
	}
	return out, nil
}

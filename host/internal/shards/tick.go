package shards

import (
	"errors"
	"slices"
)

// Tick ticks every shard's agents with dt seconds: shard 0 on the
// caller's goroutine, the others each on its worker (Crew), or, serial,
// all on the caller's goroutine one after the other (as when the memory
// check measures each agent). It returns after all have finished; the
// join is the caller's: Prints, CheckLent, ApplyWrites, Repanic and
// Errors, in that order.
func (e *Engine[A, L]) Tick(dt float64, serial bool) {
	for _, f := range e.frames {
		f.Ticking = true
	}
	switch {
	case serial || len(e.shards) == 1:
		for i := range e.shards {
			e.tickShard(i, dt)
		}
	default:
		if e.crew == nil {
			e.crew = StartCrew(len(e.shards), func(i int, dt float64) {
				if i > 0 {
					e.shards[i].Own() // the worker's for the frame
				}
				e.tickShard(i, dt)
			})
		}
		e.crew.Run(dt)
		for _, s := range e.shards[1:] {
			s.Own() // back from the workers
		}
	}
	var none A
	for _, f := range e.frames {
		f.Ticking, f.Agent = false, none
	}
}

// tickShard ticks shard i, keeping its error and a panic.
func (e *Engine[A, L]) tickShard(i int, dt float64) {
	defer func() {
		if p := recover(); p != nil {
			e.panics[i] = p
		}
	}()
	e.errs[i] = e.shards[i].Tick(dt)
}

// Repanic raises again, on the caller's goroutine, the first panic a
// shard's tick raised this frame.
func (e *Engine[A, L]) Repanic() {
	for _, p := range e.panics {
		if p != nil {
			clear(e.panics)
			panic(p)
		}
	}
}

// Blame adds err to shard i's error of the frame, or, replace, makes it
// that error.
func (e *Engine[A, L]) Blame(i int, err error, replace bool) {
	if replace {
		e.errs[i] = err
		return
	}
	e.errs[i] = errors.Join(e.errs[i], err)
}

// Errors returns the shards' errors of the frame in agent order, joined,
// or the strict error of the first agent in agent order.
func (e *Engine[A, L]) Errors() error {
	var strict error
	var strictAgent A
	type ranked struct {
		rank int
		err  error
	}
	var all []ranked
	for i, err := range e.errs {
		e.errs[i] = nil
		if err == nil {
			continue
		}
		if a, se := e.strict(err); se != nil {
			if strict == nil || e.rankOf(a) < e.rankOf(strictAgent) {
				strict, strictAgent = se, a
			}
			continue
		}
		agents := e.shards[i].Agents()
		for _, err := range unjoin(err) {
			r := len(e.rank)
			for _, a := range agents {
				if Same(a.Err(), err) {
					r = e.rankOf(a)
					break
				}
			}
			all = append(all, ranked{r, err})
		}
	}
	if strict != nil {
		return strict
	}
	slices.SortStableFunc(all, func(a, b ranked) int { return a.rank - b.rank })
	errs := make([]error, len(all))
	for i, r := range all {
		errs[i] = r.err
	}
	return errors.Join(errs...)
}

// unjoin returns the errors errors.Join joined into err, or err alone.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// Prints returns the output every shard held this frame, in agent order
// (an agent's own lines in the order written), as one text (nil when
// none was written), and the bytes dropped over HeldOutputMax.
func (e *Engine[A, L]) Prints() (text []byte, dropped int) {
	for _, f := range e.frames {
		dropped += f.dropped
		f.held, f.dropped = 0, 0
	}
	all := drain(e, func(f *Frame[A]) *[]printed[A] { return &f.prints },
		func(p printed[A]) A { return p.agent })
	if len(all) == 0 {
		return nil, dropped
	}
	text = []byte{}
	for _, p := range all {
		text = append(text, p.text...)
	}
	return text, dropped
}

// drain takes what every shard held this frame in the list held returns
// (emptying it, keeping its capacity) and returns it sorted by agent
// order, each agent's items in the order they came.
func drain[T any, A Agent, L comparable](e *Engine[A, L], held func(*Frame[A]) *[]T, agent func(T) A) []T {
	var all []T
	for _, f := range e.frames {
		l := held(f)
		all = append(all, *l...)
		clear(*l)
		*l = (*l)[:0]
	}
	slices.SortStableFunc(all, func(a, b T) int { return e.rankOf(agent(a)) - e.rankOf(agent(b)) })
	return all
}

package host

import (
	"errors"
	"slices"
)

// tickShards is the agents' part of Tick on a sharded host: every shard
// ticks its agents (Tick of the shard, with its budget and error policy),
// shard 0 on the caller's goroutine, the others each on its worker
// (shard_crew.go); after the join, the print output of the frame is
// written in agent order, the table-valued global variables changed in
// place are put back (globals_lent.go: one error each, after the agents'
// errors, left out when a StrictError ends the tick; under the host's
// FailTick the first is itself a StrictError without Agent), the global-variable
// writes of the frame apply in agent order, and the
// memory limit is checked (heaptick.go; a frame that measures each
// agent's allocations ticks the shards one after the other on the
// caller's goroutine, which changes no result: the shards share nothing
// within a frame). The errors come back in agent order. Under FailTick
// every agent of the frame ticks, in every shard (a failing agent is
// stopped, the shard's agents after it tick on), and Tick returns the
// StrictError of the first failing agent in agent order: ending the frame
// at it, as the classic host does, cannot be done the same way for every
// shard count, since the agents after it in other shards tick in
// parallel, and which agents tick must not depend on the shard count. A
// Go panic in a shard is raised again on the caller's goroutine.
func (sh *sharding) tickShards(dt float64, e *hub) error {
	h := sh.host
	serial := h.heapTicks != nil && h.heapTicks.Blaming()
	for _, f := range sh.frames {
		f.ticking = true
	}
	switch {
	case serial || len(sh.shards) == 1:
		for i := range sh.shards {
			sh.tickShard(i, dt)
		}
	default:
		if sh.crew == nil {
			sh.crew = sh.startCrew()
		}
		sh.crew.run(sh, dt)
	}
	for _, f := range sh.frames {
		f.ticking, f.agent = false, nil
	}
	if e != nil {
		sendHeld(e, sh)
	}
	sh.flushPrints()
	lentErrs := sh.checkLentTables()
	sh.applyGlobalWrites()
	for _, p := range sh.panics {
		if p != nil {
			clear(sh.panics)
			panic(p)
		}
	}
	if h.heapTicks != nil {
		if a, err := h.stopHeapHog(); a != nil {
			i := h.ShardOf(a)
			if _, strict := err.(*StrictError); strict {
				sh.errs[i] = err
			} else {
				sh.errs[i] = errors.Join(sh.errs[i], err)
			}
		}
	}
	err := sh.tickErrors()
	if _, strict := err.(*StrictError); strict || lentErrs == nil {
		return err
	}
	if h.policy.Action == FailTick { // the changer is not known: the host's policy
		return &StrictError{Err: lentErrs[0]}
	}
	return errors.Join(append([]error{err}, lentErrs...)...)
}

// tickShard ticks shard i, keeping its error and a panic.
func (sh *sharding) tickShard(i int, dt float64) {
	defer func() {
		if p := recover(); p != nil {
			sh.panics[i] = p
		}
	}()
	sh.errs[i] = sh.shards[i].tickAgents(dt)
}

// tickErrors joins the shards' errors of the frame in agent order.
func (sh *sharding) tickErrors() error {
	var strict *StrictError
	type ranked struct {
		rank int
		err  error
	}
	var all []ranked
	for i, err := range sh.errs {
		sh.errs[i] = nil
		if err == nil {
			continue
		}
		var se *StrictError
		if errors.As(err, &se) {
			if strict == nil || sh.rankOf(se.Agent) < sh.rankOf(strict.Agent) {
				strict = se
			}
			continue
		}
		agents := sh.shards[i].agents
		for _, e := range unjoin(err) {
			r := len(sh.rank)
			for _, a := range agents {
				if same(a.Err(), e) {
					r = sh.rankOf(a)
					break
				}
			}
			all = append(all, ranked{r, e})
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

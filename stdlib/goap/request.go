package goap

// Request is a planning request spread over several calls (frames): Step
// runs at most a given number of expansions and returns; the next Step
// resumes where it stopped. The result is the same plan, cost, counters and
// error as one Plan call on the same problem (node and memory budgets count
// the same way; the time budget counts only the time spent inside Step).
//
// A Request uses its Planner's search buffers: starting another Request or
// calling Plan on the same Planner supersedes it, and its next Step ends it
// with ErrInvalid. The start state, goal and actions must not change while
// it is pending. A Request is not safe for concurrent use.
type Request struct {
	p       *Planner
	gen     uint64
	start   *WorldState
	goal    *Goal
	actions []*Action
	done    bool
	plan    Plan
	err     error
}

// Begin starts a Request for the same problem as Plan(start, goal,
// actions). Problems that need no search (malformed, already met,
// statically unreachable) are done at once.
func (p *Planner) Begin(start *WorldState, goal *Goal, actions []*Action) *Request {
	p.trace = p.trace[:0]
	p.traceN = 0
	p.limit = ""
	p.gen++
	p.lastStart = start
	r := &Request{p: p, gen: p.gen, start: start, goal: goal, actions: actions}
	if detail, err := p.compile(start, goal, actions); err != nil {
		r.finish(p.fail(goal, err, detail, 0, 0))
		return r
	}
	if p.goalHolds(p.start) {
		r.finish(Plan{Goal: goal, Satisfied: true, Visited: 1}, nil)
		return r
	}
	if d := p.staticallyUnreachable(); d != "" {
		r.finish(p.fail(goal, ErrNoPlan, d, 0, 1))
		return r
	}
	p.beginSearch()
	return r
}

func (r *Request) finish(plan Plan, err error) {
	r.done, r.plan, r.err = true, plan, err
	if r.p.gen == r.gen {
		r.p.last, r.p.lastErr = plan, err
	}
}

// Step runs at most maxExpansions node expansions (at least 1) and reports
// whether the request is done; then Result holds the outcome.
func (r *Request) Step(maxExpansions int) bool {
	if r.done {
		return true
	}
	p := r.p
	if p.gen != r.gen {
		r.finish(Plan{Goal: r.goal}, &PlanError{Goal: r.goal.String(), Err: ErrInvalid,
			Detail: "request superseded by a later Plan or Begin on the same Planner"})
		return true
	}
	goalNode, exp, detail, err := p.runSearch(max(maxExpansions, 1))
	if err == errPending {
		return false
	}
	r.finish(p.finishSearch(r.start, r.goal, goalNode, exp, detail, err))
	return true
}

// Done reports whether the request has finished.
func (r *Request) Done() bool { return r.done }

// Result returns the outcome once Done (the values Plan would return);
// before that a zero Plan and a nil error.
func (r *Request) Result() (Plan, error) { return r.plan, r.err }

// Expanded returns the number of nodes expanded so far.
func (r *Request) Expanded() int {
	if r.done {
		return r.plan.Expanded
	}
	return r.p.expanded
}

package schedule

import "time"

// Item is what Plan needs of slot i of a frame: the slot, its lane (from
// 0, below the lanes given to Plan) and whether the agent ticks at all
// (running, or due for a restart).
type Item struct {
	Slot   *Slot
	Lane   int
	Active bool
}

// Planner decides the frames of one host (see the package doc for the
// rule). Its zero value has no budget.
type Planner struct {
	budget time.Duration
	cursor int             // where the next frame's round-robin starts
	used   []time.Duration // each lane's estimated cost this frame
	lag    Lag
	ran    uint64 // the active slots run, summed over the frames
	frames uint64
}

// SetBudget sets the frame budget (0: none). A negative budget is
// treated as none.
func (p *Planner) SetBudget(d time.Duration) { p.budget = max(d, 0) }

// Budget returns the frame budget (0: none).
func (p *Planner) Budget() time.Duration { return p.budget }

// Plan decides a frame of n slots at clock seconds, dt seconds after the
// last (see the package doc): it sets each slot's Run and DT, item(i)
// giving slot i. lanes (1 or more) is the number of lanes the items' Lane
// index. It returns the number of active slots that run.
func (p *Planner) Plan(clock, dt float64, n, lanes int, item func(i int) Item) int {
	lanes = max(lanes, 1)
	if cap(p.used) < lanes {
		p.used = make([]time.Duration, lanes)
	}
	p.used = p.used[:lanes]
	clear(p.used)
	var sum time.Duration
	measured := 0
	for i := 0; i < n; i++ {
		it := item(i)
		s := it.Slot
		s.Run = false
		if !it.Active {
			s.Run, s.DT, s.owed, s.waiting = true, dt, 0, false
			continue
		}
		s.owed += dt
		if !s.waiting && s.due() {
			s.waiting, s.dueAt = true, clock
		}
		if s.measured {
			sum += s.cost
			measured++
		}
	}
	var mean time.Duration
	if measured > 0 {
		mean = sum / time.Duration(measured)
	}
	if p.cursor >= n {
		p.cursor = 0
	}
	ran := 0
	for k := 0; k < n; k++ {
		i := (p.cursor + k) % n
		it := item(i)
		s := it.Slot
		if !it.Active || !s.waiting {
			continue
		}
		cost := mean
		if s.measured {
			cost = s.cost
		}
		lane := min(max(it.Lane, 0), lanes-1)
		if p.budget > 0 && ran > 0 && p.used[lane]+cost > p.budget {
			p.cursor = i
			break
		}
		p.used[lane] += cost
		s.Run, s.DT, s.owed = true, s.owed, 0
		s.waiting, s.started = false, true
		p.lag.Add(clock - s.dueAt)
		ran++
	}
	p.ran += uint64(ran)
	p.frames++
	return ran
}

// Lag returns the lags of the ticks planned so far.
func (p *Planner) Lag() *Lag { return &p.lag }

// Ran returns the active slots run, summed over the frames planned, and
// the frames planned.
func (p *Planner) Ran() (agentTicks, frames uint64) { return p.ran, p.frames }

package schedule

import (
	"slices"
	"time"
)

// Item is what Plan needs of slot i of a frame: the slot and its lane
// (from 0, below the lanes given to Plan).
type Item struct {
	Slot *Slot
	Lane int
}

// wait is a waiting slot of a frame: its index and lane.
type wait struct {
	slot        *Slot
	index, lane int32
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
	// planned is the estimated cost of the last frame's busiest lane;
	// overhead estimates the rest of a frame's time (EndFrame), and
	// measured says it has been measured.
	planned  time.Duration
	overhead time.Duration
	measured bool
	// waiting is Plan's list of the waiting slots (reused).
	waiting []wait
	// typical is the mean estimate of the measured slots at the last
	// plan, which a slot's first measure starts from (0: none yet).
	typical time.Duration
}

// Observe records d, the measured cost of slot s's tick, into its
// estimate: from the typical cost of the measured slots (d itself when
// none had been measured at the last Plan), moved towards d as an
// estimate moves (see estimate: a slow tick moves it little). It only
// reads the planner, so the slots of different lanes may be observed at
// once, between two Plans.
func (p *Planner) Observe(s *Slot, d time.Duration) {
	if !s.measured && p.typical > 0 {
		s.cost, s.measured = p.typical, true
	}
	s.cost = estimate(s.cost, d, s.measured)
	s.measured = true
}

// SetBudget sets the frame budget (0: none). A negative budget is
// treated as none.
func (p *Planner) SetBudget(d time.Duration) { p.budget = max(d, 0) }

// Budget returns the frame budget (0: none).
func (p *Planner) Budget() time.Duration { return p.budget }

// Plan decides a frame of n slots at clock seconds, dt seconds after the
// last (see the package doc): it sets each slot's Run and DT, item(i)
// giving slot i. lanes (1 or more) is the number of lanes the items' Lane
// index. active(i) reports whether slot i's agent ticks at all (it is
// asked only of the slots due; nil: all do). It returns the number of
// active slots that run.
func (p *Planner) Plan(clock, dt float64, n, lanes int, item func(i int) Item, active func(i int) bool) int {
	lanes = max(lanes, 1)
	if cap(p.used) < lanes {
		p.used = make([]time.Duration, lanes)
	}
	p.used = p.used[:lanes]
	clear(p.used)
	var sum time.Duration
	measured := 0
	waiting := p.waiting[:0] // the waiting slots, with their index and lane
	for i := 0; i < n; i++ {
		it := item(i)
		s := it.Slot
		s.Run = false
		s.owed += dt
		if s.waiting || s.due() {
			if active != nil && !active(i) {
				s.Run, s.DT, s.owed, s.waiting = true, dt, 0, false
				continue
			}
			if !s.waiting {
				s.waiting, s.dueAt = true, clock
			}
		}
		if s.measured {
			sum += s.cost
			measured++
		}
		if s.waiting {
			waiting = append(waiting, wait{s, int32(i), int32(min(max(it.Lane, 0), lanes-1))})
		}
	}
	p.waiting = waiting
	mean := p.budget + 1 // nothing measured yet: one agent a frame
	if measured > 0 {
		mean = sum / time.Duration(measured)
		p.typical = max(mean, 1)
	}
	if p.cursor >= n {
		p.cursor = 0
	}
	// The round-robin from the cursor: the waiting slots from the first at
	// or after it, then those before it.
	first, _ := slices.BinarySearchFunc(waiting, p.cursor, func(w wait, c int) int { return int(w.index) - c })
	budget := p.agentBudget()
	ran := 0
	for k := range waiting {
		w := waiting[(first+k)%len(waiting)]
		s, lane := w.slot, w.lane
		cost := mean
		if s.measured {
			cost = s.cost
		}
		if p.budget > 0 && ran > 0 && p.used[lane]+cost > budget {
			p.cursor = int(w.index)
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
	p.planned = 0
	for _, u := range p.used {
		p.planned = max(p.planned, u)
	}
	return ran
}

// EndFrame records d, the measured time of the frame Plan decided last
// (from the plan to the last agent's tick, on the slowest lane): what the
// agents' estimates do not explain of it (the plan, the shards' join, a
// collection, the threads preempted) is the overhead, estimated as a
// slot's cost is (Slot.Observe), and the next frames give the agents
// the budget less the overhead, at least a quarter of the budget.
func (p *Planner) EndFrame(d time.Duration) {
	p.overhead = estimate(p.overhead, max(d-p.planned, 0), p.measured)
	p.measured = true
}

// agentBudget is the time a frame's lane gives its agents: the budget
// less the overhead, at least a quarter of the budget.
func (p *Planner) agentBudget() time.Duration {
	return max(p.budget-p.overhead, p.budget/4)
}

// Lag returns the lags of the ticks planned so far.
func (p *Planner) Lag() *Lag { return &p.lag }

// Ran returns the active slots run, summed over the frames planned, and
// the frames planned.
func (p *Planner) Ran() (agentTicks, frames uint64) { return p.ran, p.frames }

// ResetStats forgets the lags and counts of the frames planned so far
// (the schedule itself, cursor and slots, is kept).
func (p *Planner) ResetStats() { p.lag, p.ran, p.frames = Lag{}, 0, 0 }

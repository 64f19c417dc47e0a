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

// wait is a waiting slot of a frame and its index.
type wait struct {
	slot  *Slot
	index int32
}

// Planner decides the frames of one host (see the package doc for the
// rule). Its zero value has no budget.
type Planner struct {
	budget time.Duration
	// cursors holds, per lane, the slot where the lane's next round-robin
	// starts (where it stopped last); used each lane's estimated cost
	// this frame.
	cursors []int
	used    []time.Duration
	lag     Lag
	ran     uint64 // the active slots run, summed over the frames
	frames  uint64
	// planned is the estimated cost of the last frame's busiest lane;
	// overhead estimates the rest of a frame's time (EndFrame), and
	// measured says it has been measured.
	planned  time.Duration
	overhead time.Duration
	measured bool
	// byLane is Plan's lists of the waiting slots, one a lane (reused).
	byLane [][]wait
	// slots and hot are the slots of the last rebuild and their due
	// state, lanes their lanes; run the indexes the last Plan runs; stale
	// asks the next Plan to rebuild.
	slots []*Slot
	hot   []hot
	lanes int
	run   []int32
	stale bool
	// typical is the mean estimate of the measured slots at the last
	// plan, which a slot's first measure starts from (0: none yet).
	typical time.Duration
}

// Observe records d, the measured cost of slot s's tick, into its
// estimate: from the typical cost of the measured slots (d itself when
// none had been measured at the last Plan), moved towards d as an
// estimate moves (see estimate: a slow tick moves it little), and into
// the planner's copy when it holds s. It writes only s and the planner's
// entry of s, so the slots of different lanes may be observed at
// once, between two Plans.
func (p *Planner) Observe(s *Slot, d time.Duration) {
	if !s.measured && p.typical > 0 {
		s.cost, s.measured = p.typical, true
	}
	s.cost = estimate(s.cost, d, s.measured)
	s.measured = true
	if i := int(s.index); i < len(p.slots) && p.slots[i] == s {
		h := &p.hot[i] // its own element: lanes observe different slots
		h.cost, h.measured = s.cost, true
	}
}

// SetBudget sets the frame budget (0: none). A negative budget is
// treated as none.
func (p *Planner) SetBudget(d time.Duration) { p.budget = max(d, 0) }

// Budget returns the frame budget (0: none).
func (p *Planner) Budget() time.Duration { return p.budget }

// Plan decides a frame of n slots at clock seconds, dt seconds after the
// last (see the package doc): it sets each slot's Run and DT, and Ran
// gives the indexes of the slots that run. item(i) gives slot i and its
// lane (lanes, 1 or more, is the number of lanes); Plan asks it of every
// slot only when the slots changed (n is not the last Plan's, or
// Invalidate was called): in between, it keeps the slots' due state in
// its own dense arrays, so that a frame costs little for the slots not
// due. active(i) reports whether slot i's agent ticks at all (asked only
// of the due slots the round-robin reaches, so that a frame does not
// visit the agents it leaves waiting; nil: all do). It returns the number of active slots
// that run.
func (p *Planner) Plan(clock, dt float64, n, lanes int, item func(i int) Item, active func(i int) bool) int {
	lanes = max(lanes, 1)
	if cap(p.used) < lanes {
		p.used = make([]time.Duration, lanes)
	}
	p.used = p.used[:lanes]
	clear(p.used)
	if p.stale || n != len(p.slots) || lanes != p.lanes {
		p.rebuild(n, lanes, item)
	}
	for _, i := range p.run {
		p.slots[i].Run = false
	}
	run := p.run[:0]
	var sum time.Duration
	measured := 0
	// Each lane's waiting slots, in slot order.
	p.byLane = slices.Grow(p.byLane[:0], lanes)[:lanes]
	for l := range p.byLane {
		p.byLane[l] = p.byLane[l][:0]
	}
	for i := range p.hot {
		h := &p.hot[i]
		h.owed += dt
		if !h.waiting && h.started && h.owed+dueEpsilon < h.interval {
			continue
		}
		if !h.waiting {
			h.waiting, h.dueAt = true, clock
		}
		if h.measured {
			sum += h.cost
			measured++
		}
		p.byLane[h.lane] = append(p.byLane[h.lane], wait{p.slots[i], int32(i)})
	}
	if measured > 0 {
		p.typical = max(sum/time.Duration(measured), 1)
	}
	mean := p.budget + 1 // nothing measured yet: one agent a lane
	if p.typical > 0 {
		mean = p.typical
	}
	// Each lane's round-robin: its waiting slots from the first at or
	// after its cursor, then those before; a lane that is full stops, the
	// others go on.
	if len(p.cursors) != lanes {
		p.cursors = make([]int, lanes)
	}
	budget := p.agentBudget()
	ran := 0
	for lane, ws := range p.byLane {
		var n int
		run, n = p.fillLane(lane, ws, run, clock, dt, mean, budget, active)
		ran += n
	}
	slices.Sort(run)
	p.run = run
	p.ran += uint64(ran)
	p.frames++
	p.planned = 0
	for _, u := range p.used {
		p.planned = max(p.planned, u)
	}
	return ran
}

// fillLane takes lane's waiting slots ws (in slot order) round-robin
// from the lane's cursor until the next would take the lane over budget
// (the lane's first always runs: a lane always makes progress), appends
// their indexes to run and returns it with the number of active slots
// taken. mean is the cost of an unmeasured slot.
func (p *Planner) fillLane(lane int, ws []wait, run []int32, clock, dt float64, mean, budget time.Duration, active func(i int) bool) ([]int32, int) {
	if len(ws) == 0 {
		return run, 0
	}
	first, _ := slices.BinarySearchFunc(ws, p.cursors[lane], func(w wait, c int) int { return int(w.index) - c })
	taken := 0
	for k := range ws {
		w := ws[(first+k)%len(ws)]
		s, h := w.slot, &p.hot[w.index]
		if active != nil && !active(int(w.index)) {
			s.Run, s.DT, h.owed, h.waiting = true, dt, 0, false
			run = append(run, w.index)
			continue
		}
		cost := mean
		if h.measured {
			cost = h.cost
		}
		if p.budget > 0 && taken > 0 && p.used[lane]+cost > budget {
			p.cursors[lane] = int(w.index)
			break
		}
		p.used[lane] += cost
		s.Run, s.DT, h.owed = true, h.owed, 0
		h.waiting, h.started = false, true
		p.lag.Add(clock - h.dueAt)
		run = append(run, w.index)
		taken++
	}
	return run, taken
}

// hot is a slot's due state, which Plan keeps densely between rebuilds
// (the slot holds it, written back, while it is out of the arrays).
type hot struct {
	owed, interval   float64
	dueAt            float64       // the slot's dueAt
	cost             time.Duration // the slot's cost and measured, kept by Observe
	lane             int32
	waiting, started bool
	measured         bool
}

// rebuild writes the due state back into the slots of the last plan and
// reads that of the n slots item gives.
func (p *Planner) rebuild(n, lanes int, item func(i int) Item) {
	for i, s := range p.slots {
		h := &p.hot[i]
		s.owed, s.waiting, s.started, s.dueAt = h.owed, h.waiting, h.started, h.dueAt
		s.Run = false
	}
	p.slots, p.hot, p.run = p.slots[:0], p.hot[:0], p.run[:0]
	for i := 0; i < n; i++ {
		it := item(i)
		s := it.Slot
		s.index = int32(i)
		p.slots = append(p.slots, s)
		p.hot = append(p.hot, hot{owed: s.owed, interval: s.interval, dueAt: s.dueAt, cost: s.cost,
			lane: int32(min(max(it.Lane, 0), lanes-1)), waiting: s.waiting, started: s.started, measured: s.measured})
	}
	p.lanes, p.stale = lanes, false
}

// Invalidate makes the next Plan read every slot again: the slots, their
// order, their lanes or their intervals changed.
func (p *Planner) Invalidate() { p.stale = true }

// Ran returns the indexes of the slots the last Plan runs, in increasing
// order (active or not); the slice is the planner's, valid until the next
// Plan.
func (p *Planner) Ran() []int32 { return p.run }

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

// Counts returns the active slots run, summed over the frames planned,
// and the frames planned.
func (p *Planner) Counts() (agentTicks, frames uint64) { return p.ran, p.frames }

// ResetStats forgets the lags and counts of the frames planned so far
// (the schedule itself, cursor and slots, is kept).
func (p *Planner) ResetStats() { p.lag, p.ran, p.frames = Lag{}, 0, 0 }

package goap

import (
	"fmt"
	"math"
	"time"
)

// This file holds the A* loop. Its whole state lives in the Planner
// (nodes, arena, open list, counters), so a search can stop after a number
// of expansions and resume later (see Request) with the same result as one
// uninterrupted run.

// Budget limits named by PlanError.Limit.
const (
	LimitNodes = "nodes" // Planner.MaxNodes
	LimitTime  = "time"  // Planner.MaxTime
	LimitBytes = "bytes" // Planner.MaxBytes
)

// errPending is returned by runSearch when its step allowance ran out
// before the search ended.
var errPending = fmt.Errorf("goap: search pending")

// beginSearch resets the search state and queues the start node.
func (p *Planner) beginSearch() {
	p.nodes = p.nodes[:0]
	p.arena = p.arena[:0]
	p.open = p.open[:0]
	p.seq = 0
	p.expanded, p.pruned, p.elapsed, p.limit = 0, 0, 0, ""
	p.resetTable()
	p.resetDominance()
	p.resetLPCache()
	p.scratch = append(p.scratch[:0], p.start...)
	p.view.p = p
	p.addNode(p.start, hashSlots(p.start), -1, -1, 0, p.quickHeuristic(p.start))
	if p.dominanceOn() {
		p.linkDominance(0, p.signature(p.start))
	}
	p.push(0)
}

// searchBytes estimates the memory held by the search (see MaxBytes).
func (p *Planner) searchBytes() int64 {
	n := int64(len(p.nodes))
	return n*(nodeBytes+int64(p.k)*slotBytes) + int64(len(p.open))*openItemBytes +
		int64(len(p.table))*8 + int64(len(p.domHead))*24 + p.lpCacheBytes()
}

// runSearch continues the A* search for at most steps expansions (steps <
// 0: no limit). It returns the goal node and the number of expansions so
// far; on failure a detail and ErrNoPlan, ErrBudget (p.limit names the
// limit) or ErrInvalid; errPending when steps ran out first.
func (p *Planner) runSearch(steps int) (int32, int, string, error) {
	maxNodes := p.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	maxBytes := p.MaxBytes
	if maxBytes == 0 {
		maxBytes = DefaultMaxBytes
	}
	maxTime := p.MaxTime
	if maxTime == 0 {
		maxTime = DefaultMaxTime
	}
	t0 := time.Now()
	defer func() { p.elapsed += time.Since(t0) }()
	weight := 1.0
	if p.Weight > 1 {
		weight = p.Weight
	}
	k := p.k
	for done := 0; len(p.open) > 0; {
		if steps >= 0 && done >= steps {
			return -1, p.expanded, "", errPending
		}
		it := p.pop()
		n := &p.nodes[it.node]
		if n.closed || it.g != n.g {
			continue // stale entry: the node was reached more cheaply later
		}
		st := p.arena[int(it.node)*k : int(it.node+1)*k]
		if p.goalHolds(st) {
			p.traceGoal(it.node)
			return it.node, p.expanded, "", nil
		}
		if !n.hFull {
			// Lazy evaluation of the expensive part of the heuristic: only
			// for nodes that reach the front of the open list, and are not
			// dominated (checked first: it is cheaper).
			if p.dominanceOn() && p.dominated(st, n.sig, n.g, it.node) {
				n.closed = true
				p.pruned++
				if p.Trace {
					p.traceLine("dominated g=%s %s", fmtCost(n.g), p.stateString(st))
				}
				continue
			}
			n.hFull = true
			// The parent's landmarks seed LM-cut (lmSeed).
			p.seedRec = 0
			if n.parent >= 0 {
				p.seedRec, p.seedAct = p.nodes[n.parent].rec+1, n.action
			}
			h := p.fullHeuristic(st, n.h)
			p.seedRec = 0
			n.rec = p.recLast
			if h > n.h {
				if math.IsInf(h, 1) {
					n.h = h
					n.closed = true // dead end: the goal is unreachable from it
					if p.Trace {
						p.traceLine("dead end g=%s %s", fmtCost(n.g), p.stateString(st))
					}
				} else {
					if p.Trace {
						p.traceLine("raise h %s -> %s, requeue %s", fmtCost(n.h), fmtCost(h), p.stateString(st))
					}
					n.h = h
					p.pushWeighted(it.node, weight)
				}
				continue
			}
		}
		if p.dominanceOn() && p.dominated(st, n.sig, n.g, it.node) {
			n.closed = true
			p.pruned++
			if p.Trace {
				p.traceLine("dominated g=%s %s", fmtCost(n.g), p.stateString(st))
			}
			continue
		}
		if err := p.checkBudget(maxNodes, maxTime, maxBytes, t0); err != "" {
			return -1, p.expanded, err, ErrBudget
		}
		n.closed = true
		p.expanded++
		done++
		g := n.g
		nh := n.hash
		rec, recTotal := n.rec, p.recHits(n.rec)
		p.traceExpand(it.node, p.expanded)
		for ai := range p.acts {
			ca := &p.acts[ai]
			if !p.applicable(ca, st) {
				continue
			}
			cost := ca.lowerBound
			if ca.costFunc != nil {
				p.view.st = st
				cost = ca.costFunc(&p.view)
				if math.IsNaN(cost) || math.IsInf(cost, 0) || cost < ca.lowerBound {
					return -1, p.expanded, fmt.Sprintf("action %q: CostFunc returned %v (declared lower bound %v)",
						ca.act.Name, cost, ca.lowerBound), ErrInvalid
				}
			}
			next := p.scratch
			copy(next, st)
			hash := nh
			for j := ca.eff0; j < ca.eff1; j++ {
				hash = p.effs[j].apply(next, hash)
			}
			ng := g + cost
			if hash == nh && slotsEqual(next, st) {
				p.traceSucc(ca, it.node, next, ng, "self")
				continue // no change: the parent itself, already closed
			}
			if idx := p.lookup(hash, next); idx >= 0 {
				m := &p.nodes[idx]
				if m.g <= ng {
					p.traceSucc(ca, idx, next, ng, "dup")
					continue
				}
				// A cheaper path. A closed node is reopened, also in
				// weighted mode: the heuristic (LP + LM-cut at per-state
				// reduced costs) is admissible but not always consistent,
				// and reopening keeps both the optimal and the weighted
				// bound resting on admissibility alone.
				m.g, m.parent, m.action, m.closed = ng, it.node, int32(ai), false
				m.steps = p.stepsAfter(it.node)
				p.pushWeighted(idx, weight)
				p.traceSucc(ca, idx, next, ng, "better")
				continue
			}
			sig := uint64(0)
			if p.dominanceOn() {
				sig = p.signature(next)
				if p.dominated(next, sig, ng, -1) {
					p.pruned++
					p.traceSucc(ca, -1, next, ng, "dominated")
					continue
				}
			}
			h0 := p.quickHeuristic(next)
			if rec >= 0 {
				h0 = max(h0, p.inheritedBound(next, rec, recTotal, ai))
			}
			idx := p.addNode(next, hash, it.node, int32(ai), ng, h0)
			if p.dominanceOn() {
				p.linkDominance(idx, sig)
			}
			p.pushWeighted(idx, weight)
			p.traceSucc(ca, idx, next, ng, "new")
			// addNode may have grown the arena: re-slice the parent state.
			st = p.arena[int(it.node)*k : int(it.node+1)*k]
		}
	}
	return -1, p.expanded, "search exhausted every reachable state", ErrNoPlan
}

// checkBudget returns a detail naming the exhausted budget (and sets
// p.limit), or "". The clock is read every 64 expansions.
func (p *Planner) checkBudget(maxNodes int, maxTime time.Duration, maxBytes int64, t0 time.Time) string {
	if p.expanded >= maxNodes {
		p.limit = LimitNodes
		return fmt.Sprintf("node budget of %d expansions reached", maxNodes)
	}
	if maxBytes > 0 {
		if b := p.searchBytes(); b >= maxBytes {
			p.limit = LimitBytes
			return fmt.Sprintf("memory budget of %d bytes reached (%d states)", maxBytes, len(p.nodes))
		}
	}
	if maxTime > 0 && p.expanded&63 == 0 && p.expanded > 0 {
		if p.elapsed+time.Since(t0) >= maxTime {
			p.limit = LimitTime
			return fmt.Sprintf("time budget of %v reached", maxTime)
		}
	}
	return ""
}

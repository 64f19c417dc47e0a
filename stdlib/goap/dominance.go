package goap

// Dominance pruning. A numeric key is monotone when every condition on it
// (preconditions of the relevant actions and the goal) is ">=" or ">": then
// having more of it never makes an action inapplicable nor the goal unmet,
// and since effects are "+= n" (which keeps the order of two values) or
// "= v" (which makes them equal), a state with more of it stays at least as
// good after any action. A state s dominates t when both hold the same
// values on every other key, s holds at least as much of every monotone key,
// and s was reached for no more cost: every plan from t then works from s
// for the same cost, so t can be dropped without losing the optimal plan.
// A key with an upper bound ("<", "<=", "==", "!="), for instance a carry
// limit, is not monotone and is compared exactly. With a CostFunc (which may
// read any key) dominance is off.
//
// States with the same values on the non-monotone keys share a signature
// (a hash of those keys); nodes are chained per signature, and a new state
// is compared with the nodes of its chain, as is a node when it is about to
// be expanded (a dominating state may have been found after it was queued).
// A check looks at the domScan most recent nodes of the chain only: pruning
// less is still exact, and long chains would otherwise cost more than the
// expansions they save.

// domScan is the most chain entries one dominance check compares.
const domScan = 64

// compileDominance computes the monotone keys of the compiled problem.
func (p *Planner) compileDominance(allKeys bool) {
	p.monotone = append(p.monotone[:0], make([]bool, p.k)...)
	p.sigKeys, p.monoKeys = p.sigKeys[:0], p.monoKeys[:0]
	if allKeys || p.DisableDominance {
		return
	}
	for id := range p.monotone {
		p.monotone[id] = p.keyKind[id] == KindNumber && p.start[id].kind == KindNumber
	}
	mark := func(c *cCond) {
		if c.op != OpGe && c.op != OpGt {
			p.monotone[c.key] = false
		}
	}
	for i := range p.conds {
		mark(&p.conds[i])
	}
	for i := range p.goal {
		mark(&p.goal[i])
	}
	for id, m := range p.monotone {
		if m {
			p.monoKeys = append(p.monoKeys, int32(id))
		} else {
			p.sigKeys = append(p.sigKeys, int32(id))
		}
	}
}

// dominanceOn reports whether the problem has monotone keys to prune on.
func (p *Planner) dominanceOn() bool { return len(p.monoKeys) > 0 }

func (p *Planner) resetDominance() {
	if p.domHead == nil {
		p.domHead = make(map[uint64]int32)
	}
	clear(p.domHead)
}

// signature hashes the non-monotone keys of st.
func (p *Planner) signature(st []slot) uint64 {
	var h uint64
	for _, id := range p.sigKeys {
		h ^= slotHash(id, st[id])
	}
	return h
}

// linkDominance adds node idx to the chain of its signature.
func (p *Planner) linkDominance(idx int32, sig uint64) {
	n := &p.nodes[idx]
	n.sig = sig
	n.domNext = p.domHead[sig] - 1
	p.domHead[sig] = idx + 1
}

// dominated reports whether a node created after self (every node when
// self is -1, for a state not yet added), reached for at most g, dominates
// the state st of signature sig. A chain lists its nodes newest first, and
// the nodes older than self were compared with it when it was created, so
// the check at expansion stops at self. (An older node whose g dropped
// since is missed: pruning less stays exact.)
func (p *Planner) dominated(st []slot, sig uint64, g float64, self int32) bool {
	k := p.k
	scan := 0
	for m := p.domHead[sig] - 1; m > self && scan < domScan; m = p.nodes[m].domNext {
		scan++
		n := &p.nodes[m]
		if n.g > g {
			continue
		}
		ms := p.arena[int(m)*k : int(m+1)*k]
		if p.covers(ms, st) {
			return true
		}
	}
	return false
}

// covers reports whether state s dominates state t (equal non-monotone
// keys, s >= t on every monotone key).
func (p *Planner) covers(s, t []slot) bool {
	for _, id := range p.monoKeys {
		if !(s[id].number() >= t[id].number()) {
			return false
		}
	}
	for _, id := range p.sigKeys {
		if s[id] != t[id] {
			return false
		}
	}
	return true
}

package shards

import "slices"

// roster is the list of every shard's loads, in call order, and of their
// agents, in load order (Agents), with each agent's index in it.
type roster[A Agent, L comparable] struct {
	agentsOf func(L) []A
	loads    []L
	agents   []A
	rank     map[A]int
}

// Agents returns every agent in load order (Host.Agents' order).
func (r *roster[A, L]) Agents() []A { return r.agents }

// Loads returns every load in call order.
func (r *roster[A, L]) Loads() []L { return r.loads }

// Rank returns a's index in Agents, or -1.
func (r *roster[A, L]) Rank(a A) int {
	if i, ok := r.rank[a]; ok {
		return i
	}
	return -1
}

// rankOf returns a's index in Agents, or len(Agents) for an agent not
// listed (nil, or gone).
func (r *roster[A, L]) rankOf(a A) int {
	if i, ok := r.rank[a]; ok {
		return i
	}
	return len(r.rank)
}

// RankOf is rankOf, for the merge of the frame's events.
func (r *roster[A, L]) RankOf(a A) int { return r.rankOf(a) }

// Place lists a new load and its agents after the others.
func (r *roster[A, L]) Place(ld L) {
	r.loads = append(r.loads, ld)
	for _, a := range r.agentsOf(ld) {
		r.rank[a] = len(r.agents)
		r.agents = append(r.agents, a)
	}
}

// Unlist removes a, of load ld, from the lists (ld too when it has no
// agent left).
func (r *roster[A, L]) Unlist(a A, ld L) {
	r.loads = slices.DeleteFunc(r.loads, func(l L) bool { return l == ld && len(r.agentsOf(ld)) == 0 })
	r.agents = slices.DeleteFunc(r.agents, func(b A) bool { return b == a })
	delete(r.rank, a)
	for i, b := range r.agents {
		r.rank[b] = i
	}
}

// relist lists the loads again, in order, after those of more not yet
// listed, and their agents.
func (r *roster[A, L]) relist(more []L) {
	known := make(map[L]bool, len(r.loads))
	for _, ld := range r.loads {
		known[ld] = true
	}
	for _, ld := range more {
		if !known[ld] {
			r.loads = append(r.loads, ld)
		}
	}
	r.agents = nil
	clear(r.rank)
	loads := r.loads
	r.loads = nil
	for _, ld := range loads {
		r.Place(ld)
	}
}

package goap

// This file holds the planner's closed-set hash table and open-list heap:
// hand-written so that a warm Planner allocates nothing per node.

// slotHash hashes one key's slot. A state's hash is the XOR of the slot
// hashes of all its keys (Zobrist hashing), so a successor's hash is updated
// from its parent's with two slotHash calls per effect. Collisions are
// harmless: lookup compares states exactly.
func slotHash(key int32, s slot) uint64 {
	x := s.bits ^ uint64(s.kind)<<58 ^ uint64(key+1)*0x9e3779b97f4a7c15
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// hashSlots hashes a whole state (see slotHash).
func hashSlots(st []slot) uint64 {
	var h uint64
	for i, s := range st {
		h ^= slotHash(int32(i), s)
	}
	return h
}

func (p *Planner) resetTable() {
	if len(p.table) == 0 {
		p.table = make([]uint64, 256)
		return
	}
	clear(p.table)
}

// The table holds entries (node index + 1) << 32 | (high 32 bits of the
// node's hash), 0 meaning empty, so most mismatches are rejected without
// touching the node array.

func tableEntry(hash uint64, idx int32) uint64 { return uint64(idx+1)<<32 | hash>>32 }

// lookup returns the node holding exactly st, or -1.
func (p *Planner) lookup(hash uint64, st []slot) int32 {
	mask := uint64(len(p.table) - 1)
	k := p.k
	tag := hash >> 32
	for i := hash & mask; ; i = (i + 1) & mask {
		e := p.table[i]
		if e == 0 {
			return -1
		}
		if e&0xffffffff != tag {
			continue
		}
		idx := int32(e>>32) - 1
		if p.nodes[idx].hash != hash {
			continue
		}
		if slotsEqual(p.arena[int(idx)*k:int(idx+1)*k], st) {
			return idx
		}
	}
}

func slotsEqual(a, b []slot) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// insert adds node idx (not present) under hash, growing at half load.
func (p *Planner) insert(hash uint64, idx int32) {
	if 2*(len(p.nodes)) > len(p.table) {
		p.growTable()
	}
	mask := uint64(len(p.table) - 1)
	i := hash & mask
	for p.table[i] != 0 {
		i = (i + 1) & mask
	}
	p.table[i] = tableEntry(hash, idx)
}

func (p *Planner) growTable() {
	old := len(p.table)
	p.table = make([]uint64, 2*old)
	mask := uint64(len(p.table) - 1)
	for n := range p.nodes[:len(p.nodes)-1] { // the newest node is inserted by the caller
		i := p.nodes[n].hash & mask
		for p.table[i] != 0 {
			i = (i + 1) & mask
		}
		p.table[i] = tableEntry(p.nodes[n].hash, int32(n))
	}
}

// openItem is an open-list entry; entries whose g no longer matches their
// node are stale and skipped when popped.
type openItem struct {
	f, g  float64
	seq   uint32
	node  int32
	steps uint16
}

// less orders the open list: lower f, then higher g, then fewer steps (of
// two paths of equal cost, the shorter plan first), then earlier insertion.
func (a *openItem) less(b *openItem) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	if a.steps != b.steps {
		return a.steps < b.steps
	}
	return a.seq < b.seq
}

func (p *Planner) push(idx int32) { p.pushWeighted(idx, 1) }

// pushWeighted queues node idx with f = g + w*h (weighted A* when w > 1).
func (p *Planner) pushWeighted(idx int32, w float64) {
	n := &p.nodes[idx]
	p.open = append(p.open, openItem{f: n.g + w*n.h, g: n.g, seq: p.seq, node: idx, steps: n.steps})
	p.seq++
	h := p.open
	for i := len(h) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h[i].less(&h[parent]) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
}

func (p *Planner) pop() openItem {
	h := p.open
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l := 2*i + 1
		if l >= len(h) {
			break
		}
		c := l
		if r := l + 1; r < len(h) && h[r].less(&h[l]) {
			c = r
		}
		if !h[c].less(&h[i]) {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	p.open = h
	return top
}

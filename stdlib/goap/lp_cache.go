package goap

import "math/bits"

// The LP of the state-equation heuristic (lp.go) depends on a state only
// through the values of its rows' keys, and in domains with locations and
// flags many states share those values (the same resources at another
// place): on the resource-chain family about 1 evaluation in 4 has new
// inputs. lpCachedBound keeps each solved input's bound and reduced costs
// for the rest of the search, so the simplex runs once per distinct input.

// lpCachedBound returns lpBound(st), with p.lpRed and p.lpY set as lpBound
// sets them,
// from the cache when the rows' values were solved before in this search.
func (p *Planner) lpCachedBound(st []slot) float64 {
	m, na := len(p.lpRows), len(p.acts)
	h := p.lpInputHash(st)
	idx, hit := p.lpCache[h]
	if hit {
		in := p.lpCacheIn[int(idx)*m : int(idx+1)*m]
		same := true
		for r := range p.lpRows {
			if in[r] != st[p.lpRows[r].key].number() {
				same = false
				break
			}
		}
		if same {
			copy(p.lpRed, p.lpCacheRed[int(idx)*na:int(idx+1)*na])
			copy(p.lpY, p.lpCacheY[int(idx)*m:int(idx+1)*m])
			return p.lpCacheVal[idx]
		}
	}
	p.lpSolves++
	v := p.lpBound(st)
	if !hit { // a hash collision keeps the first input cached
		p.lpCache[h] = int32(len(p.lpCacheVal))
		for r := range p.lpRows {
			p.lpCacheIn = append(p.lpCacheIn, st[p.lpRows[r].key].number())
		}
		p.lpCacheRed = append(p.lpCacheRed, p.lpRed...)
		p.lpCacheY = append(p.lpCacheY, p.lpY...)
		p.lpCacheVal = append(p.lpCacheVal, v)
	}
	return v
}

// lpInputHash hashes the values of the LP rows' keys in st. Each value is
// mixed (slotHash) with its row index before it is combined: numbers with
// few mantissa bits (small integers) differ only in their high bits, which
// a plain multiplicative hash shifts out, and two rows on one key must not
// cancel out.
func (p *Planner) lpInputHash(st []slot) uint64 {
	var h uint64
	for r := range p.lpRows {
		h = bits.RotateLeft64(h, 7) ^ slotHash(int32(r), st[p.lpRows[r].key])
	}
	return h
}

// resetLPCache empties the cache, keeping its buffers.
func (p *Planner) resetLPCache() {
	if p.lpCache == nil {
		p.lpCache = make(map[uint64]int32)
	}
	clear(p.lpCache)
	p.lpSolves, p.evals = 0, 0
	p.lpCacheIn, p.lpCacheRed, p.lpCacheVal = p.lpCacheIn[:0], p.lpCacheRed[:0], p.lpCacheVal[:0]
	p.lpCacheY = p.lpCacheY[:0]
	p.recY, p.recLM, p.recActs = p.recY[:0], p.recLM[:0], p.recActs[:0]
}

// lpCacheBytes estimates the memory the cache holds (see MaxBytes).
func (p *Planner) lpCacheBytes() int64 {
	return int64(len(p.lpCacheIn)+len(p.lpCacheRed)+len(p.lpCacheVal)+len(p.lpCacheY)+len(p.recY))*8 +
		int64(len(p.lpCache))*16 + int64(len(p.recLM))*16 + int64(len(p.recActs))*4
}

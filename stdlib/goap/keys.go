package goap

// Key interning. Every key named by the actions and the goal gets a
// problem-wide id (a gid) once per compile, from a map the Planner keeps
// across calls, and each action's preconditions and effects are listed by
// gid (p.gPre, p.gEff; kept for the next call when its actions name the
// same keys in the same places); relevance, useless actions and the compiled form
// then work on those ids, without a string lookup per use. The keys kept in
// search states get dense local ids (0..k-1) in the order they are first
// interned; p.localOf[gid] is a key's local id, -1 when not kept.

// maxGIDs bounds the gid map: it is emptied before a compile when larger
// (keys of earlier problems accumulate there).
const maxGIDs = 1 << 14

// gidOf returns the gid of key, creating it.
func (p *Planner) gidOf(key string) int32 {
	if g, ok := p.gIDs[key]; ok {
		return g
	}
	g := int32(len(p.gNames))
	p.gIDs[key] = g
	p.gNames = append(p.gNames, key)
	p.localOf = append(p.localOf, -1)
	return g
}

// internActions lists the gids of the actions' preconditions and effects
// and of the goal's conditions (see above).
func (p *Planner) internActions(goal *Goal, actions []*Action) {
	if p.gIDs == nil || len(p.gNames) > maxGIDs {
		p.gIDs = make(map[string]int32)
		p.gNames, p.localOf, p.keyG = p.gNames[:0], p.localOf[:0], p.keyG[:0]
		p.gPreOff = p.gPreOff[:0]
	}
	p.gGoal = p.gGoal[:0]
	for _, c := range goal.Conditions {
		p.gGoal = append(p.gGoal, p.gidOf(c.Key))
	}
	if p.sameActionKeys(actions) {
		return // the lists of the last call still hold (PlanGoals, replanning)
	}
	p.gPre, p.gEff = p.gPre[:0], p.gEff[:0]
	p.gPreOff = append(p.gPreOff[:0], 0)
	p.gEffOff = append(p.gEffOff[:0], 0)
	for _, a := range actions {
		for _, c := range a.Preconditions {
			p.gPre = append(p.gPre, p.gidOf(c.Key))
		}
		for _, e := range a.Effects {
			p.gEff = append(p.gEff, p.gidOf(e.Key))
		}
		p.gPreOff = append(p.gPreOff, int32(len(p.gPre)))
		p.gEffOff = append(p.gEffOff, int32(len(p.gEff)))
	}
}

// sameActionKeys reports whether the gid lists of the last call match
// actions: the same number of actions, of conditions and effects per
// action, and the same key at each place (a string comparison, no hashing;
// keys sharing their bytes compare at once).
func (p *Planner) sameActionKeys(actions []*Action) bool {
	if len(p.gPreOff) != len(actions)+1 {
		return false
	}
	for i, a := range actions {
		pre, eff := p.preG(i), p.effG(i)
		if len(pre) != len(a.Preconditions) || len(eff) != len(a.Effects) {
			return false
		}
		for j := range a.Preconditions {
			if p.gNames[pre[j]] != a.Preconditions[j].Key {
				return false
			}
		}
		for j := range a.Effects {
			if p.gNames[eff[j]] != a.Effects[j].Key {
				return false
			}
		}
	}
	return true
}

// preG and effG return the gids of action i's preconditions and effects.
func (p *Planner) preG(i int) []int32 { return p.gPre[p.gPreOff[i]:p.gPreOff[i+1]] }
func (p *Planner) effG(i int) []int32 { return p.gEff[p.gEffOff[i]:p.gEffOff[i+1]] }

// internG returns the local id of the key of gid g, interning it.
func (p *Planner) internG(g int32) int32 {
	if id := p.localOf[g]; id >= 0 {
		return id
	}
	id := int32(len(p.keyNames))
	p.localOf[g] = id
	p.keyG = append(p.keyG, g)
	p.keyNames = append(p.keyNames, p.gNames[g])
	p.keyKind = append(p.keyKind, KindNone)
	p.keyAdd = append(p.keyAdd, false)
	p.keyPresence = append(p.keyPresence, false)
	return id
}

// resetKeys forgets every local key id.
func (p *Planner) resetKeys() {
	for _, g := range p.keyG {
		p.localOf[g] = -1
	}
	p.keyG = p.keyG[:0]
	p.keyNames = p.keyNames[:0]
	p.keyKind = p.keyKind[:0]
	p.keyAdd = p.keyAdd[:0]
	p.keyPresence = p.keyPresence[:0]
}

// keyID returns the local id of key, interning it if intern is set; -1 if
// absent.
func (p *Planner) keyID(key string, intern bool) int32 {
	g, ok := p.gIDs[key]
	if !ok {
		if !intern {
			return -1
		}
		g = p.gidOf(key)
	}
	if intern {
		return p.internG(g)
	}
	return p.localOf[g]
}

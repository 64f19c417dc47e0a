package bt

// Finding a task's root in O(log n).
//
// AddChild must refuse a child that is the parent itself or one of its
// ancestors. Walking up from the parent costs its depth, so building a
// chain top down (each new task added under the last) cost O(n²). Instead
// every task keeps a shortcut: an ancestor further up than its parent, as
// in a union-find forest. rootOf follows shortcuts to the root and then
// points every task it passed straight at the root (path compression), and
// AddChild points the new child at the root of its new tree (linking root
// to root). Each AddChild then costs O(log n) amortised steps, so a tree
// of n tasks builds in O(n log n) in any order, and in O(n) when built top
// down or bottom up.
//
// A shortcut stays right because a task's parent, once set, never changes
// (SetParent refuses to move a task): every ancestor stays an ancestor.

// shortcut returns the furthest known ancestor of b: its shortcut, else
// its parent (nil for a root).
func (b *TaskBase) shortcut() Task {
	if b.up != nil {
		return b.up
	}
	return b.parent
}

// rootOf returns the root of t's tree (t itself when it has no parent).
func rootOf(t Task) Task {
	r := t
	for {
		next := r.Base().shortcut()
		if next == nil {
			break
		}
		r = next
	}
	for u := t; u != r; {
		ub := u.Base()
		next := ub.shortcut()
		ub.up = r
		u = next
	}
	return r
}

// isAncestor reports whether the task of base cb is t or one of its
// ancestors, walking up from t (O(depth); AddChild uses it only to word
// an error).
func isAncestor(cb *TaskBase, t Task) bool {
	for a := t; a != nil; a = a.Base().parent {
		if a.Base() == cb {
			return true
		}
	}
	return false
}

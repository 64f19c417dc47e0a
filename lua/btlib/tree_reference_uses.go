package btlib

import "github.com/btlua/btlua/stdlib/bt"

// ReferenceFileOf returns the file whose tree r runs as the library
// built it (see RebuildReference), or "" when r is not a reference of
// this state or runs a tree given to SetTree (not a file).
func (lib *Lib) ReferenceFileOf(r *bt.TreeReference) string { return lib.refUses[r].file }

// ForgetReferences forgets the references in the subtree under t, t
// included (a subtree that SetTree or a hot reload swapped out, or a tree
// a reload replaced or dropped): ReferencesTo no longer returns them.
func (lib *Lib) ForgetReferences(t bt.Task) {
	if t == nil || len(lib.refUses) == 0 {
		return
	}
	if lib.refSeen == nil {
		lib.refSeen = map[bt.Task]bool{}
	}
	walkReferences(t, lib.refSeen, func(r *bt.TreeReference) { delete(lib.refUses, r) })
	clear(lib.refSeen)
	lib.compactReferences()
}

// KeepReferences forgets every reference that is not in the subtree of
// one of roots (the roots of the trees the host runs): the references of
// trees that were dropped (a reload's trees replaced or not used, a load
// that failed) or swapped out; and the references that no longer run the
// subtree the library gave them (Go code called their SetTree).
func (lib *Lib) KeepReferences(roots []bt.Task) {
	if len(lib.refUses) == 0 {
		return
	}
	live := make(map[*bt.TreeReference]bool, len(lib.refUses))
	if lib.refSeen == nil {
		lib.refSeen = map[bt.Task]bool{}
	}
	for _, root := range roots {
		walkReferences(root, lib.refSeen, func(r *bt.TreeReference) { live[r] = true })
	}
	clear(lib.refSeen)
	for r, u := range lib.refUses {
		if !live[r] || r.Child() != u.root {
			delete(lib.refUses, r)
		}
	}
	lib.compactReferences()
}

// SwapReference gives r the subtree root, a new instance of its file's
// tree (RebuildReference), with r.SetTree (the old subtree ends with the
// cause "replaced"; root starts at r's next tick), and forgets the
// references of the old subtree. On SetTree's error, r keeps its subtree
// and the references of root are forgotten.
func (lib *Lib) SwapReference(r *bt.TreeReference, root bt.Task) error {
	old := r.Child()
	if err := r.SetTree(root); err != nil {
		lib.ForgetReferences(root)
		return err
	}
	if old != nil && old != root {
		lib.ForgetReferences(old)
	}
	if u, ok := lib.refUses[r]; ok {
		u.root = root
		lib.refUses[r] = u
	}
	return nil
}

// compactReferences drops the forgotten references from refOrder once
// they are more than half of it (and more than a few): forgetting the
// references of each of n agents (a Close) then costs O(n) in all, not a
// scan of the list per agent. ReferencesTo skips the forgotten ones left
// (see refUse.order).
func (lib *Lib) compactReferences() {
	if len(lib.refOrder) <= 2*len(lib.refUses)+64 {
		return
	}
	kept := lib.refOrder[:0]
	for i, r := range lib.refOrder {
		if u, ok := lib.refUses[r]; ok && u.order == i {
			u.order = len(kept)
			lib.refUses[r] = u
			kept = append(kept, r)
		}
	}
	clear(lib.refOrder[len(kept):])
	lib.refOrder = kept
}

// walkReferences calls f for each tree reference in the subtree under
// root (nil for none), in preorder. A parent met before (in seen, which
// gets the parents met) is skipped: a Lua composite may list a task
// twice, or an ancestor.
func walkReferences(root bt.Task, seen map[bt.Task]bool, f func(*bt.TreeReference)) {
	if root == nil {
		return
	}
	if r := bt.AsTreeReference(root); r != nil {
		f(r)
	}
	p, ok := root.(bt.ParentTask)
	if !ok || seen[root] {
		return
	}
	seen[root] = true
	for _, c := range p.Children() {
		walkReferences(c, seen, f)
	}
}

// forgetReference forgets r itself (not the references in its subtree).
func (lib *Lib) forgetReference(r *bt.TreeReference) {
	if _, ok := lib.refUses[r]; ok {
		delete(lib.refUses, r)
		lib.compactReferences()
	}
}

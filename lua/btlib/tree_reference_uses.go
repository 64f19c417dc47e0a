package btlib

import (
	"slices"

	"github.com/btlua/btlua/stdlib/bt"
)

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
	n := len(lib.refUses)
	walkReferences([]bt.Task{t}, map[bt.Task]bool{}, func(r *bt.TreeReference) { delete(lib.refUses, r) })
	lib.compactReferences(n)
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
	walkReferences(roots, lib.refSeen, func(r *bt.TreeReference) { live[r] = true })
	clear(lib.refSeen)
	n := len(lib.refUses)
	for r, u := range lib.refUses {
		if !live[r] || r.Child() != u.root {
			delete(lib.refUses, r)
		}
	}
	lib.compactReferences(n)
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

// compactReferences drops the forgotten references from refOrder when
// refUses had n before.
func (lib *Lib) compactReferences(n int) {
	if len(lib.refUses) == n {
		return
	}
	lib.refOrder = slices.DeleteFunc(lib.refOrder, func(r *bt.TreeReference) bool {
		_, ok := lib.refUses[r]
		return !ok
	})
}

// walkReferences calls f for each tree reference in the subtrees under
// roots, in preorder. A parent met before (in seen, which gets the
// parents met) is skipped: a Lua composite may list a task twice, or an
// ancestor.
func walkReferences(roots []bt.Task, seen map[bt.Task]bool, f func(*bt.TreeReference)) {
	var walk func(t bt.Task)
	walk = func(t bt.Task) {
		if r := bt.AsTreeReference(t); r != nil {
			f(r)
		}
		p, ok := t.(bt.ParentTask)
		if !ok || seen[t] {
			return
		}
		seen[t] = true
		for _, c := range p.Children() {
			walk(c)
		}
	}
	for _, t := range roots {
		if t != nil {
			walk(t)
		}
	}
}

// forgetReference forgets r itself (not the references in its subtree).
func (lib *Lib) forgetReference(r *bt.TreeReference) {
	if _, ok := lib.refUses[r]; ok {
		delete(lib.refUses, r)
		lib.compactReferences(len(lib.refUses) + 1)
	}
}

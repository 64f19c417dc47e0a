package reload

import (
	"fmt"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Pairs pairs the task classes held only in locals of a reloaded file
// with their new tables. Such a class (local Patrol = BTAction:New()) is
// a new table on every run, so neither a global name nor a module's value
// in package.loaded pairs it (Staged.Commit, CommitModule); a running
// tree a class-level reload keeps would go on with the old table and its
// old methods. Pairs pairs them by place instead: in two trees of the
// same structure (Of), the class chain of each running task and that of
// the new tree's task at the same position are walked side by side, the
// task's own class, its base class and so on, up to the first table both
// chains share (a built-in class, or a global class already merged).
//
// Only classes are paired: tables bound to a task (made by a class's
// New), never the running task's own table (its state). Merge then merges
// each new table into its old class in place, as a named class is
// merged (luaclass.Merge). An old class paired with two different new
// tables (two tasks of one class now of two classes of the same
// structure), or whose chain has another length now, is not merged: the
// report says so (Report.NotMerged).
//
// The zero Pairs is not usable; make one with NewPairs. A nil *Pairs
// pairs nothing.
type Pairs struct {
	lib *btlib.Lib
	// news lists, for each old class, the distinct new tables paired
	// with it (more than one: a conflict); order lists the old classes
	// in the order first paired.
	news  map[*lua.LTable][]*lua.LTable
	order []*lua.LTable
	// label names each old class in the report; why says why an old
	// class is not merged ("" when it is).
	label map[*lua.LTable]string
	why   map[*lua.LTable]string
}

// NewPairs returns an empty Pairs for the classes of lib's state.
func NewPairs(lib *btlib.Lib) *Pairs {
	return &Pairs{lib: lib, news: map[*lua.LTable][]*lua.LTable{},
		label: map[*lua.LTable]string{}, why: map[*lua.LTable]string{}}
}

// Loads pairs the classes of the running trees of each load of a script
// (loads[i], in order) that a reload keeps, given the trees first of the
// reload's run and the plans PlanLoads made (with more, the further runs
// it used). A load with new trees planned pairs the trees it keeps with
// its plan's Fresh (see Kept). A load PlanLoads kept pairs with first
// when no plan took first; otherwise, when it has local classes to pair
// at all, it gets a run of its own (more): each load ran the script for
// itself, so its local classes, and the locals their methods share (the
// script's upvalues), are its own, and stay so. more's error fails the
// reload and is returned.
func (p *Pairs) Loads(loads [][]*btlib.Tree, first []*btlib.Tree, plans []LoadPlan, more func() ([]*btlib.Tree, error)) error {
	if p == nil {
		return nil
	}
	fresh := make(map[int][]*btlib.Tree, len(plans))
	claimed := false
	for _, lp := range plans {
		fresh[lp.Load] = lp.Fresh
		claimed = claimed || sameTrees(lp.Fresh, first)
	}
	for i, trees := range loads {
		if f, ok := fresh[i]; ok {
			p.Kept(trees, f)
			continue
		}
		probe := NewPairs(p.lib)
		if probe.Kept(trees, first); len(probe.order) == 0 {
			continue
		}
		f := first
		if claimed {
			var err error
			if f, err = more(); err != nil {
				return err
			}
		}
		claimed = true
		p.Kept(trees, f)
	}
	return nil
}

// sameTrees reports whether a and b are the same list of trees.
func sameTrees(a, b []*btlib.Tree) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// Kept pairs the classes of old[i] and fresh[i] for each tree a reload
// keeps: one that is running (no error stopped it) and has the structure
// of the fresh tree at its place (the host's rule for a tree it keeps).
func (p *Pairs) Kept(old, fresh []*btlib.Tree) {
	if p == nil {
		return
	}
	for i := range min(len(old), len(fresh)) {
		o, n := old[i], fresh[i]
		if o.Err != nil || o.Root() == nil || n.Root() == nil || Of(o) != Of(n) {
			continue
		}
		p.Tasks(o.Root(), n.Root())
	}
}

// Tasks pairs the classes of the tasks of two subtrees of the same
// structure (OfTask), task by task in the order Of walks them.
func (p *Pairs) Tasks(old, fresh bt.Task) {
	if p == nil {
		return
	}
	seen := map[bt.Task]bool{}
	var walk func(o, n bt.Task)
	walk = func(o, n bt.Task) {
		if seen[o] {
			return
		}
		seen[o] = true
		ot, ok1 := o.(*btlib.Task)
		nt, ok2 := n.(*btlib.Task)
		if ok1 && ok2 && ot.Self != nil && nt.Self != nil {
			p.chains(ot.Self, nt.Self, o)
		}
		op, ok1 := o.(bt.ParentTask)
		np, ok2 := n.(bt.ParentTask)
		if !ok1 || !ok2 {
			return
		}
		ok, nk := op.Children(), np.Children()
		for i := range min(len(ok), len(nk)) {
			walk(ok[i], nk[i])
		}
	}
	walk(old, fresh)
}

// chains pairs the class chains of the task tables o and n (running and
// new; the tables themselves are the tasks, not classes) up to the first
// table both share; at names the running task, for the report.
func (p *Pairs) chains(o, n *lua.LTable, at bt.Task) {
	oc, nc := classChain(o), classChain(n)
	for len(oc) > 0 && len(nc) > 0 && oc[len(oc)-1] == nc[len(nc)-1] {
		oc, nc = oc[:len(oc)-1], nc[:len(nc)-1]
	}
	for i, c := range oc {
		if !btlib.IsTask(c) {
			continue
		}
		p.name(c, at, i)
		if len(oc) != len(nc) {
			p.refuse(c, "its class chain has another length now")
			continue
		}
		if !btlib.IsTask(nc[i]) {
			p.refuse(c, "its place now holds a table that is not a class")
			continue
		}
		p.add(c, nc[i])
	}
}

// classChain returns the class chain of the task table t, t itself
// excluded, without the tables a merge made forward to the class in use
// (luaclass.MergedInto: a new table of a global class, whose next table
// on the chain is the class it was merged into).
func classChain(t *lua.LTable) []*lua.LTable {
	var out []*lua.LTable
	for c := range luaclass.Chain(t) {
		if c != t && luaclass.MergedInto(c) == nil {
			out = append(out, c)
		}
	}
	return out
}

// add pairs the old class o with the new table n.
func (p *Pairs) add(o, n *lua.LTable) {
	ns, known := p.news[o]
	if !known {
		p.order = append(p.order, o)
	}
	for _, x := range ns {
		if x == n {
			return
		}
	}
	p.news[o] = append(ns, n)
}

// refuse marks the old class o as not to be merged, for why (the first
// reason stays).
func (p *Pairs) refuse(o *lua.LTable, why string) {
	if _, known := p.news[o]; !known {
		p.news[o] = nil
		p.order = append(p.order, o)
	}
	if p.why[o] == "" {
		p.why[o] = why
	}
}

// name labels the old class c for the report, the first time: "local "
// and its own name field when it has one, else the class (depth 0) or a
// base class of the task at.
func (p *Pairs) name(c *lua.LTable, at bt.Task, depth int) {
	if p.label[c] != "" {
		return
	}
	switch s, _ := c.RawGetString("name").(lua.LString); {
	case s != "":
		p.label[c] = "local " + string(s)
	case depth == 0:
		p.label[c] = "local class of " + bt.Path(at)
	default:
		p.label[c] = "local base class of " + bt.Path(at)
	}
}

// Merge merges the new table of each paired old class into it in place
// (luaclass.Merge: new methods in, vanished methods out, fields holding
// tables kept, cached method lookups dropped) and adds to rep: the class
// to Classes, its changed methods to Changed (as "label.Method"), and the
// classes not merged, with why, to NotMerged. A new table paired with
// several old classes (the running trees of each load of a script loaded
// many times are all compared with one run's trees) is merged into each.
// Any error of the reload after Merge leaves the classes changed: the
// caller restores its snapshot, which holds them (they are reachable from
// the running trees).
func (p *Pairs) Merge(L *lua.LState, rep *Report) {
	if p == nil || len(p.order) == 0 {
		return
	}
	uses := map[*lua.LTable]int{}
	for _, o := range p.order {
		if ns := p.news[o]; len(ns) > 1 {
			p.refuse(o, fmt.Sprintf("its tasks' places hold %d different new classes", len(ns)))
		} else if len(ns) == 1 && p.why[o] == "" {
			uses[ns[0]]++
		}
	}
	for _, o := range p.order {
		if why := p.why[o]; why != "" {
			rep.NotMerged = append(rep.NotMerged, p.label[o]+" ("+why+")")
			continue
		}
		n := p.news[o][0]
		if uses[n]--; uses[n] > 0 {
			n = copyFields(L, n) // Merge empties the table it merges
		}
		rep.Classes = append(rep.Classes, p.label[o])
		for _, m := range luaclass.Merge(L, o, n) {
			rep.Changed = append(rep.Changed, p.label[o]+"."+m)
		}
	}
	p.lib.Invalidate()
}

// copyFields returns a new table with the fields and metatable of t.
func copyFields(L *lua.LState, t *lua.LTable) *lua.LTable {
	c := L.NewTable()
	t.ForEach(func(k, v lua.LValue) { c.RawSet(k, v) })
	c.Metatable = t.Metatable
	return c
}

package bt

// TreeReference is a task that runs another tree inside this one
// (Behavior Designer's Behavior Tree Reference, BehaviorTree.CPP's
// SubTree, Unreal's Run Behavior): its one child is the referenced tree's
// root, and it returns that root's status. To the rest of the package the
// subtree is an ordinary child: conditional aborts, interrupts, halts and
// ends reach into it as into any decorator's child, and paths, traces and
// renderings show it expanded under the reference (with File after the
// reference's step, "Flee[2]@flee.lua/Run[1]").
//
// The subtree has its own variable scope. A variable the subtree uses is,
// by default, the variable of the same name of the reference's own scope
// (the parent tree's; reads and writes). [TreeReference.Own] gives the
// subtree its own variable of that name, with a starting value;
// [TreeReference.Remap] makes it the parent's variable of another name.
// Declarative tasks and conditions ([VarTest], [SetVariable],
// [Increment]) and [ResolveVariable] go through this mapping, once per
// task for the slot-based ones.
type TreeReference struct {
	// sub is the subtree's root, also the Decorator's one child: it comes
	// first, so that a tick of the reference reads only the object's
	// first cache line (sub and the TaskBase fields a tick reads, which
	// end at byte 64); the child list is a line further. See
	// TestTreeReferenceLayout.
	sub [1]Task
	Decorator
	// File names the referenced tree in paths and renderings
	// ("flee.lua"); "" for none.
	File string

	// own holds the subtree's own variables (nil until Own).
	own *Blackboard
	// remap maps a subtree variable to the parent scope's name.
	remap map[string]string
	// pending is a tree given to SetTree during the reference's own tick
	// (TaskBase.refTick has refSwapDue), installed when that tick's child
	// tick returns.
	pending Task
	// swapped is set once SetTree replaced the subtree after the tree's
	// first tick (a save refuses it: see SaveState); a swap while the
	// tree is built is part of what the script builds.
	swapped bool
	// pad makes the reference 320 bytes, a size class whose objects the
	// Go allocator puts on cache-line boundaries (288, the next smaller,
	// would not).
	_ [63]byte
}

// NewTreeReference returns a reference running root (nil to set it later
// with SetTree), shown as file in paths.
func NewTreeReference(file string, root Task) *TreeReference {
	r := &TreeReference{}
	InitTreeReference(r, file, root)
	return r
}

// InitTreeReference makes r, a zero TreeReference, what
// NewTreeReference(file, root) returns: for a binding that allocates the
// reference inside a value of its own (the Lua task, its behaviour and
// its table in one allocation). It panics as NewTreeReference does when
// root cannot be attached.
func InitTreeReference(r *TreeReference, file string, root Task) {
	r.File = file
	newDecorator(&r.Decorator, r, root)
	r.sub[0] = root
}

// AddChild attaches child as the subtree's root (see
// [ParentTask.AddChild] for the errors; a reference takes one child).
// Use SetTree to replace it.
func (r *TreeReference) AddChild(child Task) error {
	if err := r.Decorator.AddChild(child); err != nil {
		return err
	}
	r.sub[0] = child
	return nil
}

// Children returns the subtree's root alone, or nothing before it has
// one.
func (r *TreeReference) Children() []Task {
	if r.sub[0] == nil {
		return nil
	}
	return r.sub[:]
}

// ReferenceFile returns File (paths show it after the reference's step).
func (r *TreeReference) ReferenceFile() string { return r.File }

// Own gives the subtree its own variable name, starting at value (stored
// with [Blackboard.Set]); the parent's variable of that name is no longer
// seen by the subtree. Call it before the subtree runs.
func (r *TreeReference) Own(name string, value any) {
	if r.own == nil {
		r.own = NewBlackboard(nil)
	}
	r.own.Set(name, value)
	if _, ok := r.own.index[name]; !ok {
		r.own.Slot(name) // a nil value still declares the variable
	}
	delete(r.remap, name)
	r.forgetScopes()
}

// Remap makes the subtree's variable name the parent scope's variable
// parentName (reads and writes). Call it before the subtree runs.
func (r *TreeReference) Remap(name, parentName string) {
	if r.remap == nil {
		r.remap = map[string]string{}
	}
	r.remap[name] = parentName
	if r.own != nil {
		delete(r.own.index, name)
	}
	r.forgetScopes()
}

// scoping reports whether the reference changes what a variable name
// stands for (it has own variables or remaps); one that does not is
// passed over by the scope its subtree's tasks cache (see referenceOf).
func (r *TreeReference) scoping() bool { return r.own != nil || len(r.remap) > 0 }

// forgetScopes clears the scope cached in the subtree's tasks: Own or
// Remap may have made a passed-over reference scoping.
func (r *TreeReference) forgetScopes() {
	if c := r.Child(); c != nil {
		forgetScope(c)
	}
}

// forgetScope clears the cached scope of t and its descendants.
func forgetScope(t Task) {
	b := t.Base()
	b.scoped, b.ref = false, nil
	if p, ok := t.(ParentTask); ok {
		for _, c := range p.Children() {
			forgetScope(c)
		}
	}
}

// Variables returns the blackboard of the subtree's own variables (those
// given to Own), or nil when there are none. Its parent is nil.
func (r *TreeReference) Variables() *Blackboard { return r.own }

// Remapped returns the parent name the subtree's variable name is remapped
// to, and whether it is.
func (r *TreeReference) Remapped(name string) (string, bool) {
	p, ok := r.remap[name]
	return p, ok
}

// SetTree replaces the referenced tree by root (Unreal's Run Behavior
// Dynamic). A run of the old subtree under way is ended first, with the
// cause EndReplaced; the new root starts at the reference's next tick.
// Called while the reference ticks its subtree (from a task inside it),
// the swap waits until that tick of the subtree returns, and the
// reference then reports Running. It returns ErrHasParent when root is
// attached elsewhere and ErrCycle when root is the reference or one of its
// ancestors.
func (r *TreeReference) SetTree(root Task) error {
	if root == nil {
		return ErrNilTask
	}
	rb := root.Base()
	if rb.parent != nil && rb.parent != r.self {
		return ErrHasParent
	}
	if rootOf(r.self).Base() == rb {
		return ErrCycle
	}
	if b := &r.TaskBase; b.refTick&refTicking != 0 {
		b.refTick |= refSwapDue
		r.pending = root
		r.swapped = true
		return nil
	}
	r.install(root)
	return nil
}

// Rebind points the subtree's root at the reference's task as it is
// now: call it after a wrapper's Init gave the reference a new self (the
// Lua binding wraps the reference after it is built with its subtree).
func (r *TreeReference) Rebind() {
	if c := r.Child(); c != nil {
		c.Base().parent = r.self
	}
}

// ranInTree reports whether the reference's tree has ticked.
func (r *TreeReference) ranInTree() bool {
	t := r.Base().tree
	return t != nil && t.ticks > 0
}

// install ends the current subtree (cause EndReplaced) and attaches root
// in its place.
func (r *TreeReference) install(root Task) {
	if old := r.Child(); old != nil {
		if old == root {
			return
		}
		EndWith(old, EndCause{Kind: EndReplaced, By: r.self})
		r.children = r.children[:0]
		r.sub[0] = nil
		r.swapped = r.swapped || r.ranInTree()
	}
	forgetTree(root)
	if err := r.AddChild(root); err != nil {
		panic(err)
	}
}

// OnUpdate ticks the subtree and returns its status.
func (r *TreeReference) OnUpdate() Status {
	b := &r.TaskBase
	c := r.sub[0]
	if c == nil {
		c = r.child() // panics: no subtree
	}
	b.refTick = refTicking
	s := Tick(c)
	due := b.refTick&refSwapDue != 0
	b.refTick = 0
	if due {
		p := r.pending
		r.pending = nil
		r.install(p)
		return Running
	}
	return s
}

// The bits of TaskBase.refTick: the reference ticks its subtree
// (refTicking), and SetTree gave it a tree during that tick (refSwapDue).
// A tick of a reference reads and writes them in the task's first cache
// line; pending, a line further, only when a swap is due.
const (
	refTicking uint8 = 1 << iota
	refSwapDue
)

// forgetTree clears the tree (and the cached scope) of t and its
// descendants: a subtree a file built as another tree's root runs in the
// reference's tree.
func forgetTree(t Task) {
	b := t.Base()
	b.tree, b.scoped, b.ref = nil, false, nil
	if p, ok := t.(ParentTask); ok {
		for _, c := range p.Children() {
			forgetTree(c)
		}
	}
}

// AsTreeReference returns the TreeReference t is or wraps (a Lua
// BTBehaviorTreeReference task), or nil.
func AsTreeReference(t Task) *TreeReference { return asReference(t) }

// asReference returns the TreeReference of t or of a task t wraps.
func asReference(t Task) *TreeReference {
	for range maxUnwrap {
		if r, ok := t.(*TreeReference); ok {
			return r
		}
		w, ok := t.(Wrapper)
		if !ok {
			return nil
		}
		t = w.Unwrap()
	}
	return nil
}

// referenceOf returns the nearest scoping reference above b (one with
// own variables or remaps, whose subtree b is in), or nil. References
// that only pass their parent's variables through are skipped: they
// change no name, and a tick of a variable read through them costs what
// it costs inline. The answer is kept in b once b is in a tree (a task's
// ancestors never change; Own and Remap clear it below their reference).
func referenceOf(b *TaskBase) *TreeReference {
	if b.scoped {
		return b.ref
	}
	var found *TreeReference
	for p := b.parent; p != nil; p = p.Base().parent {
		if r := asReference(p); r != nil && r.scoping() {
			found = r
			break
		}
	}
	if b.tree != nil {
		b.scoped, b.ref = true, found
	}
	return found
}

// resolveName returns the blackboard and the name there that variable
// name of the task of b stands for, in tree tr (see [TreeReference]).
func resolveName(b *TaskBase, tr *BehaviorTree, name string) (*Blackboard, string) {
	for r := referenceOf(b); r != nil; r = referenceOf(&r.TaskBase) {
		if r.own != nil {
			if _, ok := r.own.index[name]; ok {
				return r.own, name
			}
		}
		if p, ok := r.remap[name]; ok {
			name = p
		}
	}
	return tr.Blackboard, name
}

// ResolveVariable returns the blackboard and the name there that
// variable name of task t stands for: the tree's blackboard and name
// itself outside references, else through each enclosing
// [TreeReference]'s own variables and remapping. ok is false when t is
// not in a tree yet (it has not run, and no ancestor has).
func ResolveVariable(t Task, name string) (bb *Blackboard, resolved string, ok bool) {
	b := t.Base()
	tr := treeOf(b)
	if tr == nil {
		return nil, name, false
	}
	bb, resolved = resolveName(b, tr, name)
	return bb, resolved, true
}

// ReferenceFile returns the file of t when t is (or wraps) a
// [TreeReference] ("flee.lua"), else "": for views that mark a subtree
// as the reference's unit.
func ReferenceFile(t Task) string { return referenceFile(t) }

// referenceFile is ReferenceFile.
func referenceFile(t Task) string {
	if r := asReference(t); r != nil {
		return r.File
	}
	return ""
}

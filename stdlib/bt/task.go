package bt

import "fmt"

// Task is a node of a behavior tree, after Behavior Designer's Task class.
//
// Implementations embed a base type (Action, Conditional, Composite,
// Decorator, or TaskBase directly) and override the lifecycle hooks they
// need. The hooks are called by [Tick] and [End], never directly by a
// parent: OnAwake once before the first run, OnStart when a run begins,
// OnUpdate every tick of the run (it returns Running to go on, Success or
// Failure to end the run), OnEnd once when the run ends for any reason, and
// OnReset when the tree is reset.
type Task interface {
	// Base returns the bookkeeping shared by all tasks.
	Base() *TaskBase
	OnAwake()
	OnStart()
	OnUpdate() Status
	OnEnd()
	OnReset()
}

// TaskBase holds what every task has: its name, its place in the tree and
// its run state. It implements every hook as a no-op; OnUpdate returns
// Success.
type TaskBase struct {
	// The fields a tick reads come first, in the task's first 64 bytes
	// (a tree's tick touches every task of every agent: issue 23, cache
	// locality); what paths, building and errors read follows.

	tree    *BehaviorTree
	status  Status
	started bool
	awake   bool
	// plain is set at the first tick of a task that is neither a
	// composite nor a decorator (see lowerPriorityComposite).
	plain bool
	// scoped is set once ref holds the nearest TreeReference above the
	// task (see referenceOf).
	scoped bool
	// refTick is a TreeReference's tick state (refTicking, refSwapDue:
	// see TreeReference.OnUpdate), here in the bytes a tick reads anyway
	// rather than in the reference's own fields, a cache line further.
	refTick uint8
	// mark is the number an observer of the tree keeps on the task (see
	// Mark), in the two bytes the first line has to spare.
	mark uint16
	// ticked is the tree tick count at which status was last set.
	ticked uint64
	// startSeq orders run starts within a tree: the value of the tree's
	// start counter when the current or last run of the task began (0 when
	// it never started inside a tree). Conditional aborts use it to tell
	// which tasks ran during a parent's run.
	startSeq uint64
	// reeval is the tree tick at which a conditional abort re-evaluated the
	// task and left its result to be reported by the next Tick of the same
	// tree tick (0 for none).
	reeval uint64
	// comp is the Composite embedded in the task, found at its first tick
	// (nil for other tasks).
	comp *Composite
	// ref is the nearest TreeReference above the task, once scoped is set
	// (see referenceOf).
	ref *TreeReference

	// Name is the task's display name, used in paths, traces and errors.
	Name string

	self   Task
	parent Task
	index  int
	// up is an ancestor further up than parent, or nil (see ancestry.go).
	up Task
}

// Base returns b itself.
func (b *TaskBase) Base() *TaskBase { return b }

// OnAwake does nothing.
func (b *TaskBase) OnAwake() {}

// OnStart does nothing.
func (b *TaskBase) OnStart() {}

// OnUpdate returns Success.
func (b *TaskBase) OnUpdate() Status { return Success }

// OnEnd does nothing.
func (b *TaskBase) OnEnd() {}

// OnReset does nothing.
func (b *TaskBase) OnReset() {}

// Init records self as the Task that owns this base. Constructors call it;
// a wrapper (such as the Lua binding's scripted task) calls it again with
// itself, so parents, paths and observers see the wrapper.
func (b *TaskBase) Init(self Task, name string) {
	b.self = self
	if name != "" {
		b.Name = name
	}
}

// Self returns the Task that owns this base (see Init), or nil.
func (b *TaskBase) Self() Task { return b.self }

// Parent returns the parent task, or nil for a root or a detached task.
func (b *TaskBase) Parent() Task { return b.parent }

// Index returns the task's 0-based position among its parent's children.
func (b *TaskBase) Index() int { return b.index }

// Layer returns the depth of the task: 0 for a root, 1 for its children.
func (b *TaskBase) Layer() int {
	n := 0
	for p := b.parent; p != nil; p = p.Base().parent {
		n++
	}
	return n
}

// Tree returns the behavior tree the task has run in, or nil before its
// first tick inside a tree.
func (b *TaskBase) Tree() *BehaviorTree { return b.tree }

// Status returns the status of the task's last tick (Inactive before the
// first one and after a reset).
func (b *TaskBase) Status() Status { return b.status }

// Mark returns the number an observer of the task's tree last gave it
// with SetMark, 0 when none did. The host's event stream keeps there the
// task's node number plus one, so that a start or an end finds its node
// in the memory the tick has just read.
func (b *TaskBase) Mark() uint16 { return b.mark }

// SetMark sets the number Mark returns.
func (b *TaskBase) SetMark(n uint16) { b.mark = n }

// Started reports whether a run of the task is under way: OnStart has been
// called and OnEnd not yet.
func (b *TaskBase) Started() bool { return b.started }

// SetParent attaches b under parent at the given child index. ParentTask
// implementations call it from AddChild, after checking that b has no
// parent yet and that parent is not b or one of its descendants (a task
// has one place in one tree). A task's parent is set once: SetParent
// panics when b already has another parent (AddChild relies on ancestors
// staying ancestors, see ancestry.go).
func (b *TaskBase) SetParent(parent Task, index int) {
	if b.parent != nil && b.parent != parent {
		panic(fmt.Sprintf("bt: SetParent: %s has a parent already; a task's parent is set once", Path(b.self)))
	}
	b.parent = parent
	b.index = index
	if parent != nil && b.tree == nil {
		b.tree = parent.Base().tree
	}
}

package bt

// BehaviorTree owns a root task and ticks it (Behavior Designer's
// BehaviorTree component). Time is the tree's own clock in seconds: it
// advances by the delta time passed to Tick, so a fixed delta time makes
// timed tasks (Wait, Cooldown) deterministic.
//
// When the root ends with Success or Failure the tree is complete. With
// RestartWhenComplete (Behavior Designer's "Restart When Complete") the
// next Tick starts a new run of the root; without it Tick does nothing more
// and keeps returning the final status.
//
// A BehaviorTree is not safe for concurrent use; tick it from one goroutine.
type BehaviorTree struct {
	// Name labels the tree in traces and errors.
	Name string
	// RestartWhenComplete starts the root again on the tick after it ends.
	RestartWhenComplete bool
	// Observer, when set, hears every task start and end, with the cause
	// of each end.
	Observer Observer
	// Profiler, when set, times every task's Tick (see [Profiler]); nil,
	// the default, costs one nil check per Tick.
	Profiler *Profiler
	// Statuses, when set, hears every change of a task's status, when it
	// happens (see [StatusObserver]).
	Statuses StatusObserver
	// ExecutionType says whether Repeater, UntilSuccess and UntilFailure
	// may run their child again within one tick (see [ExecutionType]);
	// the zero value is NoDuplicates.
	ExecutionType ExecutionType
	// MaxTaskExecutions caps the task executions (calls of Tick) per tree
	// tick after which, under Count, no child run starts again in the
	// same tick; 0 or less means DefaultMaxTaskExecutions (100).
	MaxTaskExecutions int
	// Stop, when set, is asked every StopCheckInterval task executions
	// of a tick whether the tick must stop (a host's CPU budget, an
	// interruption): a non-nil error makes Tick panic with a *StopError
	// naming the task about to run. It lets a host stop a tick that runs
	// only Go tasks for ever (a Repeater under Count with a huge cap);
	// nil, the default, costs nothing more than the count.
	Stop func() error
	// Blackboard holds the tree's variables (Behavior Designer's shared
	// variables); it is never nil after NewBehaviorTree.
	Blackboard *Blackboard

	root   Task
	time   float64
	dt     float64
	ticks  uint64
	starts uint64
	// executions counts the Tick calls of the current tree tick.
	executions int
	status     Status
	complete   bool
	// own is the blackboard the tree starts with, in the tree's own
	// allocation (a tick reads the tree and its variables together).
	own Blackboard
	// warm is the tree's warm set (see Warm), made by its first use (8
	// bytes in the tree, not 32: a tree of a size class no bigger).
	warm *warmSet
}

// NewBehaviorTree returns a tree over root (which may be nil and set later
// with SetRoot) with an empty blackboard.
func NewBehaviorTree(root Task) *BehaviorTree {
	return new(BehaviorTree).Init(root)
}

// Init makes t, a zero BehaviorTree, a tree over root with an empty
// blackboard, as NewBehaviorTree does, and returns t: for a program that
// keeps the tree inside an allocation of its own (one allocation, one
// cache miss fewer per tick for thousands of trees). Call it once, before
// any other method.
func (t *BehaviorTree) Init(root Task) *BehaviorTree {
	t.own = Blackboard{index: map[string]Slot{}}
	t.Blackboard = &t.own
	t.SetRoot(root)
	return t
}

// SetRoot makes root the task the tree ticks (Behavior Designer's start
// task). A run of the previous root that is under way is ended first
// (EndHalted).
func (t *BehaviorTree) SetRoot(root Task) {
	if t.root != nil {
		EndWith(t.root, EndCause{Kind: EndHalted})
	}
	t.root = root
	t.warm = nil // gathered again for root, the old one let go
	t.complete = false
	t.status = Inactive
	if root != nil {
		root.Base().tree = t
	}
}

// Root returns the root task, or nil.
func (t *BehaviorTree) Root() Task { return t.root }

// Tick advances the clock by dt seconds and ticks the root once. It returns
// the root's status; Failure when the tree has no root. After completion
// (see BehaviorTree) it returns the final status without ticking, unless
// RestartWhenComplete is set.
func (t *BehaviorTree) Tick(dt float64) Status {
	if t.complete {
		if !t.RestartWhenComplete {
			return t.status
		}
		t.complete = false
	}
	t.dt = dt
	t.time += dt
	t.ticks++
	t.executions = 0
	if t.root == nil {
		t.status, t.complete = Failure, true
		return Failure
	}
	t.status = Tick(t.root)
	t.complete = t.status != Running
	return t.status
}

// Halt ends the run under way (every started task gets its OnEnd, deepest
// first) and marks the tree complete with its last status. The Observer
// hears the cause EndHalted.
func (t *BehaviorTree) Halt() { t.HaltWith(EndCause{Kind: EndHalted}) }

// HaltWith is Halt with the cause the Observer hears for every task it
// ends, such as EndReload when a hot reload replaces the tree.
func (t *BehaviorTree) HaltWith(cause EndCause) {
	if t.root != nil {
		EndWith(t.root, cause)
	}
	t.complete = true
}

// Complete reports whether the root's last run has ended and the tree will
// not restart it.
func (t *BehaviorTree) Complete() bool { return t.complete && !t.RestartWhenComplete }

// Status returns the root's status at the last tick (Inactive before the
// first).
func (t *BehaviorTree) Status() Status { return t.status }

// Time returns the tree's clock: the sum of the delta times ticked, in
// seconds.
func (t *BehaviorTree) Time() float64 { return t.time }

// DeltaTime returns the delta time of the current or last tick, in seconds.
func (t *BehaviorTree) DeltaTime() float64 { return t.dt }

// Executions returns how many task executions (calls of [Tick] on the
// tree's tasks) the current or last tick made.
func (t *BehaviorTree) Executions() int { return t.executions }

// maxTaskExecutions returns MaxTaskExecutions, or the default for 0 or
// less.
func (t *BehaviorTree) maxTaskExecutions() int {
	if t.MaxTaskExecutions <= 0 {
		return DefaultMaxTaskExecutions
	}
	return t.MaxTaskExecutions
}

// Ticks returns how many times Tick has ticked the root.
func (t *BehaviorTree) Ticks() uint64 { return t.ticks }

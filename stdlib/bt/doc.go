// Package bt is the pure Go behavior-tree core of btlua.
//
// The task model follows Behavior Designer (Opsive): every node is a Task
// with the lifecycle OnAwake (once, before the first run), OnStart (when a
// run begins), OnUpdate (every tick while the run lasts), OnEnd (when the run
// ends with Success or Failure, or when a parent ends it early) and OnReset.
// Tasks are ParentTasks (Composites and Decorators) or leaves (Actions and
// Conditionals).
//
// Ticking is recursive, as in BehaviorTree.CPP: a parent ticks a child with
// [Tick], which runs the lifecycle around the child's OnUpdate, and ends a
// running child early with [End] (or [EndWith], naming the cause), which
// ends every started descendant first (deepest first) and then the task
// itself. A Running child is resumed, not
// restarted, on the next tick. OnEnd is called exactly once per run.
//
// The task library, one concept per file:
//
//   - composites: [Sequence], [Selector], [Parallel], [ParallelSelector],
//     [ParallelComplete], [RandomSequence], [RandomSelector],
//     [PrioritySelector] (children implementing [Prioritized]),
//     [UtilitySelector] (children implementing [UtilityScorer]);
//   - conditional aborts on every composite ([Composite].Abort,
//     [AbortType], [ConditionalAbortHandler]) and warrior-style composite
//     preconditions ([Composite.AddCondition], [Condition], [Precondition],
//     [PreconditionNot]);
//   - decorators: [Inverter], [Repeater], [UntilSuccess], [UntilFailure],
//     [ReturnSuccess], [ReturnFailure], [Cooldown], [Timeout], [Interrupt]
//     with [PerformInterruption], [ConditionalEvaluator];
//   - leaves: [FuncAction], [FuncCondition] ([NewCondition]), [Log],
//     [Wait], [Idle];
//   - the [BehaviorTree] with its clock, [Blackboard], [ExecutionType] and
//     [Observer] (which hears every end with its [EndCause]) and
//     [StatusObserver] (every status change, as it happens); [Render],
//     [DOT] and [TraceObserver] for inspection.
//
// Choices made where the anchors (Behavior Designer, BehaviorTree.CPP,
// py_trees, BTAI, the Lua behavior-tree series and the warrior seed)
// disagree, each detailed on the type concerned:
//
//   - a child's Success (Sequence) or Failure (Selector) moves on to the
//     next child in the same tick, as in Behavior Designer and the Lua
//     series, not on the next tick as in BTAI;
//   - decorators that repeat a child (Repeater, UntilSuccess, UntilFailure)
//     count at most one child completion per tick under the default
//     [ExecutionType] NoDuplicates (Behavior Designer's default); under
//     Count they run the child again within the tick up to the tree's cap
//     on task executions per tick, so no tick can loop forever either way;
//   - every counter and timer of a decorator belongs to its run and resets
//     in OnEnd, including when a parent ends it early (Cooldown follows
//     Behavior Designer's "hold the result" meaning, not a lockout);
//   - time is the tree's clock ([BehaviorTree.Time]), so a fixed delta time
//     makes Wait, Cooldown and Timeout deterministic; a duration is reached
//     on the first tick where the elapsed tree time is >= it;
//   - a conditional re-evaluated by an abort runs once per tick: the branch
//     resumed by the abort reuses that result instead of running it again;
//   - empty composites fail; a decorator ticked without a child panics
//     with a [StructureError] (it was built incomplete).
//
// Ticking a tree of the built-in composites and Go leaves allocates
// nothing in steady state. Building a tree of n tasks costs O(n log n) in
// any order (see AddChild). Tick, End and Reset recurse, about 180 bytes
// of Go stack per level of built-in composites: a 1,000,000-deep chain
// ticks in a 256 MB stack, and past about 3,000,000 levels the stack would
// need more than Go's 1 GB limit and the runtime aborts the program. The package holds no global state and imports
// no scripting runtime; the Lua bindings wrap these types (see [Wrapper]).
package bt

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
// running child early with [End], which ends every started descendant first
// (deepest first) and then the task itself. A Running child is resumed, not
// restarted, on the next tick.
//
// The package holds no global state and imports no scripting runtime; the
// Lua bindings wrap these types.
package bt

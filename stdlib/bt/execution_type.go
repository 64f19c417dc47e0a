package bt

import "fmt"

// ExecutionType says whether a task may run more than once in one tick of
// its tree: Behavior Designer's Task Execution Type ("continue executing
// tasks until it hits an already executed task during that tick, or ...
// until a maximum number of tasks have been executed during that tick").
// It is set per tree ([BehaviorTree.ExecutionType]) and matters to the
// decorators that run their child again: [Repeater], [UntilSuccess] and
// [UntilFailure].
//
//   - NoDuplicates (the default, as in Behavior Designer): when the child
//     of a repeating decorator completes and must run again, the decorator
//     returns Running and the child's next run starts on the next tick.
//     The built-in tasks therefore never tick a task twice in one tick (a
//     conditional re-evaluated by a conditional abort reports that one
//     evaluation when its branch resumes in the same tick). Repeater(3)
//     over an instant child takes 3 ticks, and a Wait under a Repeater
//     restarts one tick after it completed, so a timer loop drifts by a
//     tick each period.
//   - Count: the decorator starts the child's next run at once, within the
//     same tick, as long as the tree has made fewer than
//     [BehaviorTree.MaxTaskExecutions] task executions in this tick; at the
//     cap it returns Running and the next run starts on the next tick.
//     Every [Tick] of a task counts as one execution (the decorator's own,
//     its child's and the child's subtree's, conditional re-evaluations
//     included). The cap is checked only before a new run starts, so a run
//     is never cut short. Repeater(3) over an instant child succeeds on the
//     first tick; a forever Repeater over an instant child runs it until the
//     cap and goes on at the next tick. This is BehaviorTree.CPP's rule for
//     Repeat and RetryUntilSuccessful, which loop within the tick.
//
// Neither type changes [BehaviorTree.RestartWhenComplete] (the root starts
// again on the next tick) nor BTAI's nodes, which keep BTAI's own rule.
type ExecutionType uint8

const (
	// NoDuplicates runs a repeating decorator's child at most once per
	// tick.
	NoDuplicates ExecutionType = iota
	// Count lets a repeating decorator run its child again in the same
	// tick, up to the tree's MaxTaskExecutions.
	Count
)

// DefaultMaxTaskExecutions is the cap on task executions per tick under
// Count when [BehaviorTree.MaxTaskExecutions] is 0 or less.
const DefaultMaxTaskExecutions = 100

// String returns "NoDuplicates" or "Count".
func (e ExecutionType) String() string {
	switch e {
	case NoDuplicates:
		return "NoDuplicates"
	case Count:
		return "Count"
	}
	return fmt.Sprintf("ExecutionType(%d)", uint8(e))
}

// runAgain reports whether a repeating decorator (base b) whose child
// completed may start the child's next run in the current tick.
func runAgain(b *TaskBase) bool {
	tr := b.tree
	return tr != nil && tr.ExecutionType == Count && tr.executions < tr.maxTaskExecutions()
}

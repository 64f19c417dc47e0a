package bt

import "fmt"

// EndKind says why a task's run ended. Behavior Designer and
// BehaviorTree.CPP only tell a finished task from a halted one; the kinds
// of an early end here name what stopped the run, for traces and
// debuggers ([Observer], [TraceObserver], btlua --trace).
type EndKind uint8

const (
	// EndCompleted: the task's OnUpdate returned Success or Failure (or
	// a composite's precondition failed, which fails it).
	EndCompleted EndKind = iota
	// EndAborted: a conditional abort ended the branch (see [AbortType]);
	// By is the conditional whose result changed.
	EndAborted
	// EndTimedOut: a [Timeout] ended its running child; By is the Timeout.
	EndTimedOut
	// EndInterrupted: an [Interrupt] ended its running child after a
	// [PerformInterruption]; By is the Interrupt.
	EndInterrupted
	// EndByParent: a parent ended the branch (BehaviorTree.CPP's halt of
	// a child): because the parent's own run completed (a Parallel that
	// failed, a Sequence whose precondition failed), or because it moved
	// on (a UtilitySelector switching children, a ConditionalEvaluator
	// whose conditional failed), or through [End]. By is that parent.
	EndByParent
	// EndHalted: the tree was halted ([BehaviorTree.Halt], a new root, the
	// host closing). By is nil.
	EndHalted
	// EndReload: a structure-level hot reload replaced the tree. By is
	// nil.
	EndReload
	// EndReplaced: [TreeReference.SetTree] replaced the subtree the task
	// was in; By is the reference.
	EndReplaced
)

// String returns the kind's Go name without the "End" prefix:
// "Completed", "Aborted", "TimedOut", "Interrupted", "ByParent",
// "Halted", "Reload" or "Replaced".
func (k EndKind) String() string {
	switch k {
	case EndCompleted:
		return "Completed"
	case EndAborted:
		return "Aborted"
	case EndTimedOut:
		return "TimedOut"
	case EndInterrupted:
		return "Interrupted"
	case EndByParent:
		return "ByParent"
	case EndHalted:
		return "Halted"
	case EndReload:
		return "Reload"
	case EndReplaced:
		return "Replaced"
	}
	return fmt.Sprintf("EndKind(%d)", uint8(k))
}

// EndCause is why a run ended: its kind and the task that caused it (see
// each [EndKind] for what By is). Every task ended by one early end gets
// the same cause: when a Timeout ends its child, the child's running
// descendants are timed out by the same Timeout. The zero value is
// EndCompleted.
type EndCause struct {
	Kind EndKind
	By   Task
}

// String describes the cause as the trace prints it after "ended":
// "completed", "aborted by PATH", "timed out by PATH", "interrupted by
// PATH", "by parent PATH", "halted", "reload" or "replaced by PATH", where PATH is
// [Path](By).
func (c EndCause) String() string {
	switch c.Kind {
	case EndCompleted:
		return "completed"
	case EndAborted:
		return "aborted by " + Path(c.By)
	case EndTimedOut:
		return "timed out by " + Path(c.By)
	case EndInterrupted:
		return "interrupted by " + Path(c.By)
	case EndByParent:
		return "by parent " + Path(c.By)
	case EndHalted:
		return "halted"
	case EndReload:
		return "reload"
	case EndReplaced:
		return "replaced by " + Path(c.By)
	}
	return c.Kind.String()
}

// Early reports whether the run ended before completing.
func (c EndCause) Early() bool { return c.Kind != EndCompleted }

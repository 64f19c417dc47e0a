package bt

import (
	"fmt"
	"strings"
)

// TraceEvent is one task start or end heard by a TraceObserver.
type TraceEvent struct {
	// Tick is the tree's tick count when the event happened (0 outside a
	// tree).
	Tick uint64
	// Task is the task that started or ended.
	Task Task
	// Started is true for a start, false for an end.
	Started bool
	// Status is the status the run ended with (Running when a parent
	// ended it early); Inactive for a start.
	Status Status
}

// String returns "start Path" or "end Path Status".
func (e TraceEvent) String() string {
	if e.Started {
		return "start " + Path(e.Task)
	}
	return "end " + Path(e.Task) + " " + e.Status.String()
}

// StatusChange is a task whose last status differs from the one seen at
// the previous TraceObserver.Changes call.
type StatusChange struct {
	// Task is the task whose status changed.
	Task Task
	// From is the status seen at the previous call, To the current one.
	From, To Status
}

// String returns "Path: From -> To".
func (c StatusChange) String() string {
	return fmt.Sprintf("%s: %v -> %v", Path(c.Task), c.From, c.To)
}

// TraceObserver is an Observer for tracing (the CLI's --trace): it records
// every start and end in Events, passes them on to Next, and Changes lists
// the tasks whose status changed since the previous call. Set it as
// BehaviorTree.Observer and call Changes(tree.Root()) after each Tick to
// print what happened in that tick. It is a debugging aid: it allocates.
type TraceObserver struct {
	// Events holds the events since the last ClearEvents.
	Events []TraceEvent
	// Next, when set, hears every event after the TraceObserver.
	Next Observer

	last map[*TaskBase]Status
}

// NewTraceObserver returns a TraceObserver forwarding to next (may be
// nil).
func NewTraceObserver(next Observer) *TraceObserver {
	return &TraceObserver{Next: next}
}

func tickOf(t Task) uint64 {
	if tr := t.Base().tree; tr != nil {
		return tr.ticks
	}
	return 0
}

// TaskStarted records a start.
func (o *TraceObserver) TaskStarted(t Task) {
	o.Events = append(o.Events, TraceEvent{Tick: tickOf(t), Task: t, Started: true})
	if o.Next != nil {
		o.Next.TaskStarted(t)
	}
}

// TaskEnded records an end.
func (o *TraceObserver) TaskEnded(t Task, s Status) {
	o.Events = append(o.Events, TraceEvent{Tick: tickOf(t), Task: t, Status: s})
	if o.Next != nil {
		o.Next.TaskEnded(t, s)
	}
}

// ClearEvents empties Events.
func (o *TraceObserver) ClearEvents() { o.Events = o.Events[:0] }

// Changes walks root's subtree in depth-first order and returns the tasks
// whose last status differs from the one recorded at the previous call
// (Inactive for tasks not seen before), recording the new statuses.
func (o *TraceObserver) Changes(root Task) []StatusChange {
	if o.last == nil {
		o.last = map[*TaskBase]Status{}
	}
	var out []StatusChange
	var walk func(t Task)
	walk = func(t Task) {
		if t == nil {
			return
		}
		b := t.Base()
		if s := b.status; s != o.last[b] {
			out = append(out, StatusChange{Task: t, From: o.last[b], To: s})
			o.last[b] = s
		}
		if p, ok := t.(ParentTask); ok {
			for _, c := range p.Children() {
				walk(c)
			}
		}
	}
	walk(root)
	return out
}

// FormatChanges renders changes one per line, as the CLI's --trace
// prints them.
func FormatChanges(changes []StatusChange) string {
	var sb strings.Builder
	for _, c := range changes {
		sb.WriteString(c.String())
		sb.WriteByte('\n')
	}
	return sb.String()
}

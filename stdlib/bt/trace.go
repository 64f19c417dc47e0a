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
	// Status is the status the run ended with (Running when it was ended
	// early); Inactive for a start.
	Status Status
	// Cause is why the run ended; the zero value for a start.
	Cause EndCause
}

// String returns "start Path", "end Path Status" for a completed run, or
// "end Path Status (Cause)" for a run ended early.
func (e TraceEvent) String() string {
	if e.Started {
		return "start " + Path(e.Task)
	}
	s := "end " + Path(e.Task) + " " + e.Status.String()
	if e.Cause.Early() {
		s += " (" + e.Cause.String() + ")"
	}
	return s
}

// StatusChange is one line of a trace (see TraceObserver.Changes): a run
// of Task that ended, or a status that changed otherwise.
type StatusChange struct {
	// Task is the task the line is about.
	Task Task
	// From is the state the trace showed for the task before this line:
	// its status, or Inactive after a run ended early. To is the status
	// the run ended with, or the new status.
	From, To Status
	// Ended is set when the line reports the end of a run, and Cause then
	// says why it ended.
	Ended bool
	Cause EndCause
}

// String returns "Path: From -> To", or "Path: From -> ended (Cause)" for
// a run ended early, e.g. "Root/Attack[2]: Running -> ended (aborted by
// Root/IsVisible[1])".
func (c StatusChange) String() string {
	if c.Ended && c.Cause.Early() {
		return fmt.Sprintf("%s: %v -> ended (%s)", Path(c.Task), c.From, c.Cause)
	}
	return fmt.Sprintf("%s: %v -> %v", Path(c.Task), c.From, c.To)
}

// TraceObserver is an Observer for tracing (the CLI's --trace): it records
// every start and end in Events, passes them on to Next, and Changes turns
// the events since its previous call into trace lines. Set it as
// BehaviorTree.Observer and call Changes(tree.Root()) after each Tick (and
// after a Halt) to print what happened. It is a debugging aid: it
// allocates.
type TraceObserver struct {
	// Events holds the events since the last ClearEvents.
	Events []TraceEvent
	// Next, when set, hears every event after the TraceObserver.
	Next Observer

	mark  int // Events[:mark] were seen by Changes
	shown map[*TaskBase]traceState
}

// traceState is what the trace last showed for a task: its state (its
// status, Inactive after an early end) and the status it had then.
type traceState struct{ shown, status Status }

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

// TaskEnded records an end with its cause.
func (o *TraceObserver) TaskEnded(t Task, s Status, cause EndCause) {
	o.Events = append(o.Events, TraceEvent{Tick: tickOf(t), Task: t, Status: s, Cause: cause})
	if o.Next != nil {
		o.Next.TaskEnded(t, s, cause)
	}
}

// ClearEvents empties Events.
func (o *TraceObserver) ClearEvents() {
	o.Events = o.Events[:0]
	o.mark = 0
}

// Shows records that the trace shows t as it is: status s, with a run
// under way when started (Inactive for a Running task whose run is over,
// as after an early end). A tracer that begins on a tree which ran before
// it (a restored one) calls it for each task, so that its first Changes
// reports what changed since, not every status as new.
func (o *TraceObserver) Shows(t Task, s Status, started bool) {
	if o.shown == nil {
		o.shown = map[*TaskBase]traceState{}
	}
	shown := s
	if s == Running && !started {
		shown = Inactive
	}
	o.shown[t.Base()] = traceState{shown: shown, status: s}
}

// Changes returns the trace lines for root's subtree since the previous
// call: tasks in depth-first order, and for each task, in order,
//
//   - one line per run that ended: "From -> Success" or "From -> Failure"
//     for a completed run (also when the status did not change: every
//     completion gets its line), "From -> ended (Cause)" for a run ended
//     early (aborted, timed out, interrupted, ended by a parent, halted,
//     reloaded; see [EndCause]);
//   - then, when a run is under way, "From -> Running" if the trace did
//     not show the task running (it started since);
//   - for a task without starts or ends, "From -> To" when its status
//     changed otherwise (a precondition failing before its composite
//     starts, a reset).
//
// From is what the trace showed last: the task's status, or Inactive after
// an early end (the run is over though the task keeps its last status),
// and Inactive for a task not seen before. The ends come from the events
// recorded since the previous call, so the observer must be the tree's
// Observer (or be reached through Next).
func (o *TraceObserver) Changes(root Task) []StatusChange {
	if o.shown == nil {
		o.shown = map[*TaskBase]traceState{}
	}
	o.mark = min(o.mark, len(o.Events))
	var ends map[*TaskBase][]TraceEvent
	if fresh := o.Events[o.mark:]; len(fresh) > 0 {
		ends = map[*TaskBase][]TraceEvent{}
		for _, e := range fresh {
			b := e.Task.Base()
			ends[b] = append(ends[b], e)
		}
	}
	o.mark = len(o.Events)
	var out []StatusChange
	var walk func(t Task)
	walk = func(t Task) {
		if t == nil {
			return
		}
		b := t.Base()
		st := o.shown[b]
		evs := ends[b]
		if len(evs) == 0 {
			if b.status != st.status {
				out = append(out, StatusChange{Task: t, From: st.shown, To: b.status})
				st.shown = b.status
			}
		} else {
			for _, e := range evs {
				if e.Started {
					continue
				}
				out = append(out, StatusChange{Task: t, From: st.shown, To: e.Status, Ended: true, Cause: e.Cause})
				st.shown = e.Status
				if e.Cause.Early() {
					st.shown = Inactive
				}
			}
			if b.started && b.status != st.shown {
				out = append(out, StatusChange{Task: t, From: st.shown, To: b.status})
				st.shown = b.status
			}
		}
		st.status = b.status
		o.shown[b] = st
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

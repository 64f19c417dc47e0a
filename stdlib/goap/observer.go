package goap

import (
	"fmt"
	"strconv"
	"strings"
)

// AgentObserver receives an Agent's events, for an inspector or a trace
// (set Agent.Observer). It is called synchronously from Agent.Update, in the
// order things happen, before the matching DataProvider callback returns
// control to the agent; it must not call Update. A nil Observer costs one
// pointer test per event site and allocates nothing.
type AgentObserver interface {
	AgentEvent(ev AgentEvent)
}

// AgentEventKind says what happened; see AgentEvent for the fields each
// kind fills.
type AgentEventKind uint8

// The agent's events.
const (
	// EventGoalChosen: a planning round is about to plan for Goal (its
	// Priority in the current world state). One per goal tried, by
	// descending priority.
	EventGoalChosen AgentEventKind = iota + 1
	// EventPlanMade: Plan was found for Goal and is about to be executed.
	EventPlanMade
	// EventPlanFailed: no plan for Goal; Err says why (wraps ErrNoPlan,
	// ErrBudget or ErrInvalid).
	EventPlanFailed
	// EventActionStarted: Action (step Index of the plan, from 0) starts:
	// its first MoveTo tick or its first Perform.
	EventActionStarted
	// EventActionEnded: the started Action (step Index) ended; End says how.
	EventActionEnded
	// EventPlanFinished: every action of the plan for Goal completed.
	EventPlanFinished
	// EventPlanAborted: the plan for Goal was abandoned because of Action
	// (a failed Perform, or a lost Target).
	EventPlanAborted
	// EventPlanInterrupted: the plan for Goal was ended at a safe point
	// because By rose to priority Priority, above Goal's.
	EventPlanInterrupted
	// EventStatePushed, EventStatePopped: the FSM state State was pushed
	// onto or popped off the agent's stack.
	EventStatePushed
	EventStatePopped
)

var eventKindNames = [...]string{"", "goal chosen", "plan made", "plan failed", "action started",
	"action ended", "plan finished", "plan aborted", "plan interrupted", "state pushed", "state popped"}

// String returns the kind in words, e.g. "plan made".
func (k AgentEventKind) String() string {
	if int(k) < len(eventKindNames) && k != 0 {
		return eventKindNames[k]
	}
	return "AgentEventKind(" + strconv.Itoa(int(k)) + ")"
}

// ActionEnd says how a started action ended (AgentEvent.End).
type ActionEnd uint8

// How an action ends.
const (
	EndDone        ActionEnd = iota + 1 // IsDone reported completion
	EndAborted                          // Perform failed or the Target was lost
	EndInterrupted                      // a higher-priority goal ended it at a safe point
	EndDropped                          // Agent.Replan dropped the plan
)

var actionEndNames = [...]string{"", "done", "aborted", "interrupted", "dropped"}

// String returns "done", "aborted", "interrupted" or "dropped".
func (e ActionEnd) String() string {
	if int(e) < len(actionEndNames) && e != 0 {
		return actionEndNames[e]
	}
	return "ActionEnd(" + strconv.Itoa(int(e)) + ")"
}

// AgentEvent is one event of an Agent. Fields a kind does not use are zero.
type AgentEvent struct {
	Kind     AgentEventKind
	Goal     *Goal     // the goal concerned (all plan and goal events)
	Priority float64   // EventGoalChosen: Goal's priority; EventPlanInterrupted: By's
	Plan     Plan      // EventPlanMade
	Err      error     // EventPlanFailed
	Action   *Action   // action events, EventPlanAborted
	Index    int       // action events: the step's index in the plan, from 0
	End      ActionEnd // EventActionEnded
	By       *Goal     // EventPlanInterrupted: the goal that interrupted
	State    string    // EventStatePushed, EventStatePopped
}

// String formats the event on one line, e.g. `plan made "eat": Cook (cost
// 1)`, `action ended Cook #1 (done)`, `state pushed MoveTo`; an action's
// step is numbered from 1 as Lua counts (#1 is Index 0).
func (ev AgentEvent) String() string {
	var b strings.Builder
	b.WriteString(ev.Kind.String())
	name := func(g *Goal) string {
		if g == nil {
			return "<nil goal>"
		}
		return strconv.Quote(g.Name)
	}
	num := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	switch ev.Kind {
	case EventGoalChosen:
		fmt.Fprintf(&b, " %s (priority %s)", name(ev.Goal), num(ev.Priority))
	case EventPlanMade:
		fmt.Fprintf(&b, " %s: %s", name(ev.Goal), ev.Plan)
	case EventPlanFailed:
		fmt.Fprintf(&b, " %s: %v", name(ev.Goal), ev.Err)
	case EventActionStarted:
		fmt.Fprintf(&b, " %s #%d", ev.Action, ev.Index+1)
	case EventActionEnded:
		fmt.Fprintf(&b, " %s #%d (%s)", ev.Action, ev.Index+1, ev.End)
	case EventPlanFinished:
		fmt.Fprintf(&b, " %s", name(ev.Goal))
	case EventPlanAborted:
		fmt.Fprintf(&b, " %s by %s", name(ev.Goal), ev.Action)
	case EventPlanInterrupted:
		fmt.Fprintf(&b, " %s by %s (priority %s)", name(ev.Goal), name(ev.By), num(ev.Priority))
	case EventStatePushed, EventStatePopped:
		b.WriteString(" " + ev.State)
	}
	return b.String()
}

// emit sends ev to the observer, if any.
func (ag *Agent) emit(ev AgentEvent) {
	if ag.Observer != nil {
		ag.Observer.AgentEvent(ev)
	}
}

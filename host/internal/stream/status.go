package stream

import (
	"slices"

	"github.com/btlua/btlua/stdlib/bt"
)

// The EventStatus events of a watched tree. The tree's core pushes every
// change of a task's status as it happens (bt.StatusObserver: the watch
// is the tree's Statuses while it observes it); the watch notes the
// task's node, and after the agent's tick reports, in node order, the
// noted tasks whose status differs from the one the listeners last heard
// (an end already told them). Nothing reads the statuses of the tasks
// that did not change.

// TaskStatus notes that t's status changed (bt.StatusObserver). A task
// the tree did not have when it was numbered has no node and is not
// reported.
func (w *watch[A, R]) TaskStatus(t bt.Task, _ bt.Status) {
	i, ok := w.node(t).Index()
	if !ok || w.marked[i] {
		return
	}
	w.marked[i] = true
	w.changed = append(w.changed, int32(i))
}

// statuses reports, after a tick, the noted tasks whose status changed
// without an end the listeners heard, in node order.
func (w *watch[A, R]) statuses() {
	if len(w.changed) == 0 {
		return
	}
	if !w.current() {
		w.forgetChanges()
		return
	}
	slices.Sort(w.changed)
	for _, i := range w.changed {
		w.marked[i] = false
		s := w.bases[i].Status()
		if s == w.shown[i] {
			continue
		}
		w.shown[i] = s
		ev := w.taskEvent(EventStatus, w.nodes[i], NodeAt(int(i)))
		ev.Status = s
		w.send(ev)
	}
	w.changed = w.changed[:0]
}

// forgetChanges drops the noted changes (the tree is numbered again, or
// no longer observed: the statuses shown are then read afresh).
func (w *watch[A, R]) forgetChanges() {
	for _, i := range w.changed {
		w.marked[i] = false
	}
	w.changed = w.changed[:0]
}

package host

import (
	"errors"
	"slices"

	"github.com/btlua/btlua/stdlib/bt"
)

// tickObserved is Tick's loop while the event stream has listeners: the
// watches synced first, each agent's status changes after its tick, an
// EventError for each error, the tick framed by EventTickBegin and
// EventTickEnd.
func (h *Host) tickObserved(dt float64) error {
	e := h.events
	e.emit(Event{Kind: EventTickBegin, Node: -1, ByNode: -1, WriterNode: -1})
	e.sync()
	var errs []error
	for _, a := range h.agents {
		err := a.tick(dt)
		w := e.agents[a]
		if w != nil {
			w.statuses()
		}
		if err != nil {
			errs = append(errs, err)
			if w != nil && !w.failed {
				w.failed = true
				e.emit(Event{Kind: EventError, Agent: a, AgentID: w.id, Err: err, Node: -1, ByNode: -1, WriterNode: -1})
			}
		}
	}
	e.emit(Event{Kind: EventTickEnd, Node: -1, ByNode: -1, WriterNode: -1})
	return errors.Join(errs...)
}

// reported tells the listeners about a reload of path.
func (h *Host) reported(path string, rep *ReloadReport, err error) {
	if h.live() {
		h.events.emit(Event{Kind: EventReload, Path: path, Reload: rep, Err: err, Node: -1, ByNode: -1, WriterNode: -1})
	}
}

// sortedNames returns the names b itself holds, sorted.
func sortedNames(b *bt.Blackboard) []string {
	names := b.Names()
	slices.Sort(names)
	return names
}

package stream

// EventKind says what an [Event] reports; the host's documentation of
// its constants (host.EventTickBegin, ...) gives each kind's fields.
type EventKind uint8

// The kinds, in the host's order.
const (
	EventTickBegin EventKind = iota + 1
	EventTree
	EventRemoved
	EventStarted
	EventStatus
	EventEnded
	EventVariable
	EventError
	EventReload
	EventTickEnd
	EventGoap
	EventBTAI
	EventState
	EventRestart
)

var eventKindNames = [...]string{EventTickBegin: "tick", EventTree: "tree", EventRemoved: "removed",
	EventStarted: "start", EventStatus: "status", EventEnded: "end", EventVariable: "var",
	EventError: "error", EventReload: "reload", EventTickEnd: "tickend", EventGoap: "goap", EventBTAI: "btai", EventState: "state", EventRestart: "restart"}

// String returns the kind's short name, as recordings spell it: "tick",
// "tree", "removed", "start", "status", "end", "var", "error", "reload",
// "tickend", "goap", "btai", "state", "restart"; "?" for another value.
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return "?"
}

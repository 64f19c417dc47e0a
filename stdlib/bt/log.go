package bt

import "fmt"

// Log writes its Message and a newline to the tree's output and succeeds
// in the same tick (the BTLog leaf of the Lua behavior-tree series).
type Log struct {
	Action
	// Message is the line written at each tick.
	Message string
}

// NewLog returns a Log task for msg.
func NewLog(msg string) *Log {
	l := &Log{Message: msg}
	l.Init(l, "")
	return l
}

// OnUpdate writes the message and returns Success.
func (l *Log) OnUpdate() Status {
	fmt.Fprintln(l.tree.Output(), l.Message)
	return Success
}

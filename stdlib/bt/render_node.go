package bt

// RenderNode is one node that a task runs on its own, below it, without
// it being a Task: the nodes of the BTAI tree under a BT.Root task. Render
// and DOT show them under the task (see NodeLister).
type RenderNode struct {
	// Parent is the index in the list of the node's parent, -1 for the
	// task's own children; it is lower than the node's own index.
	Parent int
	// Text is the node's display text ("Sequence : 1/3", "Wait : 0.5 / 2").
	Text string
	// Kind is the node's type ("btai.Sequence").
	Kind string
	// Status is the state the node returned on its last tick ("Continue",
	// "Success"), "Inactive" before its first.
	Status string
}

// NodeLister is implemented by a task that runs a structure of its own
// below it (the Lua binding's BT.Root task runs a BTAI tree):
// RenderNodes lists its nodes in depth-first child order, each after its
// parent. Render and DOT look for it on the task and through Unwrap.
type NodeLister interface {
	RenderNodes() []RenderNode
}

// ArgsDescriber is implemented by a task that knows the constructor
// arguments it was made with: ConstructorArgs returns them as written,
// comma separated ("0.5, \"x\", true" for the Lua binding's
// BTWait:New(0.5, "x", true)), "" when there are none. DOT shows them.
type ArgsDescriber interface {
	ConstructorArgs() string
}

// AbortTyper is implemented by tasks that have a conditional abort type
// (Composite and the composites that embed it). DOT shows it.
type AbortTyper interface {
	AbortType() AbortType
}

// findIn returns the first of t and the tasks it wraps (through Unwrap,
// up to maxUnwrap levels) that is an I.
func findIn[I any](t Task) (I, bool) {
	var zero I
	for range maxUnwrap {
		if x, ok := t.(I); ok {
			return x, true
		}
		w, ok := t.(Wrapper)
		if !ok {
			return zero, false
		}
		t = w.Unwrap()
	}
	return zero, false
}

package luaerr

import (
	"fmt"
	"strings"
)

// GoPanic is a panic of Go code that ran during a tree tick (a Go task
// with a bug, or a Go function a script called), caught at the tick's
// protected call. It is a bug in Go code, not in the script, so it is
// kept apart from Error and carries the Go stack where it happened.
type GoPanic struct {
	// Value is the value passed to panic (a runtime.Error for a runtime
	// fault such as a nil map write).
	Value any
	// Stack is the goroutine's stack at the panic (runtime/debug.Stack),
	// the panicking function on top.
	Stack []byte
	// Task is the path of the behavior-tree task whose code was running
	// ("Tree/Sequence[1]/Attack[2]"), or "".
	Task string
	// Tree is the name the script gave the tree being ticked, or "".
	Tree string
}

// Error formats "Go panic: VALUE (tree T, task P)" and, on the lines
// after it, the Go stack.
func (p *GoPanic) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Go panic: %v", p.Value)
	switch {
	case p.Tree != "" && p.Task != "":
		b.WriteString(" (tree " + Shown(p.Tree) + ", task " + Shown(p.Task) + ")")
	case p.Tree != "":
		b.WriteString(" (tree " + Shown(p.Tree) + ")")
	case p.Task != "":
		b.WriteString(" (task " + Shown(p.Task) + ")")
	}
	if len(p.Stack) > 0 {
		b.WriteString("\n\n")
		b.Write(p.Stack)
	}
	return b.String()
}

// Unwrap returns Value when it is an error (errors.As finds a
// runtime.Error through it), else nil.
func (p *GoPanic) Unwrap() error {
	err, _ := p.Value.(error)
	return err
}

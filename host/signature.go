package host

import (
	"strings"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// signature describes the structure of a tree: each task's class and name
// with its children in order. Two trees with the same signature differ at
// most in the code of their classes, which a class-level reload swaps in
// place; any other difference (children added, removed, reordered, a task
// of another class) asks for the tree to be rebuilt.
func signature(tr *btlib.Tree) string {
	var b strings.Builder
	if r := tr.Root(); r != nil {
		writeSignature(&b, r, 0)
	}
	return b.String()
}

// Signer is implemented by tasks with more to compare across a reload than
// their class and name: constructor arguments, or a whole structure of
// their own (a BTAI root).
type Signer interface{ StructureSignature() string }

func writeSignature(b *strings.Builder, t bt.Task, depth int) {
	if depth > 256 {
		b.WriteString("...")
		return
	}
	b.WriteString(bt.Kind(t))
	for u, n := t, 0; u != nil && n < 8; n++ {
		if s, ok := u.(Signer); ok {
			b.WriteString("{" + s.StructureSignature() + "}")
			break
		}
		w, ok := u.(bt.Wrapper)
		if !ok {
			break
		}
		u = w.Unwrap()
	}
	b.WriteByte(':')
	b.WriteString(t.Base().Name)
	p, ok := t.(bt.ParentTask)
	if !ok {
		return
	}
	kids := p.Children()
	if len(kids) == 0 {
		return
	}
	b.WriteByte('(')
	for i, c := range kids {
		if i > 0 {
			b.WriteByte(',')
		}
		writeSignature(b, c, depth+1)
	}
	b.WriteByte(')')
}

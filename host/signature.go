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
		writeSignature(&b, r)
	}
	return b.String()
}

// Signer is implemented by tasks with more to compare across a reload than
// their class and name: constructor arguments, or a whole structure of
// their own (a BTAI root).
type Signer interface{ StructureSignature() string }

// writeSignature writes the signature of t's subtree, depth first, with
// an explicit stack: no depth limit and no recursion. A task met a second
// time (a Lua childTasks table may list a task twice, or its own
// ancestor) is written as "^" and not entered again.
func writeSignature(b *strings.Builder, t bt.Task) {
	type frame struct {
		kids []bt.Task
		next int
	}
	var stack []frame
	seen := map[*bt.TaskBase]bool{}
	for {
		if seen[t.Base()] {
			b.WriteByte('^')
		} else {
			seen[t.Base()] = true
			writeTask(b, t)
			if p, ok := t.(bt.ParentTask); ok {
				if kids := p.Children(); len(kids) > 0 {
					b.WriteByte('(')
					stack = append(stack, frame{kids: kids})
				}
			}
		}
		for {
			if len(stack) == 0 {
				return
			}
			f := &stack[len(stack)-1]
			if f.next == len(f.kids) {
				b.WriteByte(')')
				stack = stack[:len(stack)-1]
				continue
			}
			if f.next > 0 {
				b.WriteByte(',')
			}
			t = f.kids[f.next]
			f.next++
			break
		}
	}
}

// writeTask writes one task's part of the signature: its kind, its
// Signer signature in braces when it or a task it wraps has one, and its
// name after a colon.
func writeTask(b *strings.Builder, t bt.Task) {
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
}

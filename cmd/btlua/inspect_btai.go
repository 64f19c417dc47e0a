package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/btai"
)

// btaiPaths spells the paths of a BTAI tree's nodes below its BT.Root
// task as bt.Path does: "Sequence[1]/IsHungry[2]", the names the script
// gave the nodes (their functions' names, name arguments) or else their
// kinds, each with its place among its parent's children counted from 1.
func btaiPaths(nodes []btailib.TreeNode) []string {
	out := make([]string, len(nodes))
	kids := map[int]int{}
	for i, n := range nodes {
		name := n.Name
		if name == "" {
			name = n.Kind
		}
		name += "[" + strconv.Itoa(kids[n.Parent]+1) + "]"
		kids[n.Parent]++
		if n.Parent >= 0 && n.Parent < i {
			name = out[n.Parent] + "/" + name
		}
		out[i] = name
	}
	return out
}

// btaiTrace keeps the trace lines of the BTAI trees of a traced tree's
// BT.Root tasks: "PATH: FROM -> STATE" for a node's first Continue and
// for every end (Success, Failure, Abort), FROM the state last printed
// (Inactive at first), PATH the task's path and the node's below it.
// take returns them in depth-first order, parent first as for BT tasks
// (BTAI ends a child before its parent returns).
type btaiTrace struct {
	cancels []func()
	lines   []btaiLine // since the last take, in the order heard
	out     []string
}

// btaiLine is one line of a BTAI node: root is the place of its BT.Root
// task among the traced tree's (depth-first), node its index below it.
type btaiLine struct {
	root, node int
	text       string
}

// traceBTAI observes the BTAI trees under root.
func traceBTAI(root bt.Task) *btaiTrace {
	bt_ := &btaiTrace{}
	var walk func(t bt.Task)
	walk = func(t bt.Task) {
		if t == nil {
			return
		}
		if nodes, ok := btailib.TreeNodes(t); ok {
			paths := btaiPaths(nodes)
			shown := make([]string, len(nodes))
			for i := range shown {
				shown[i] = "Inactive"
			}
			task, place := t, len(bt_.cancels)
			cancel, _ := btailib.ObserveTree(t, func(i int, s btai.BTState) {
				st := s.String()
				if s == btai.Continue && shown[i] == st {
					return // still under way
				}
				bt_.lines = append(bt_.lines, btaiLine{root: place, node: i, text: fmt.Sprintf("%s/%s: %s -> %s", bt.Path(task), paths[i], shown[i], st)})
				shown[i] = st
			})
			bt_.cancels = append(bt_.cancels, cancel)
		}
		if p, ok := t.(bt.ParentTask); ok {
			for _, c := range p.Children() {
				walk(c)
			}
		}
	}
	walk(root)
	return bt_
}

// take returns the lines since the last take, sorted by BT.Root task and
// node (depth-first; a node's own lines in the order heard), and forgets
// them. The result is valid until the next take.
func (b *btaiTrace) take() []string {
	if b == nil {
		return nil
	}
	slices.SortStableFunc(b.lines, func(x, y btaiLine) int {
		return cmp.Or(cmp.Compare(x.root, y.root), cmp.Compare(x.node, y.node))
	})
	b.out = b.out[:0]
	for _, l := range b.lines {
		b.out = append(b.out, l.text)
	}
	b.lines = b.lines[:0]
	return b.out
}

// stop removes the observers traceBTAI installed.
func (b *btaiTrace) stop() {
	for _, c := range b.cancels {
		c()
	}
	b.cancels = nil
}

package main

import (
	"fmt"
	"strconv"

	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/btai"
)

// btaiPaths spells the paths of a BTAI tree's nodes below its BT.Root
// task as bt.Path does: "Sequence[0]/Wait[1]", kinds for names, each with
// its index among its parent's children.
func btaiPaths(nodes []btailib.TreeNode) []string {
	out := make([]string, len(nodes))
	kids := map[int]int{}
	for i, n := range nodes {
		name := n.Kind + "[" + strconv.Itoa(kids[n.Parent]) + "]"
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
type btaiTrace struct {
	cancels []func()
}

// traceBTAI observes the BTAI trees under root, its lines into lines.
func traceBTAI(root bt.Task, lines *[]string) *btaiTrace {
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
			task := t
			cancel, _ := btailib.ObserveTree(t, func(i int, s btai.BTState) {
				st := s.String()
				if s == btai.Continue && shown[i] == st {
					return // still under way
				}
				*lines = append(*lines, fmt.Sprintf("%s/%s: %s -> %s", bt.Path(task), paths[i], shown[i], st))
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

// stop removes the observers traceBTAI installed.
func (b *btaiTrace) stop() {
	for _, c := range b.cancels {
		c()
	}
	b.cancels = nil
}

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
// (BTAI ends a child before its parent returns). The event stream's
// EventBTAI feed it (heard).
type btaiTrace struct {
	roots map[bt.Task]*btaiRoot
	// states is how many EventBTAI still to come report a node's last
	// state (a tree that ran before the trace began), not a tick: see
	// shows.
	states int
	lines  []btaiLine // since the last take, in the order heard
	out    []string
}

// btaiRoot is one BT.Root task of a traced tree: its place among the
// tree's (depth-first), its nodes' paths and the state last printed of
// each.
type btaiRoot struct {
	place int
	paths []string
	shown []string
}

// btaiLine is one line of a BTAI node: root is the place of its BT.Root
// task among the traced tree's (depth-first), node its index below it.
type btaiLine struct {
	root, node int
	text       string
}

// traceBTAI finds the BTAI trees under root.
func traceBTAI(root bt.Task) *btaiTrace {
	bt_ := &btaiTrace{roots: map[bt.Task]*btaiRoot{}}
	var walk func(t bt.Task)
	walk = func(t bt.Task) {
		if t == nil {
			return
		}
		if nodes, ok := btailib.TreeNodes(t); ok {
			r := &btaiRoot{place: len(bt_.roots), paths: btaiPaths(nodes), shown: make([]string, len(nodes))}
			for i := range r.shown {
				r.shown[i] = "Inactive"
			}
			bt_.roots[t] = r
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

// shows takes the state of BT.Root task task of a tree that ran before
// the trace began (a restored one), heard as its EventState: each node's
// last state is what the trace shows for it, and when a run of task is
// under way (started), the stream reports each node that has ticked as
// an EventBTAI right after, which heard then takes as no line.
func (b *btaiTrace) shows(task bt.Task, started bool) {
	r := b.roots[task]
	nodes, ok := btailib.TreeNodes(task)
	if r == nil || !ok || len(nodes) != len(r.shown) {
		return
	}
	for i, x := range nodes {
		if _, known := btai.ParseState(x.State); known {
			r.shown[i] = x.State
			if started {
				b.states++
			}
		}
	}
}

// heard keeps the line of node i of task's BTAI tree, which returned s.
func (b *btaiTrace) heard(task bt.Task, i int, s btai.BTState) {
	r := b.roots[task]
	if r == nil || i < 0 || i >= len(r.shown) {
		return
	}
	if b.states > 0 { // a last state (see shows), shown already
		b.states--
		return
	}
	st := s.String()
	if s == btai.Continue && r.shown[i] == st {
		return // still under way
	}
	b.lines = append(b.lines, btaiLine{root: r.place, node: i, text: fmt.Sprintf("%s/%s: %s -> %s", bt.Path(task), r.paths[i], r.shown[i], st)})
	r.shown[i] = st
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

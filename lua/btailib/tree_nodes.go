package btailib

import (
	"fmt"
	"strings"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/btai"
)

// TreeNode is one node of the BTAI tree a BT.Root task runs, as an
// inspector lists it (TreeNodes).
type TreeNode struct {
	// Parent is the index in the list of the node's parent, -1 for the
	// root's own children.
	Parent int
	// Kind is the node's Go type in package btai ("Sequence", "Wait").
	Kind string
	// Name is the name the script gave the node (btai.LabelOf: the name
	// of the function it runs, or a name argument), "" when none.
	Name string
	// Text is BTAI's ToString of the node when listed ("Sequence : 1/3",
	// "Wait : 0.5 / 2").
	Text string
	// State is the state the node returned on its last tick by its
	// parent ("Continue", btai.Branch.LastState), "Inactive" before its
	// first.
	State string
}

// TreeNodes returns the nodes of the BTAI tree below the root that t
// runs when t is a BT.Root task (or wraps one), in depth-first child
// order; ok is false for any other task. A node shared by two branches is
// listed under each; the walk stops 1000 levels deep.
func TreeNodes(t bt.Task) (nodes []TreeNode, ok bool) {
	r := rootOf(t)
	if r == nil {
		return nil, false
	}
	r.walk(func(n btai.Node, parent int, state string) {
		kind := fmt.Sprintf("%T", n)
		if len(kind) > len("*btai.") && kind[:len("*btai.")] == "*btai." {
			kind = kind[len("*btai."):]
		}
		text := kind
		if s, isS := n.(fmt.Stringer); isS {
			text = s.String()
		}
		nodes = append(nodes, TreeNode{Parent: parent, Kind: kind, Name: btai.LabelOf(n), Text: text, State: state})
	})
	return nodes, true
}

// ObserveTree makes fn hear, when t is a BT.Root task (or wraps one),
// each tick of a node of its BTAI tree (btai.Observe): i is the node's
// index in TreeNodes(t) (a node listed twice reports as its first
// listing) and s the state it returned. cancel stops it; several
// observers hear in the order they came. ok is false (and cancel nil) for
// any other task. Nodes added after the first call are not heard.
func ObserveTree(t bt.Task, fn func(i int, s btai.BTState)) (cancel func(), ok bool) {
	r := rootOf(t)
	if r == nil {
		return nil, false
	}
	o := &treeObserver{fn: fn}
	if len(r.observers) == 0 {
		r.index = map[btai.Node]int{}
		i := 0
		r.walk(func(n btai.Node, _ int, _ string) {
			if _, seen := r.index[n]; !seen {
				r.index[n] = i
			}
			i++
		})
		btai.Observe(r.root, r.nodeTicked)
	}
	r.observers = append(r.observers, o)
	return func() {
		for k, x := range r.observers {
			if x == o {
				r.observers = append(r.observers[:k:k], r.observers[k+1:]...)
				break
			}
		}
		if len(r.observers) == 0 {
			btai.Observe(r.root, nil)
			r.index = nil
		}
	}, true
}

// treeObserver is one ObserveTree call; a pointer, so that cancel finds
// it.
type treeObserver struct{ fn func(i int, s btai.BTState) }

// nodeTicked is the BTAI tree's observer while ObserveTree has callers.
func (r *rootTask) nodeTicked(n btai.Node, s btai.BTState) {
	i, ok := r.index[n]
	if !ok {
		return
	}
	for _, o := range r.observers {
		o.fn(i, s)
	}
}

// rootOf returns the rootTask t is or wraps, or nil.
func rootOf(t bt.Task) *rootTask {
	if w, isW := t.(interface{ Unwrap() bt.Task }); isW {
		t = w.Unwrap()
	}
	r, _ := t.(*rootTask)
	return r
}

// walk calls visit for each node below the root in depth-first child
// order with its parent's index in the walk (-1 for the root's
// children) and the state its parent last had from it ("Inactive"
// before its first tick), down to 1000 levels.
func (r *rootTask) walk(visit func(n btai.Node, parent int, state string)) {
	i := 0
	var walk func(b btai.BranchNode, parent, depth int)
	walk = func(b btai.BranchNode, parent, depth int) {
		for k, c := range b.Children() {
			me := i
			i++
			visit(c, parent, lastState(b, k))
			if cb, isB := c.(btai.BranchNode); isB && depth < 1000 {
				walk(cb, me, depth+1)
			}
		}
	}
	walk(r.root, -1, 1)
}

// lastState names the state b's child k returned on its last tick,
// "Inactive" when b has not ticked it.
func lastState(b btai.BranchNode, k int) string {
	if l, ok := b.(interface {
		LastState(int) (btai.BTState, bool)
	}); ok {
		if s, ticked := l.LastState(k); ticked {
			return s.String()
		}
	}
	return "Inactive"
}

// RenderNodes lists the nodes of the root's BTAI tree for bt.Render and
// bt.DOT (bt.NodeLister): TreeNodes, with kinds as "btai.Wait", a named
// node's text its name in place of its kind ("Nap : coroutine").
func (r *rootTask) RenderNodes() []bt.RenderNode {
	nodes, _ := TreeNodes(r)
	out := make([]bt.RenderNode, len(nodes))
	for i, n := range nodes {
		text := n.Text
		if n.Name != "" {
			text = n.Name + strings.TrimPrefix(text, n.Kind)
		}
		out[i] = bt.RenderNode{Parent: n.Parent, Text: text, Kind: "btai." + n.Kind, Status: n.State}
	}
	return out
}

package btailib

import (
	"fmt"

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
	// Text is BTAI's ToString of the node when listed ("Sequence : 1/3",
	// "Wait : 0.5 / 2").
	Text string
}

// TreeNodes returns the nodes of the BTAI tree below the root that t
// runs when t is a BT.Root task (or wraps one), in depth-first child
// order; ok is false for any other task. A node shared by two branches is
// listed under each; the walk stops 1000 levels deep.
func TreeNodes(t bt.Task) (nodes []TreeNode, ok bool) {
	if w, isW := t.(interface{ Unwrap() bt.Task }); isW {
		t = w.Unwrap()
	}
	r, ok := t.(*rootTask)
	if !ok {
		return nil, false
	}
	var walk func(n btai.Node, parent, depth int)
	walk = func(n btai.Node, parent, depth int) {
		kind := fmt.Sprintf("%T", n)
		if len(kind) > len("*btai.") && kind[:len("*btai.")] == "*btai." {
			kind = kind[len("*btai."):]
		}
		text := kind
		if s, isS := n.(fmt.Stringer); isS {
			text = s.String()
		}
		i := len(nodes)
		nodes = append(nodes, TreeNode{Parent: parent, Kind: kind, Text: text})
		if b, isB := n.(btai.BranchNode); isB && depth < 1000 {
			for _, c := range b.Children() {
				walk(c, i, depth+1)
			}
		}
	}
	for _, c := range r.root.Children() {
		walk(c, -1, 1)
	}
	return nodes, true
}

package inspect

import (
	"slices"
	"strconv"
	"strings"
)

// A task's path is spelled as bt.Path does: the names from the root
// down joined by "/", each below the root with its place among its
// parent's children counted from 1, "Root/Fight[1]/Sees[2]". Paths are not stored per
// task nor sent in views: those of a chain n deep take O(n²) bytes.

// childIndexes returns each node's 0-based index among its parent's
// children (0 for a root: a node whose parent is not an earlier node).
func childIndexes(n int, parent func(i int) int) []int32 {
	kid, kids := make([]int32, n), make([]int32, n)
	for i := range n {
		if p := parent(i); p >= 0 && p < i {
			kid[i] = kids[p]
			kids[p]++
		}
	}
	return kid
}

// element returns node i's element of a path: its name, with its place
// among its parent's children below a parent (kid+1: paths count from 1),
// and "@file" for a tree reference.
func element(name string, root bool, kid int32, file string) string {
	if file != "" {
		file = "@" + file
	}
	if root {
		return name + file
	}
	return name + "[" + strconv.Itoa(int(kid)+1) + "]" + file
}

// Path returns the path of task i ("" when there is none), built from
// the tasks' parents and names in O(depth). The first call numbers the
// children, so a view is not safe for concurrent Path calls.
func (v *AgentView) Path(i int) string {
	if i < 0 || i >= len(v.Nodes) {
		return ""
	}
	if len(v.kid) != len(v.Nodes) {
		v.kid = childIndexes(len(v.Nodes), func(i int) int { return v.Nodes[i].Parent })
	}
	var elems []string
	for {
		p := v.Nodes[i].Parent
		root := p < 0 || p >= i
		elems = append(elems, element(v.Nodes[i].Name, root, v.kid[i], v.Nodes[i].File))
		if root {
			break
		}
		i = p
	}
	slices.Reverse(elems)
	return strings.Join(elems, "/")
}

// CauseText returns e's cause as the trace spells it: its words and the
// path of the task they name, "aborted by Root/Fight[1]/Sees[1]"; ""
// for no end.
func (v *AgentView) CauseText(e *EndView) string {
	if e == nil {
		return ""
	}
	if e.By == nil {
		return e.Cause
	}
	return e.Cause + " " + v.Path(*e.By)
}

// WriterPath returns the path of the task that wrote x ("" when none).
func (v *AgentView) WriterPath(x VarView) string {
	if x.Writer == nil {
		return ""
	}
	return v.Path(*x.Writer)
}

// maxLabel is the length in bytes up to which a label is a task's whole
// path (see labels).
const maxLabel = 240

// labels returns each node's path for messages: whole up to maxLabel
// bytes, else "…/" and the last elements that fit (at least one), so
// that the labels of a tree take O(nodes × maxLabel) bytes however deep
// it is.
func labels(nodes []NodeInfo) []string {
	out := make([]string, len(nodes))
	kid := childIndexes(len(nodes), func(i int) int { return nodes[i].Parent })
	elem := make([]string, len(nodes))
	for i, n := range nodes {
		p := n.Parent
		root := p < 0 || p >= i
		elem[i] = element(n.Name, root, kid[i], n.File)
		switch {
		case root:
			out[i] = elem[i]
		case len(out[p])+1+len(elem[i]) <= maxLabel && !strings.HasPrefix(out[p], "…/"):
			out[i] = out[p] + "/" + elem[i]
		default:
			out[i] = clippedLabel(nodes, elem, i)
		}
	}
	return out
}

// clippedLabel returns "…/" and the last elements of node i's path that
// fit in maxLabel bytes (at least its own).
func clippedLabel(nodes []NodeInfo, elem []string, i int) string {
	parts := []string{elem[i]}
	size := len("…/") + len(elem[i])
	for j := nodes[i].Parent; ; {
		if size+1+len(elem[j]) > maxLabel {
			break
		}
		parts = append(parts, elem[j])
		size += 1 + len(elem[j])
		p := nodes[j].Parent
		if p < 0 || p >= j {
			// The root fits: the path is whole.
			slices.Reverse(parts)
			return strings.Join(parts, "/")
		}
		j = p
	}
	slices.Reverse(parts)
	return "…/" + strings.Join(parts, "/")
}

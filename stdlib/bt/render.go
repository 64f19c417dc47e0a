package bt

import (
	"fmt"
	"strings"
)

// Render returns t's subtree as indented text, one line per task in
// depth-first child order: the display name, the kind in parentheses and
// the last status, indented two spaces per level below t, each line ending
// in a newline:
//
//	Root (Selector) Running
//	  Sequence (Sequence) Failure
//	    IsVisible (FuncCondition) Failure
//	  Patrol (FuncAction) Running
//
// It is the text form of the warrior seed's layered node rendering, meant
// for traces, tests and the CLI. A nil t renders as "<nil>\n". The text
// grows with tasks times depth (the indentation): for trees thousands of
// levels deep use DOT, which grows with the tasks only.
func Render(t Task) string {
	var sb strings.Builder
	render(&sb, t, 0)
	return sb.String()
}

func render(sb *strings.Builder, t Task, depth int) {
	for range depth {
		sb.WriteString("  ")
	}
	if t == nil {
		sb.WriteString("<nil>\n")
		return
	}
	sb.WriteString(DisplayName(t))
	sb.WriteString(" (")
	sb.WriteString(Kind(t))
	sb.WriteString(") ")
	sb.WriteString(t.Base().Status().String())
	sb.WriteByte('\n')
	if p, ok := t.(ParentTask); ok {
		for _, c := range p.Children() {
			render(sb, c, depth+1)
		}
	}
}

// DOT returns t's subtree as a Graphviz digraph: one box per task labelled
// with its display name, kind and last status (filled green when Running,
// pale green for Success, pale red for Failure), and an edge from each
// parent to each child in child order. Nodes are named n0, n1, ... in
// depth-first order. Render it with `dot -Tsvg`.
func DOT(t Task) string {
	var sb strings.Builder
	sb.WriteString("digraph bt {\n  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\"];\n")
	n := 0
	dot(&sb, t, &n)
	sb.WriteString("}\n")
	return sb.String()
}

func dot(sb *strings.Builder, t Task, n *int) int {
	id := *n
	*n++
	if t == nil {
		fmt.Fprintf(sb, "  n%d [label=\"<nil>\"];\n", id)
		return id
	}
	s := t.Base().Status()
	label := DisplayName(t) + "\n(" + Kind(t) + ")\n" + s.String()
	attrs := ""
	switch s {
	case Running:
		attrs = ", fillcolor=\"#7ccd7c\""
	case Success:
		attrs = ", fillcolor=\"#d8f5d8\""
	case Failure:
		attrs = ", fillcolor=\"#f5d0d0\""
	}
	fmt.Fprintf(sb, "  n%d [label=%q%s];\n", id, label, attrs)
	if p, ok := t.(ParentTask); ok {
		for _, c := range p.Children() {
			cid := dot(sb, c, n)
			fmt.Fprintf(sb, "  n%d -> n%d;\n", id, cid)
		}
	}
	return id
}

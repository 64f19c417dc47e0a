package bt

import (
	"strconv"
	"strings"
)

// DOT returns t's subtree as a Graphviz digraph named "bt"; see DOTGraph.
func DOT(t Task) string { return DOTGraph("bt", t) }

// DOTGraph returns t's subtree as a Graphviz digraph with the ID id
// (quoted and escaped, so any text is a valid ID): one box per task
// labelled with its display name, kind and last status, then its
// conditional abort type ("abort: Both", for a composite whose type is
// not None) and its constructor arguments ("args: 0.5, \"x\"", for an
// ArgsDescriber that has some), one per line; filled green when Running,
// pale green for Success, pale red for Failure; and an edge from each
// parent to each child in child order. Nodes are named n0, n1, ... in
// depth-first order. The nodes a NodeLister runs (a BTAI tree) are dashed
// boxes named after their task's ("n4_0", "n4_1", ...), labelled with
// their text, kind and last state, with an edge from their parent (the
// task for the top ones). The subtree of a [TreeReference] is a cluster
// labelled with its file (a dashed frame around the subtree's boxes; its
// reference's box stays outside). Render it with `dot -Tsvg`.
func DOTGraph(id string, t Task) string {
	var sb strings.Builder
	sb.WriteString("digraph ")
	sb.WriteString(DOTQuote(id))
	sb.WriteString(" {\n  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\"];\n")
	n := 0
	dot(&sb, t, &n)
	sb.WriteString("}\n")
	return sb.String()
}

// DOTQuote returns s as a quoted DOT string, valid as an ID or a label:
// backslashes and double quotes escaped, a line break written as \n (a
// centred line break in a label), other control characters as spaces and
// invalid UTF-8 as U+FFFD; other text, non-ASCII included, as it is.
func DOTQuote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '\\' || r == '"':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r == '\n':
			sb.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
			sb.WriteByte(' ')
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

func dot(sb *strings.Builder, t Task, n *int) int {
	id := *n
	*n++
	name := "n" + strconv.Itoa(id)
	if t == nil {
		sb.WriteString("  " + name + " [label=\"<nil>\"];\n")
		return id
	}
	s := t.Base().Status()
	label := DisplayName(t) + "\n(" + Kind(t) + ")\n" + s.String()
	if a, ok := findIn[AbortTyper](t); ok && a.AbortType() != AbortNone {
		label += "\nabort: " + a.AbortType().String()
	}
	if a, ok := findIn[ArgsDescriber](t); ok {
		if args := a.ConstructorArgs(); args != "" {
			label += "\nargs: " + args
		}
	}
	attrs := ""
	switch s {
	case Running:
		attrs = ", fillcolor=\"#7ccd7c\""
	case Success:
		attrs = ", fillcolor=\"#d8f5d8\""
	case Failure:
		attrs = ", fillcolor=\"#f5d0d0\""
	}
	sb.WriteString("  " + name + " [label=" + DOTQuote(label) + attrs + "];\n")
	if l, ok := findIn[NodeLister](t); ok {
		for i, nd := range l.RenderNodes() {
			sub := name + "_" + strconv.Itoa(i)
			sb.WriteString("  " + sub + " [label=" + DOTQuote(nd.Text+"\n("+nd.Kind+")\n"+nd.Status) + ", style=\"rounded,dashed\"];\n")
			from := name
			if nd.Parent >= 0 && nd.Parent < i {
				from = name + "_" + strconv.Itoa(nd.Parent)
			}
			sb.WriteString("  " + from + " -> " + sub + ";\n")
		}
	}
	if p, ok := t.(ParentTask); ok {
		file := referenceFile(t)
		if file != "" {
			sb.WriteString("  subgraph " + DOTQuote("cluster_"+name) + " {\n  label=" + DOTQuote(file) + "; style=dashed;\n")
		}
		for _, c := range p.Children() {
			cid := dot(sb, c, n)
			sb.WriteString("  " + name + " -> n" + strconv.Itoa(cid) + ";\n")
		}
		if file != "" {
			sb.WriteString("  }\n")
		}
	}
	return id
}

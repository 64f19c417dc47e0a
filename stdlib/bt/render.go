package bt

import (
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
// A [TreeReference] shows its file after its name ("Flee@flee.lua
// (TreeReference) Running"), its subtree below it. A task that runs nodes
// of its own (a NodeLister, such as the Lua
// binding's BT.Root over a BTAI tree) has them below it in the same form:
// their text, kind and last state ("Wait : 0.5 / 2 (btai.Wait) Continue").
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
	indent(sb, depth)
	if t == nil {
		sb.WriteString("<nil>\n")
		return
	}
	name := DisplayName(t)
	if f := referenceFile(t); f != "" {
		name += "@" + f
	}
	renderLine(sb, name, Kind(t), t.Base().Status().String())
	if l, ok := findIn[NodeLister](t); ok {
		nodes := l.RenderNodes()
		depths := make([]int, len(nodes))
		for i, n := range nodes {
			depths[i] = depth + 1
			if n.Parent >= 0 && n.Parent < i {
				depths[i] = depths[n.Parent] + 1
			}
			indent(sb, depths[i])
			renderLine(sb, n.Text, n.Kind, n.Status)
		}
	}
	if p, ok := t.(ParentTask); ok {
		for _, c := range p.Children() {
			render(sb, c, depth+1)
		}
	}
}

func indent(sb *strings.Builder, depth int) {
	for range depth {
		sb.WriteString("  ")
	}
}

// renderLine writes "name (kind) status\n".
func renderLine(sb *strings.Builder, name, kind, status string) {
	sb.WriteString(name)
	sb.WriteString(" (")
	sb.WriteString(kind)
	sb.WriteString(") ")
	sb.WriteString(status)
	sb.WriteByte('\n')
}

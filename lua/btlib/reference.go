package btlib

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// Reference returns the Markdown reference of the task classes classes
// (docs/tasks.md for Builtins(), which go generate ./lua/luasrc keeps up
// to date): a section per kind (composites, decorators, conditionals,
// actions, base classes), and for each class its usage, its doc and a
// table of its constructor arguments (name, type, unit, default, doc).
// The kind comes from the class's base chain, so a class whose base is
// not among classes is listed under "other".
func Reference(classes []Class) []byte {
	base := map[string]string{}
	for _, c := range classes {
		base[c.Name] = c.Base
	}
	groups := map[string][]*Class{}
	for i := range classes {
		k := referenceKind(&classes[i], base)
		groups[k] = append(groups[k], &classes[i])
	}
	var b bytes.Buffer
	b.WriteString("<!-- Code generated from the btlib.Class declarations by go generate ./lua/luasrc; DO NOT EDIT. -->\n\n")
	b.WriteString("# The task library\n\n")
	b.WriteString("Every built-in task class, made from the same declarations as the\n")
	b.WriteString("LuaLS stubs (`btlua --lua-stubs`), so it cannot drift from the code.\n")
	b.WriteString("Each class is a global (`BTSequence`) and a field of `require(\"bt\")`\n")
	b.WriteString("without its `BT` prefix (`bt.Sequence`). Constructor arguments are\n")
	b.WriteString("checked where they are given: too many arguments, or a value of the\n")
	b.WriteString("wrong type, is an error naming the usage or the parameter, at the\n")
	b.WriteString("script's line (`BTRepeater:New: endOnFailure must be a boolean, got\n")
	b.WriteString("\"yes\" (a string)`). A `?` marks an optional argument.\n\n")
	b.WriteString("How to write trees with them: [writing-trees.md](writing-trees.md).\n")
	b.WriteString("`BTGoapAgentTask` (a GOAP agent as a task) is in [goap.md](goap.md).\n")
	for _, k := range referenceKinds {
		cs := groups[k.key]
		if len(cs) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", k.title, k.intro)
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
		for _, c := range cs {
			writeReferenceClass(&b, c)
		}
	}
	return b.Bytes()
}

// referenceKinds are the sections of Reference, in order.
var referenceKinds = []struct{ key, title, intro string }{
	{"composite", "Composites", "Parents of any number of children (`AddChild`), run in an order of their own."},
	{"decorator", "Decorators", "Parents of exactly one child (`AddChild`); ticked without it, an error names the line that made them."},
	{"conditional", "Conditionals", "Leaves that test the world; conditional aborts re-evaluate them (see [aborts-and-execution-types.md](aborts-and-execution-types.md))."},
	{"action", "Actions", "Leaves that act on the world."},
	{"base", "Base classes", "Derive your own tasks from these (`Patrol = BTAction:New()`)."},
	{"other", "Other classes", "Classes whose base is not in this list."},
}

// referenceKind returns the section key of c: the library's base classes
// are "base", the others the kind of the first base class their chain
// reaches.
func referenceKind(c *Class, base map[string]string) string {
	switch c.Name {
	case "BTTask", "BTAction", "BTConditional", "BTParentTask", "BTComposite", "BTDecorator":
		return "base"
	}
	for n, seen := c.Base, 0; n != "" && seen < len(base)+1; n, seen = base[n], seen+1 {
		switch n {
		case "BTComposite":
			return "composite"
		case "BTDecorator":
			return "decorator"
		case "BTConditional":
			return "conditional"
		case "BTAction":
			return "action"
		}
		if _, ok := base[n]; !ok {
			break
		}
	}
	return "other"
}

// writeReferenceClass writes the section of one class.
func writeReferenceClass(b *bytes.Buffer, c *Class) {
	fmt.Fprintf(b, "\n### %s\n\n`%s`", c.Name, c.usage())
	if c.Base != "" {
		fmt.Fprintf(b, " (derives from `%s`)", c.Base)
	}
	b.WriteString("\n\n" + strings.TrimSpace(c.Doc) + "\n")
	if len(c.Params) > 0 {
		b.WriteString("\n| argument | type | unit | default | meaning |\n| --- | --- | --- | --- | --- |\n")
		for _, p := range c.Params {
			name := p.Name
			switch {
			case p.Variadic:
				name += "..."
			case p.Optional:
				name += "?"
			}
			def := p.defaultText()
			if def != "" {
				def = "`" + def + "`"
			}
			fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s |\n", name, p.Type.luaType(), p.Unit, def, tableCell(p.Doc))
		}
	}
	if len(c.Fields) > 0 {
		b.WriteString("\n| field or method | type | meaning |\n| --- | --- | --- |\n")
		for _, f := range c.Fields {
			fmt.Fprintf(b, "| `%s` | `%s` | %s |\n", f.Name, tableCell(f.Type), tableCell(f.Doc))
		}
	}
}

// tableCell escapes s for a Markdown table cell.
func tableCell(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "|", `\|`)
}

package btlib

import (
	"bytes"
	"fmt"
	"strings"
)

// Stubs returns LuaLS annotations (a "---@meta" file) of the task classes
// classes: for each, its class line with its base, its doc, the fields and
// methods it documents, and its New with the constructor arguments,
// typed with generics so that BTSequence:New() is a BTSequence and an
// instance of a script's class is of that class. A program writes
// Stubs(reg.Classes()) next to the library's (lua/luasrc/bt_classes.lua,
// Stubs(Builtins()), which go generate keeps up to date) for its own
// classes.
func Stubs(classes []Class) []byte {
	var b bytes.Buffer
	b.WriteString("---@meta\n")
	b.WriteString("-- Code generated from the btlib.Class declarations by go generate ./lua/luasrc; DO NOT EDIT.\n")
	b.WriteString("-- LuaLS annotations of the task classes: base class, constructor arguments, Go methods.\n")
	for i := range classes {
		writeStub(&b, &classes[i])
	}
	b.WriteString("\n---The task classes in require(\"bt\"), named without their BT prefix.\n---@class btclasses\n")
	for _, c := range classes {
		fmt.Fprintf(&b, "---@field %s %s\n", moduleName(c.Name), c.Name)
	}
	return b.Bytes()
}

// writeStub writes the annotations of one class.
func writeStub(b *bytes.Buffer, c *Class) {
	b.WriteByte('\n')
	writeDoc(b, c.Doc)
	if c.Base != "" {
		fmt.Fprintf(b, "---@class %s: %s\n", c.Name, c.Base)
	} else {
		fmt.Fprintf(b, "---@class %s\n", c.Name)
	}
	for _, f := range c.Fields {
		line := fmt.Sprintf("---@field %s %s", f.Name, f.Type)
		if f.Doc != "" {
			line += " " + f.Doc
		}
		b.WriteString(line + "\n")
	}
	fmt.Fprintf(b, "%s = {}\n\n", c.Name)

	fmt.Fprintf(b, "---Makes an instance of %s, or a class derived from it (X = %s:New(...); function X:OnUpdate() ... end).\n", c.Name, c.Name)
	b.WriteString("---@generic T\n---@param self T\n")
	names := []string{"self"}
	for _, p := range c.Params {
		name, typ := p.Name, p.Type.luaType()
		switch {
		case p.Variadic:
			name = "..."
		case p.Optional:
			name += "?"
		}
		line := fmt.Sprintf("---@param %s %s", name, typ)
		if d := paramDoc(&p); d != "" {
			line += " " + d
		}
		b.WriteString(line + "\n")
		if p.Variadic {
			names = append(names, "...")
		} else {
			names = append(names, p.Name)
		}
	}
	b.WriteString("---@return T\n")
	fmt.Fprintf(b, "function %s.New(%s) end\n", c.Name, strings.Join(names, ", "))
}

// paramDoc is the doc of a parameter with its unit and default.
func paramDoc(p *Param) string {
	d := p.Doc
	var extra []string
	if p.Unit != "" {
		extra = append(extra, "unit: "+p.Unit)
	}
	if t := p.defaultText(); t != "" {
		extra = append(extra, "default "+t)
	}
	if len(extra) > 0 {
		d = strings.TrimSpace(d + " (" + strings.Join(extra, "; ") + ")")
	}
	return d
}

// writeDoc writes doc as "---" comment lines of at most about 76
// characters.
func writeDoc(b *bytes.Buffer, doc string) {
	line := ""
	for _, w := range strings.Fields(doc) {
		if line != "" && len(line)+1+len(w) > 76 {
			b.WriteString("---" + line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		b.WriteString("---" + line + "\n")
	}
}

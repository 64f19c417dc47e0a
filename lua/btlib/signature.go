package btlib

import (
	"fmt"
	"hash/fnv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// StructureSignature describes what a reload must compare besides the
// task's class, name and children: its constructor arguments (numbers,
// strings and booleans as written; a function by a hash of its code), and
// the signature of a built-in behaviour that stands for a structure of its
// own (a BTAI root). Hot reload rebuilds a tree when a signature changed,
// so that BTWait:New(3) edited to BTWait:New(0.1) takes effect.
func (t *Task) StructureSignature() string {
	var b strings.Builder
	for i, a := range t.args() {
		if i > 0 {
			b.WriteByte(',')
		}
		writeArg(&b, a)
	}
	if s, ok := t.Impl.(interface{ StructureSignature() string }); ok {
		b.WriteString("{" + s.StructureSignature() + "}")
	}
	return b.String()
}

// writeArg writes one constructor argument as writeArgValue does, a
// function by a hash of its code.
func writeArg(b *strings.Builder, v lua.LValue) {
	if f, ok := v.(*lua.LFunction); ok {
		fmt.Fprintf(b, "fn:%x", codeHash(f.Proto))
		return
	}
	writeArgValue(b, v)
}

// codeHash hashes a function's instructions, constants and nested
// functions (not its line numbers).
func codeHash(p *lua.FunctionProto) uint64 {
	h := fnv.New64a()
	var write func(p *lua.FunctionProto)
	write = func(p *lua.FunctionProto) {
		if p == nil {
			return
		}
		for _, c := range p.Code {
			fmt.Fprintf(h, "%x;", c)
		}
		for _, c := range p.Constants {
			fmt.Fprintf(h, "%s:%s;", c.Type(), c.String())
		}
		for _, f := range p.FunctionPrototypes {
			write(f)
		}
	}
	write(p)
	return h.Sum64()
}

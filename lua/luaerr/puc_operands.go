package luaerr

import (
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// suspects are the operands of the erring line's operations that could
// have raised the error: what they agree on is what a message can say.
type suspects struct {
	names, types []string
	// kind is the type to say when no operand could be read (the
	// message's own), or "".
	kind string
}

func (s *suspects) add(name, typ string) {
	s.names = append(s.names, name)
	s.types = append(s.types, typ)
}

// fallback sets the type to say when no operand was found.
func (s *suspects) fallback(typ string) { s.kind = typ }

// same returns the one value of list, or "" when it has several or none.
func same(list []string) string {
	if len(list) == 0 {
		return ""
	}
	for _, x := range list[1:] {
		if x != list[0] {
			return ""
		}
	}
	return list[0]
}

// typed reports whether the value's type is known.
func (s suspects) typed() bool { return same(s.types) != "" || s.kind != "" }

// named reports whether String names the value.
func (s suspects) named() bool { return same(s.names) != "" && same(s.types) != "" }

// String is PUC's "local 'x' (a nil value)", or "a nil value" when the
// suspects have no one name.
func (s suspects) String() string {
	typ := same(s.types)
	if typ == "" {
		typ = s.kind
	}
	if s.named() {
		return same(s.names) + " (a " + typ + " value)"
	}
	return "a " + typ + " value"
}

// erringCode is where the error was raised: the proto of the Lua
// function whose frame raised it, the line, and the instruction (pc, when
// pcOK).
type erringCode struct {
	p    *lua.FunctionProto
	line int
	pc   int
	pcOK bool
}

// erring returns where the erring frame is; ok is false for a Go
// function.
func erring(L *lua.LState) (at erringCode, ok bool) {
	dbg, ok := L.GetStack(0)
	if !ok {
		return at, false
	}
	fv, err := L.GetInfo("lf", dbg, lua.LNil)
	if err != nil {
		return at, false
	}
	fn, isFn := fv.(*lua.LFunction)
	if !isFn || fn.IsG || fn.Proto == nil {
		return at, false
	}
	at.p, at.line = fn.Proto, dbg.CurrentLine
	at.pc, at.pcOK = currentPC(dbg, fn.Proto)
	return at, true
}

// suspectPCs returns the instructions that may have raised: the one the
// frame is at when it matches, else (the pc unknown, or at another
// instruction) every instruction of the line that matches.
func (at erringCode) suspectPCs(match func(in uint32) bool) []int {
	if at.pcOK && match(at.p.Code[at.pc]) {
		return []int{at.pc}
	}
	var pcs []int
	for pc, in := range at.p.Code {
		if pc < len(at.p.DbgSourcePositions) && at.p.DbgSourcePositions[pc] == at.line && match(in) {
			pcs = append(pcs, pc)
		}
	}
	return pcs
}

// register returns the value of register reg of the erring frame; ok is
// false when it lies beyond what the stack shows (the error message is
// on top).
func register(L *lua.LState, reg int) (lua.LValue, bool) {
	if reg+1 >= L.GetTop() {
		return nil, false
	}
	return L.Get(reg + 1), true
}

// rk returns an RK operand's value and name: a constant has no name.
func rk(L *lua.LState, p *lua.FunctionProto, pc, x int) (v lua.LValue, name string, ok bool) {
	if x&rkBit != 0 {
		k := x &^ rkBit
		if k >= len(p.Constants) {
			return nil, "", false
		}
		return p.Constants[k], "", true
	}
	v, ok = register(L, x)
	return v, objName(p, pc, x), ok
}

// findOperands collects, over the instructions of the erring line whose
// opcode is, the registers regs gives whose value is bad.
func findOperands(L *lua.LState, is func(op int) bool, regs func(in uint32) []int, bad func(v lua.LValue) bool) suspects {
	var s suspects
	at, ok := erring(L)
	if !ok {
		return s
	}
	p := at.p
	for _, pc := range at.suspectPCs(func(in uint32) bool { return is(opCode(in)) }) {
		in := p.Code[pc]
		for _, r := range regs(in) {
			if v, ok := register(L, r); ok && bad(v) {
				s.add(objName(p, pc, r), v.Type().String())
			}
		}
	}
	return s
}

// findArith collects the operands of the line's arithmetic op whose
// operands have the types t1 and t2 (numeric strings read as numbers,
// as the message gives them): the first that is not a number, as PUC
// names it.
func findArith(L *lua.LState, op int, t1, t2 string) suspects {
	var s suspects
	at, ok := erring(L)
	if !ok {
		return s
	}
	p := at.p
	typeOf := func(v lua.LValue) string {
		if isNumber(v) {
			return "number"
		}
		return v.Type().String()
	}
	for _, pc := range at.suspectPCs(func(in uint32) bool { return opCode(in) == op }) {
		in := p.Code[pc]
		b, nb, okb := rk(L, p, pc, argB(in))
		c, nc, okc := rk(L, p, pc, argC(in))
		if !okb || !okc || typeOf(b) != t1 || typeOf(c) != t2 {
			continue
		}
		if !isNumber(b) {
			s.add(nb, b.Type().String())
		} else {
			s.add(nc, c.Type().String())
		}
	}
	return s
}

// findIndexed collects the indexed values of the line's table reads and
// writes whose type is typ and, for a constant key, whose key is key.
func findIndexed(L *lua.LState, typ, key string) suspects {
	var s suspects
	at, ok := erring(L)
	if !ok {
		return s
	}
	p := at.p
	for _, pc := range at.suspectPCs(isIndexing) {
		in := p.Code[pc]
		var obj, k int
		switch opCode(in) {
		case lua.OP_GETTABLE, lua.OP_GETTABLEKS, lua.OP_SELF:
			obj, k = argB(in), argC(in)
		case lua.OP_SETTABLE, lua.OP_SETTABLEKS:
			obj, k = argA(in), argB(in)
		default:
			continue
		}
		if k&rkBit != 0 {
			if ks, isStr := constString(p, k&^rkBit); isStr && ks != key {
				continue
			}
		}
		if v, ok := register(L, obj); ok && v.Type().String() == typ {
			s.add(objName(p, pc, obj), typ)
		}
	}
	return s
}

// isIndexing reports whether in reads or writes a table's field.
func isIndexing(in uint32) bool {
	switch opCode(in) {
	case lua.OP_GETTABLE, lua.OP_GETTABLEKS, lua.OP_SELF, lua.OP_SETTABLE, lua.OP_SETTABLEKS:
		return true
	}
	return false
}

// parseNumber reads s as Lua's tonumber does for arithmetic: a decimal
// or 0x hexadecimal number, spaces around it allowed.
func parseNumber(s string) (float64, error) {
	s = strings.TrimSpace(s)
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		n, err := strconv.ParseUint(h, 16, 64)
		return float64(n), err
	}
	return strconv.ParseFloat(s, 64)
}

package btlib

import (
	lua "github.com/yuin/gopher-lua"
)

// This file holds the inline evaluation of the seed's one-line
// precondition functions (issue 9). The warrior seed's preconditions are
// closures such as
//
//	function() return input.visible end
//	function() return input.health < 500 end
//
// gopher-lua runs each through a call frame and its interpreter loop,
// about 50 ns, for one table read and one comparison. A precondition whose
// function compiles to exactly one of the shapes below is evaluated in Go
// from the same upvalue and the same table read, giving the answer the
// function would give; whenever the answer could differ (the field is
// absent, so __index could answer; a comparison of anything but two
// numbers, which may call a metamethod or raise an error) the function is
// called as usual. The shape is read once per function prototype, so a
// closure made again from the same source line is recognised at once.

// inlineOp is the shape of an inlined function's body.
type inlineOp uint8

const (
	inlineNone  inlineOp = iota // not inlinable: call the function
	inlineTruth                 // return up.key
	inlineNot                   // return not up.key
	inlineLT                    // return up.key < k (or k < up.key: see swap)
	inlineLE                    // return up.key <= k (or k <= up.key)
	inlineEQ                    // return up.key == k (or ~=)
)

// inlineTest is what an inlinable function computes: an operation on the
// field key of upvalue up, against the number k for a comparison.
type inlineTest struct {
	proto *lua.FunctionProto
	op    inlineOp
	// swap puts the field on the right of the comparison (k < up.key).
	swap bool
	// want is the comparison's outcome that makes the function return
	// true (false for the negated form, e.g. not (a < b)).
	want bool
	up   int
	key  string
	k    float64
}

// gopher-lua's instruction format (opcode.go): opcode in bits 26-31, A in
// 18-25, C in 9-17, B in 0-8; an RK operand >= 256 names constant RK-256.
func opCode(i uint32) int { return int(i >> 26) }
func opA(i uint32) int    { return int(i>>18) & 0xff }
func opB(i uint32) int    { return int(i & 0x1ff) }
func opC(i uint32) int    { return int(i>>9) & 0x1ff }

const rkConst = 1 << 8

// analyseInline returns the inline form of p's body, op inlineNone when
// p has another shape. The shapes, on the first free register r (after
// the parameters, which they do not read):
//
//	GETUPVAL r u; GETTABLEKS r r K(key)              -- r := up.key
//	then RETURN r 2, or NOT r r; RETURN r 2           -- truth, not
//	or LT|LE|EQ a r K(k) (or a K(k) r); JMP +1;
//	LOADBOOL r 0 1; LOADBOOL r 1 0; [NOT r r;] RETURN r 2
func analyseInline(p *lua.FunctionProto) inlineTest {
	t := inlineTest{proto: p}
	c := p.Code
	if len(c) < 3 || opCode(c[0]) != lua.OP_GETUPVAL {
		return t
	}
	r := opA(c[0])
	if opCode(c[1]) != lua.OP_GETTABLEKS || opA(c[1]) != r || opB(c[1]) != r || opC(c[1])&rkConst == 0 {
		return t
	}
	key, ok := p.Constants[opC(c[1])&^rkConst].(lua.LString)
	if !ok {
		return t
	}
	t.up, t.key = opB(c[0]), string(key)
	// tail reads [NOT r r;] RETURN r 2 from instruction i: whether the
	// function ends there, and whether it negates.
	tail := func(i int) (ends, not bool) {
		if len(c) > i && opCode(c[i]) == lua.OP_NOT && opA(c[i]) == r && opB(c[i]) == r {
			not, i = true, i+1
		}
		ends = len(c) > i && opCode(c[i]) == lua.OP_RETURN && opA(c[i]) == r && opB(c[i]) == 2
		return ends, not
	}
	if ends, not := tail(2); ends {
		t.op = inlineTruth
		if not {
			t.op = inlineNot
		}
		return t
	}
	ends, not := tail(6)
	if !ends || !isJumpOver(c[3]) || !isLoadBool(c[4], r, 0, 1) || !isLoadBool(c[5], r, 1, 0) {
		return t
	}
	var op inlineOp
	switch opCode(c[2]) {
	case lua.OP_LT:
		op = inlineLT
	case lua.OP_LE:
		op = inlineLE
	case lua.OP_EQ:
		op = inlineEQ
	default:
		return t
	}
	b, cc := opB(c[2]), opC(c[2])
	var kIdx int
	switch {
	case b == r && cc&rkConst != 0:
		kIdx = cc &^ rkConst
	case cc == r && b&rkConst != 0:
		kIdx, t.swap = b&^rkConst, true
	default:
		return t
	}
	k, ok := p.Constants[kIdx].(lua.LNumber)
	if !ok {
		return t
	}
	// if (RK(B) op RK(C)) ~= A then pc++: the jump to "true" is taken
	// when the comparison's outcome equals A.
	t.op, t.k, t.want = op, float64(k), (opA(c[2]) != 0) != not
	return t
}

// isJumpOver reports whether i is pc += 1 (sBx is Bx minus 2^17-1).
func isJumpOver(i uint32) bool {
	return opCode(i) == lua.OP_JMP && opA(i) == 0 && int(i&0x3ffff)-(1<<17-1) == 1
}

// isLoadBool reports whether i is R(r) := (Bool)b; if (c) pc++.
func isLoadBool(i uint32, r, b, c int) bool {
	return opCode(i) == lua.OP_LOADBOOL && opA(i) == r && opB(i) == b && opC(i) == c
}

// inlineFor returns the inline form of functions of prototype p, read
// once per prototype.
func (lib *Lib) inlineFor(p *lua.FunctionProto) *inlineTest {
	t := lib.inlines[p]
	if t == nil {
		a := analyseInline(p)
		t = &a
		if lib.inlines == nil {
			lib.inlines = map[*lua.FunctionProto]*inlineTest{}
		}
		lib.inlines[p] = t
	}
	return t
}

// upvalue returns fn's upvalue that t reads, or nil when fn has none.
func (t *inlineTest) upvalue(fn *lua.LFunction) *lua.Upvalue {
	if t.up >= len(fn.Upvalues) {
		return nil
	}
	return fn.Upvalues[t.up]
}

// evalUpvalue returns what a function of prototype t.proto whose upvalue
// t reads is up returns, as Lua truth, with ok false when only calling
// the function can tell (a closure's upvalues are fixed when it is made,
// so a caller may keep up for the same closure).
func (t *inlineTest) evalUpvalue(up *lua.Upvalue) (result, ok bool) {
	tb, isTable := up.Value().(*lua.LTable)
	if !isTable {
		return false, false
	}
	v := tb.RawGetString(t.key)
	if v == lua.LNil {
		return false, false // __index may answer
	}
	switch t.op {
	case inlineTruth:
		return lua.LVAsBool(v), true
	case inlineNot:
		return !lua.LVAsBool(v), true
	}
	n, isNumber := v.(lua.LNumber)
	if !isNumber {
		if t.op == inlineEQ {
			// A number constant equals no value of another type, and
			// __eq is consulted only between two tables or two userdata.
			return !t.want, true
		}
		return false, false // strings compare, others raise an error
	}
	x, k := float64(n), t.k
	if t.swap {
		x, k = k, x
	}
	var cmp bool
	switch t.op {
	case inlineLT:
		cmp = x < k
	case inlineLE:
		cmp = x <= k
	default:
		cmp = x == k
	}
	return cmp == t.want, true
}

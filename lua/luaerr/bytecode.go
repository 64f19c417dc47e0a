package luaerr

import (
	lua "github.com/yuin/gopher-lua"
)

// This file reads gopher-lua's bytecode (Lua 5.1's instruction layout:
// opcode in bits 26-31, A in 18-25, C in 9-17, B in 0-8, Bx in 0-17) to
// name the value in a register as PUC Lua's error messages do.

func opCode(i uint32) int { return int(i >> 26) }
func argA(i uint32) int   { return int(i>>18) & 0xff }
func argB(i uint32) int   { return int(i & 0x1ff) }
func argC(i uint32) int   { return int(i>>9) & 0x1ff }
func argBx(i uint32) int  { return int(i & 0x3ffff) }

// rkBit marks an RK operand that is a constant (index rk &^ rkBit).
const rkBit = 1 << 8

// constString returns constant k of p when it is a string.
func constString(p *lua.FunctionProto, k int) (string, bool) {
	if k < 0 || k >= len(p.Constants) {
		return "", false
	}
	s, ok := p.Constants[k].(lua.LString)
	return string(s), ok
}

// objName names register reg of p at instruction pc as PUC Lua 5.1 does
// in its messages: "local 'x'", "global 'g'", "field 'f'", "method 'm'",
// "upvalue 'u'", or "" when the code does not tell (a temporary computed
// by an operation, or set on another path). It looks back from pc for the
// instruction that last set reg, within straight-line code.
func objName(p *lua.FunctionProto, pc, reg int) string {
	// gopher-lua's locals are active where StartPc < pc+1 <= EndPc.
	if name, ok := (&lua.LFunction{Proto: p}).LocalName(reg+1, pc+1); ok {
		if name == "" || name[0] == '(' { // the compiler's own, e.g. "(for index)"
			return ""
		}
		return "local '" + name + "'"
	}
	for i := pc - 1; i >= 0; i-- {
		in := p.Code[i]
		a := argA(in)
		switch op := opCode(in); op {
		case lua.OP_GETGLOBAL:
			if a == reg {
				if s, ok := constString(p, argBx(in)); ok {
					return "global '" + s + "'"
				}
				return ""
			}
		case lua.OP_GETTABLE, lua.OP_GETTABLEKS:
			if a == reg {
				if c := argC(in); c&rkBit != 0 {
					if s, ok := constString(p, c&^rkBit); ok {
						return "field '" + s + "'"
					}
				}
				return ""
			}
		case lua.OP_SELF:
			if a == reg {
				if c := argC(in); c&rkBit != 0 {
					if s, ok := constString(p, c&^rkBit); ok {
						return "method '" + s + "'"
					}
				}
				return ""
			}
			if a+1 == reg {
				return objName(p, i, argB(in))
			}
		case lua.OP_GETUPVAL:
			if a == reg {
				if b := argB(in); b < len(p.DbgUpvalues) {
					return "upvalue '" + p.DbgUpvalues[b] + "'"
				}
				return ""
			}
		case lua.OP_MOVE:
			if a == reg {
				if b := argB(in); b < a {
					return objName(p, i, b)
				}
				return ""
			}
		case lua.OP_LOADNIL:
			if reg >= a && reg <= argB(in) {
				return ""
			}
		case lua.OP_CALL:
			if reg >= a {
				return ""
			}
		case lua.OP_SETGLOBAL, lua.OP_SETUPVAL, lua.OP_SETTABLE, lua.OP_SETTABLEKS,
			lua.OP_EQ, lua.OP_LT, lua.OP_LE, lua.OP_TEST, lua.OP_SETLIST, lua.OP_CLOSE, lua.OP_NOP:
			// they set no register
		case lua.OP_JMP, lua.OP_FORLOOP, lua.OP_FORPREP, lua.OP_TFORLOOP, lua.OP_TESTSET,
			lua.OP_RETURN, lua.OP_TAILCALL, lua.OP_LOADBOOL, lua.OP_MOVEN, lua.OP_VARARG:
			return "" // another path, or registers set in bulk: not straight-line
		default:
			if a == reg {
				return ""
			}
		}
	}
	return ""
}

package btlib

import (
	"fmt"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// inlineShapes are precondition functions over the upvalue input, with
// whether analyseInline recognises their shape.
var inlineShapes = []struct {
	src    string
	inline inlineOp
}{
	{"function() return input.v end", inlineTruth},
	{"function() return not input.v end", inlineNot},
	{"function() return input.v < 50 end", inlineLT},
	{"function() return input.v <= 50 end", inlineLE},
	{"function() return input.v > 50 end", inlineLT},
	{"function() return input.v >= 50 end", inlineLE},
	{"function() return 50 < input.v end", inlineLT},
	{"function() return input.v == 50 end", inlineEQ},
	{"function() return input.v ~= 50 end", inlineEQ},
	{"function() return not (input.v < 50) end", inlineLT},
	{"function(self) return input.v < -2.5 end", inlineLT},
	// Other shapes are called as usual.
	{"function() return input.v < 'm' end", inlineNone},
	{"function() return input.v, 1 end", inlineNone},
	{"function() return input.v + 1 < 50 end", inlineNone},
	{"function() return input[1] end", inlineNone},
	{"function() return input.v < input.w end", inlineNone},
	{"function() return input.v and input.w end", inlineNone},
	{"function() return flag end", inlineNone},
	{"function() return input.v.w end", inlineNone},
	{"function() return input.v < 50 or input.w end", inlineNone},
}

// inlineValues are the values given to input.v (nil included, answered by
// input's __index when it has one).
var inlineValues = []string{"nil", "false", "true", "0", "49", "50", "51", "-2.5", "0/0", "'x'", "'50'", "{}"}

// A precondition function of an inlinable shape answers exactly as the
// Lua call of the function, for every value of the field (numbers, NaN,
// other types, nil), with and without an __index on the upvalue table,
// the upvalue replaced by a non-table, through AddCondition(fn),
// BTPrecondition and BTPreconditionNOT; and the seed's shapes are the
// ones recognised.
func TestInlinePreconditions(t *testing.T) {
	for _, sh := range inlineShapes {
		t.Run(sh.src, func(t *testing.T) {
			lib, L, _ := testLib(t)
			if err := L.DoString(`
input = { w = 50 }
local input = input
F = ` + sh.src + `
function SetInput(x) input = x end
`); err != nil {
				t.Fatal(err)
			}
			fn := L.GetGlobal("F").(*lua.LFunction)
			if got := analyseInline(fn.Proto).op; got != sh.inline {
				t.Errorf("shape %d, want %d", got, sh.inline)
			}
			owner, err := lib.taskOf(lib.mustEval(t, "BTSequence:New()"))
			if err != nil {
				t.Fatal(err)
			}
			conds := []*luaCondition{{owner: owner, fn: fn}}
			for _, class := range []string{"BTPrecondition", "BTPreconditionNOT"} {
				tb := lib.mustEval(t, class+":New(F)").(*lua.LTable)
				conds = append(conds, &luaCondition{owner: owner, fn: L.GetField(tb, "Check").(*lua.LFunction), self: tb,
					stock: map[string]stockCheck{"BTPrecondition": stockCheckIs, "BTPreconditionNOT": stockCheckNot}[class]})
			}
			for _, meta := range []string{"nil", "{ __index = { v = 7 } }"} {
				for _, v := range inlineValues {
					if err := L.DoString("input.v = " + v + "; setmetatable(input, " + meta + ")"); err != nil {
						t.Fatal(err)
					}
					for i, c := range conds {
						got, gotErr := checkResult(L, c)
						want, wantErr := luaResult(L, i)
						if got != want || gotErr != wantErr {
							t.Errorf("condition %d, v = %s, metatable %s: %v %q, want %v %q (Lua)", i, v, meta, got, gotErr, want, wantErr)
						}
					}
				}
			}
			// The upvalue replaced by a value that is not a table.
			if err := L.DoString("SetInput(5)"); err != nil {
				t.Fatal(err)
			}
			for i, c := range conds {
				got, gotErr := checkResult(L, c)
				want, wantErr := luaResult(L, i)
				if got != want || gotErr != wantErr {
					t.Errorf("condition %d, input = 5: %v %q, want %v %q (Lua)", i, got, gotErr, want, wantErr)
				}
			}
		})
	}
}

// mustEval returns the value of the Lua expression expr.
func (lib *Lib) mustEval(t *testing.T, expr string) lua.LValue {
	t.Helper()
	if err := lib.L.DoString("return " + expr); err != nil {
		t.Fatal(err)
	}
	v := lib.L.Get(-1)
	lib.L.Pop(1)
	return v
}

// checkResult runs c.Check() in a protected call: its answer, or its
// error's message.
func checkResult(L *lua.LState, c *luaCondition) (bool, string) {
	var got bool
	err := L.CallByParam(lua.P{Fn: L.NewFunction(func(*lua.LState) int {
		got = c.Check()
		return 0
	}), Protect: true})
	if err != nil {
		return false, err.(*lua.ApiError).Object.String()
	}
	return got, ""
}

// luaResult is what Lua answers for condition i of the test: F(nil), then
// BTPrecondition's and BTPreconditionNOT's Check, called in Lua.
func luaResult(L *lua.LState, i int) (bool, string) {
	expr := []string{"F(nil)", "BTPrecondition:New(F):Check()", "BTPreconditionNOT:New(F):Check()"}[i]
	err := L.DoString("Result = not not (" + expr + ")")
	if err != nil {
		return false, err.(*lua.ApiError).Object.String()
	}
	return L.GetGlobal("Result") == lua.LTrue, ""
}

// The inline form is read once per prototype: closures made again from
// one source line share it, and each closure answers from its own
// upvalue.
func TestInlinePerPrototype(t *testing.T) {
	lib, L, _ := testLib(t)
	if err := L.DoString(`
Make = function(input) return function() return input.hp < 500 end end
A, B = Make({ hp = 100 }), Make({ hp = 900 })
`); err != nil {
		t.Fatal(err)
	}
	a, b := L.GetGlobal("A").(*lua.LFunction), L.GetGlobal("B").(*lua.LFunction)
	owner, err := lib.taskOf(lib.mustEval(t, "BTSequence:New()"))
	if err != nil {
		t.Fatal(err)
	}
	ca, cb := &luaCondition{owner: owner, fn: a}, &luaCondition{owner: owner, fn: b}
	if got := fmt.Sprint(ca.Check(), cb.Check()); got != "true false" {
		t.Errorf("checks %s, want true false", got)
	}
	if ca.inline == nil || ca.inline != cb.inline || ca.inline.op != inlineLT || len(lib.inlines) != 1 {
		t.Errorf("inline forms %p %p (%d in the library), want one LT form shared", ca.inline, cb.inline, len(lib.inlines))
	}
}

// A precondition table whose fn a script replaces answers from the
// function it holds at each check: an inlined one, one that must be
// called, another closure of the same prototype over another table, and
// the first one again (a check keeps the last inlined function's upvalue:
// it must not answer for another function: Low's table has the field
// Called reads).
func TestInlineFunctionSwapped(t *testing.T) {
	lib, L, _ := testLib(t)
	if err := L.DoString(`
Make = function(input) return function() return input.hp < 500 end end
Low, High = Make({ hp = 100, v = 1000 }), Make({ hp = 900 })
Called = (function(input) return function() return input.v + 1 < 50 end end)({ v = 1000 })
Other = (function(t) return function() return t.alert end end)({ alert = false })
Cond = BTPrecondition:New(Low)
`); err != nil {
		t.Fatal(err)
	}
	owner, err := lib.taskOf(lib.mustEval(t, "BTSequence:New()"))
	if err != nil {
		t.Fatal(err)
	}
	tb := L.GetGlobal("Cond").(*lua.LTable)
	c := &luaCondition{owner: owner, fn: L.GetField(tb, "Check").(*lua.LFunction), self: tb, stock: stockCheckIs}
	var got []string
	for _, fn := range []string{"Low", "Low", "Called", "Low", "High", "Other", "Low", "High"} {
		if err := L.DoString("Cond.fn = " + fn); err != nil {
			t.Fatal(err)
		}
		r, msg := checkResult(L, c)
		got = append(got, fmt.Sprint(r, msg))
	}
	want := "[true true false true false false true false]"
	if fmt.Sprint(got) != want {
		t.Fatalf("checks %v, want %s", got, want)
	}
}

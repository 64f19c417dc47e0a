package luaerr

import (
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// WordLikePUC makes the runtime errors raised on L, from now until the
// protected call it is made in returns, read as PUC Lua 5.1 words them,
// the value named when the bytecode tells which one it was:
//
//	__len undefined                        attempt to get length of local 'x' (a nil value)
//	__unm undefined                        attempt to perform arithmetic on local 'x' (a table value)
//	cannot perform add operation between   attempt to perform arithmetic on field 'a' (a nil value)
//	  nil and number
//	cannot perform concat operation        attempt to concatenate local 'x' (a table value)
//	  between string and table
//	attempt to call a non-function object  attempt to call method 'm' (a nil value)
//	attempt to index a non-table           attempt to index field 'a' (a nil value)
//	  object(nil) with key 'b'               (unnamed: "a nil value (key 'b')")
//	attempt to compare table with table    attempt to compare two table values
//	for statement init must be a number    'for' initial value must be a number
//	bad argument #1 to rep (string         bad argument #1 to 'rep' (string expected, got no value)
//	  expected, got nil)
//
// Names are "local 'x'", "global 'g'", "field 'f'", "method 'm'" and
// "upvalue 'u'", the operation the one that raised (the erring frame's
// instruction; should it not be readable, the line's operations that
// could have raised, and when they disagree "a nil value" alone); a
// value with no name gives "a nil value" alone, and a message whose
// value's type cannot be told is left as gopher-lua words it. The error
// keeps its "file:line: " prefix.
//
// Call it first thing in a Go function that L.PCall runs: it sets
// L.Panic, which PCall sets on entry and restores when it returns. A
// pcall or xpcall inside the script installs gopher-lua's own handler
// for its call, so a message the script catches is gopher-lua's. It does
// not allocate.
func WordLikePUC(L *lua.LState) { L.Panic = pucPanic }

// pucPanic is PCall's panic handler (gopher-lua's panicWithoutTraceback:
// it panics with the error value on the top of the stack, which PCall
// recovers) with the message reworded first.
func pucPanic(L *lua.LState) {
	if s, ok := L.Get(-1).(lua.LString); ok {
		if m, ok := safeReword(L, string(s)); ok {
			L.Replace(-1, lua.LString(m))
		}
	}
	panic(&lua.ApiError{Type: lua.ApiErrorRun, Object: L.Get(-1)})
}

// safeReword is reword, the message left as it is should reading the
// bytecode fail: the error raised is the script's, not the rewording's.
func safeReword(L *lua.LState, msg string) (m string, ok bool) {
	defer func() {
		if recover() != nil {
			m, ok = "", false
		}
	}()
	return reword(L, msg)
}

// whereRE splits gopher-lua's "file:line: " prefix off a runtime error.
var whereRE = lazyRE(`(?s)^(.+?:\d+: |\s?)(.*)$`)

var (
	arithRE   = lazyRE(`^cannot perform (add|sub|mul|div|mod|pow) operation between (\w+) and (\w+)$`)
	concatRE  = lazyRE(`^cannot perform concat operation between (\w+) and (\w+)$`)
	indexRE   = lazyRE(`^attempt to index a non-table object\((\w+)\) with key '(.*)'$`)
	compareRE = lazyRE(`^attempt to compare (\w+) with (\w+)$`)
	forRE     = lazyRE(`^for statement (init|limit|step) must be a number$`)
	argRE     = lazyRE(`(?s)^bad argument #(\d+) to (.+?) \((.*)\)$`)
)

// forWords are PUC's names of a numeric for's three values.
var forWords = map[string]string{"init": "initial value", "limit": "limit", "step": "step"}

// arithOps are the opcodes of gopher-lua's arithmetic events.
var arithOps = map[string]int{"add": lua.OP_ADD, "sub": lua.OP_SUB, "mul": lua.OP_MUL,
	"div": lua.OP_DIV, "mod": lua.OP_MOD, "pow": lua.OP_POW}

// reword returns msg, a runtime error raised on L (the erring function's
// frame still on the stack), in PUC's words, and false when it has none.
func reword(L *lua.LState, msg string) (string, bool) {
	m := whereRE().FindStringSubmatch(msg)
	where, body := strings.TrimSpace(m[1]), m[2]
	if where != "" {
		where += " "
	}
	if x := compareRE().FindStringSubmatch(body); x != nil {
		if x[1] != x[2] {
			return "", false
		}
		return where + "attempt to compare two " + x[1] + " values", true
	}
	if x := forRE().FindStringSubmatch(body); x != nil {
		return where + "'for' " + forWords[x[1]] + " must be a number", true
	}
	if x := argRE().FindStringSubmatch(body); x != nil {
		return where + badArgument(L, x[1], x[2], x[3]), true
	}
	var (
		verb string
		s    suspects
	)
	switch {
	case body == "__len undefined":
		verb = "get length of"
		s = findOperands(L, func(op int) bool { return op == lua.OP_LEN }, func(in uint32) []int { return []int{argB(in)} },
			func(v lua.LValue) bool { return !hasLength(L, v) })
	case body == "__unm undefined":
		verb = "perform arithmetic on"
		s = findOperands(L, func(op int) bool { return op == lua.OP_UNM }, func(in uint32) []int { return []int{argB(in)} },
			func(v lua.LValue) bool { return !isNumber(v) && L.GetMetaField(v, "__unm") == lua.LNil })
	case body == "attempt to call a non-function object":
		verb = "call"
		s = findOperands(L, func(op int) bool { return op == lua.OP_CALL || op == lua.OP_TAILCALL },
			func(in uint32) []int { return []int{argA(in)} },
			func(v lua.LValue) bool { return v.Type() != lua.LTFunction && L.GetMetaField(v, "__call") == lua.LNil })
	default:
		return rewordTyped(L, where, body)
	}
	if !s.typed() {
		return "", false
	}
	return where + "attempt to " + verb + " " + s.String(), true
}

// rewordTyped rewords the messages that give the offending value's type:
// arithmetic, concatenation, indexing.
func rewordTyped(L *lua.LState, where, body string) (string, bool) {
	var (
		verb string
		s    suspects
	)
	if x := arithRE().FindStringSubmatch(body); x != nil {
		bad := x[2]
		if bad == "number" {
			bad = x[3]
		}
		verb = "perform arithmetic on"
		s = findArith(L, arithOps[x[1]], x[2], x[3])
		s.fallback(bad)
	} else if x := concatRE().FindStringSubmatch(body); x != nil {
		bad := x[1]
		if bad == "string" || bad == "number" {
			bad = x[2]
		}
		verb = "concatenate"
		s = findOperands(L, func(op int) bool { return op == lua.OP_CONCAT },
			func(in uint32) []int {
				var regs []int
				for r := argB(in); r <= argC(in); r++ {
					regs = append(regs, r)
				}
				return regs
			},
			func(v lua.LValue) bool { return v.Type().String() == bad })
		s.fallback(bad)
	} else if x := indexRE().FindStringSubmatch(body); x != nil {
		s = findIndexed(L, x[1], x[2])
		s.fallback(x[1])
		if !s.named() { // gopher-lua's key, which PUC leaves out, says which
			return where + "attempt to index " + s.String() + " (key '" + x[2] + "')", true
		}
		verb = "index"
	} else {
		return "", false
	}
	return where + "attempt to " + verb + " " + s.String(), true
}

// badArgument words gopher-lua's "bad argument #2 to rep (number
// expected, got nil)" as PUC does: the function's name quoted ('?' for
// one gopher-lua calls "(anonymous)"), and "got no value" for an
// argument the call did not pass. It is raised in the Go function's
// frame, whose stack holds the arguments and the message.
func badArgument(L *lua.LState, n, fn, why string) string {
	if fn == "(anonymous)" {
		fn = "?"
	}
	// A message already worded so ("to 'format'", raised by btlua's own
	// functions) keeps its quotes, once.
	fn = strings.TrimSuffix(strings.TrimPrefix(fn, "'"), "'")
	if i, err := strconv.Atoi(n); err == nil && i > L.GetTop()-1 {
		if rest, ok := strings.CutSuffix(why, ", got nil"); ok {
			why = rest + ", got no value"
		}
	}
	return "bad argument #" + n + " to '" + fn + "' (" + why + ")"
}

// hasLength reports whether # works on v: a string, a table, or a value
// with a __len metamethod.
func hasLength(L *lua.LState, v lua.LValue) bool {
	switch v.Type() {
	case lua.LTString, lua.LTTable:
		return true
	}
	return L.GetMetaField(v, "__len") != lua.LNil
}

// isNumber reports whether arithmetic takes v as a number: a number or a
// string that reads as one.
func isNumber(v lua.LValue) bool {
	switch x := v.(type) {
	case lua.LNumber:
		return true
	case lua.LString:
		_, err := parseNumber(string(x))
		return err == nil
	}
	return false
}

// PCall is L.PCall(nargs, nret, nil) with WordLikePUC in force: it calls
// the function below the nargs arguments on the top of the stack through
// a Go function that installs it, so that the function's runtime errors
// read as PUC Lua's. The error is PCall's.
func PCall(L *lua.LState, nargs, nret int) error {
	L.Insert(L.NewFunction(callWorded), -(nargs + 1))
	return L.PCall(nargs+1, nret, nil)
}

// callWorded calls its first argument with the others, WordLikePUC in
// force, and returns all it returns.
func callWorded(L *lua.LState) int {
	WordLikePUC(L)
	L.Call(L.GetTop()-1, lua.MultRet)
	return L.GetTop()
}

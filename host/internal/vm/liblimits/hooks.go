package liblimits

import (
	"reflect"
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// This file hooks two of gopher-lua's instructions, where its own Go code
// would otherwise do unbounded work that no watchdog can stop:
//
//   - OP_CONCAT (the .. operator) joins its operands in one Go allocation:
//     s .. s of a 1 GiB string allocates 2 GiB before any check, and one
//     a .. a .. a ... of 200 operands multiplies the size by 200. The hook
//     adds up the operands' lengths first and raises "string
//     concatenation: the result would be N, over the maximum string size
//     of M" when they are over the host's cap (its Options.MaxStringSize).
//   - OP_TAILCALL counts each tail call in its frame, and gopher-lua
//     builds an error's traceback with one "(tailcall)" line per count:
//     after f(n) return f(n+1) end has run for 2 s (10^8 tail calls), the
//     error that stops it spends half a minute and gigabytes building a
//     traceback of which it keeps 15 lines. The hook caps the count at 1
//     (PUC Lua's traceback shows one "(tail call)" per frame too), so a
//     traceback has at most one line per frame: 2 per call level.
//
// gopher-lua has no API for either, so the hook replaces the two entries
// of its instruction table (its unexported jumpTable, reached with a
// linkname directive) at init, wrapping the originals; the frame's
// tail-call count is found by reflection on gopher-lua v1.1.2's types
// (go.mod pins the version; TestTailCallCountCapped and TestConcatUnderCap
// fail if a change of gopher-lua breaks either). The hooks cost one length sum per .. and one compare
// per tail call, and apply to every Lua state of the process; the
// concatenation cap only to the states of hosts with a cap.

//go:linkname luaJumpTable github.com/yuin/gopher-lua.jumpTable
var luaJumpTable [lua.OP_NOP + 1]func(L *lua.LState, inst uint32, baseframe unsafe.Pointer) int

// Offsets, found at init, of LState.currentFrame and of callFrame's
// TailCall; ok when both were found with the expected types.
var tailCallHook struct {
	currentFrame, tailCall uintptr
	ok                     bool
}

// concatSmall is the operands' total under which .. is not checked
// against a cap (no lookup of the state's cap).
const concatSmall = 1 << 20

// concatCaps holds each capped host's maximum string size (int64), by
// its Lua state's *lua.Global (shared by the state's coroutines).
var concatCaps sync.Map

func init() {
	ls, ok := reflect.TypeOf(lua.LState{}).FieldByName("currentFrame")
	if ok && ls.Type.Kind() == reflect.Pointer && ls.Type.Elem().Kind() == reflect.Struct {
		if tc, ok := ls.Type.Elem().FieldByName("TailCall"); ok && tc.Type.Kind() == reflect.Int {
			tailCallHook.currentFrame, tailCallHook.tailCall, tailCallHook.ok = ls.Offset, tc.Offset, true
		}
	}
	if tailCallHook.ok {
		tail := luaJumpTable[lua.OP_TAILCALL]
		luaJumpTable[lua.OP_TAILCALL] = func(L *lua.LState, inst uint32, base unsafe.Pointer) int {
			r := tail(L, inst, base)
			capTailCalls(L)
			return r
		}
	}
	concat := luaJumpTable[lua.OP_CONCAT]
	luaJumpTable[lua.OP_CONCAT] = func(L *lua.LState, inst uint32, base unsafe.Pointer) int {
		checkConcat(L, int(inst&0x1ff), int(inst>>9)&0x1ff)
		return concat(L, inst, base)
	}
}

// capTailCalls sets the tail-call count of L's running frame to 1 when it
// is over.
func capTailCalls(L *lua.LState) {
	cf := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), tailCallHook.currentFrame))
	if cf == nil {
		return
	}
	if n := (*int)(unsafe.Add(cf, tailCallHook.tailCall)); *n > 1 {
		*n = 1
	}
}

// checkConcat raises a Lua error when the strings and numbers of
// registers b to c (the operands of OP_CONCAT A B C) add up to over the
// cap of L's host. A number counts as at most 32 bytes; operands with a
// __concat metamethod count nothing (the metamethod's own .. are checked).
func checkConcat(L *lua.LState, b, c int) {
	var size int64
	for r := b; r <= c; r++ {
		switch v := L.Get(r + 1).(type) {
		case lua.LString:
			size += int64(len(v))
		case lua.LNumber:
			size += 32
		}
	}
	if size <= concatSmall {
		return
	}
	max, ok := concatCaps.Load(L.G)
	if !ok || size <= max.(int64) {
		return
	}
	size = 0
	for r := b; r <= c; r++ {
		if v := L.Get(r + 1); v.Type() == lua.LTString || v.Type() == lua.LTNumber {
			size += int64(len(lua.LVAsString(v)))
		}
	}
	if size > max.(int64) {
		L.RaiseError("string concatenation: the result would be %s, over the maximum string size of %s", bytesText(float64(size)), bytesText(float64(max.(int64))))
	}
}

// capConcat sets the cap of .. in the state L (and its coroutines) to max
// bytes.
func capConcat(L *lua.LState, max int64) { concatCaps.Store(L.G, max) }

// Uncap removes the cap LimitStrings set on the .. operator of L: a host
// calls it when it closes L.
func Uncap(L *lua.LState) { concatCaps.Delete(L.G) }

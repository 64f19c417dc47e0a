package btlib

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// gopher-lua compiles a table constructor whose last item is a call, as
// in { act(WarriorAction, "patrol") }, to a NEWTABLE that sizes no array
// (the call's result count is known only when it runs), so the SETLIST
// that stores the results gives the table gopher-lua's default array of
// 32 slots: 512 bytes allocated and cleared for one child (issue 23: five
// such tables per warrior agent, a tenth of the bytes its build
// allocated). The hook below sizes the array of such a table for the
// values the SETLIST stores, before the original instruction runs;
// contents, lengths and iteration are gopher-lua's (TestSetListSized).
// It wraps the entry of gopher-lua's unexported instruction table, as
// host/internal/vm's hooks do, and applies to every state of the
// process; with another LTable layout it does nothing.

//go:linkname luaJumpTable github.com/yuin/gopher-lua.jumpTable
var luaJumpTable [lua.OP_NOP + 1]func(L *lua.LState, inst uint32, baseframe unsafe.Pointer) int

// arrayOffset is the offset of LTable's array part, ok false when LTable
// has no field array of type []lua.LValue.
var arrayOffset, arrayOK = func() (uintptr, bool) {
	f, ok := reflect.TypeOf(lua.LTable{}).FieldByName("array")
	if !ok || f.Type != reflect.TypeOf([]lua.LValue(nil)) {
		return 0, false
	}
	return f.Offset, true
}()

// arrayOf returns a pointer to tbl's array part; call it only when
// arrayOK.
func arrayOf(tbl *lua.LTable) *[]lua.LValue {
	return (*[]lua.LValue)(unsafe.Add(unsafe.Pointer(tbl), arrayOffset))
}

// setListDefault is the array gopher-lua gives a table on its first
// integer key: larger lists are left to it.
const setListDefault = 32

func init() {
	if !arrayOK {
		return
	}
	setList := luaJumpTable[lua.OP_SETLIST]
	luaJumpTable[lua.OP_SETLIST] = func(L *lua.LState, inst uint32, base unsafe.Pointer) int {
		// B == 0: the values run to the top (the last item is a call);
		// C == 1: the first flush, from index 1.
		if inst&0x1ff == 0 && (inst>>9)&0x1ff == 1 {
			sizeSetList(L, int(inst>>18)&0xff)
		}
		return setList(L, inst, base)
	}
}

// sizeSetList gives the table in register a of L's running frame, when it
// has no array yet, one sized for the values above it up to the top.
func sizeSetList(L *lua.LState, a int) {
	tbl, ok := L.Get(a + 1).(*lua.LTable)
	if !ok {
		return
	}
	p := arrayOf(tbl)
	if n := L.GetTop() - a - 1; *p == nil && n > 0 && n < setListDefault {
		*p = make([]lua.LValue, 0, n)
	}
}

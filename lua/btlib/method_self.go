package btlib

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// A method call obj:Method(...) compiles to gopher-lua's OP_SELF, which
// looks Method up as obj.Method does. On a task of a built-in parent
// class (BTSequence:New(), and the classes scripts derive from those) the
// lookup reaches the class's __index function (children_lazy.go), and
// gopher-lua then boxes the method name (16 bytes) and makes a Go call of
// that function: twenty-two such calls per warrior agent while it is
// built (AddCondition, AddChild), and one per inherited method a Lua
// parent derived from a concrete class calls in a tick. The hook below
// answers such a lookup in place with the function's own answer
// (parentField), and does the rest of the lookup as gopher-lua does: raw
// reads along the chain of __index tables. Anything else (a key that is
// not a string, an object that is not a table, an __index function of
// another kind, a chain deeper than gopher-lua's limit, registers beyond
// the frame's top) is left to the original instruction, so results and
// errors are gopher-lua's (TestMethodSelfAsGopherLua). It applies to
// every Lua state of the process, as the other instruction hooks do.

// vmLayout holds the offsets, found at init, of the unexported fields
// the hook reads and writes: LState.currentFrame and LState.reg, the
// running frame's Fn (for its constants) and LocalBase, the registers'
// array and top; ok when each was found with the expected type.
var vmLayout struct {
	currentFrame, reg uintptr
	fn, localBase     uintptr
	regArray, regTop  uintptr
	ok                bool
}

func init() {
	ls := reflect.TypeOf(lua.LState{})
	cf, ok1 := ls.FieldByName("currentFrame")
	reg, ok2 := ls.FieldByName("reg")
	if !ok1 || !ok2 || cf.Type.Kind() != reflect.Pointer || reg.Type.Kind() != reflect.Pointer ||
		cf.Type.Elem().Kind() != reflect.Struct || reg.Type.Elem().Kind() != reflect.Struct {
		return
	}
	fn, ok1 := cf.Type.Elem().FieldByName("Fn")
	lb, ok2 := cf.Type.Elem().FieldByName("LocalBase")
	arr, ok3 := reg.Type.Elem().FieldByName("array")
	top, ok4 := reg.Type.Elem().FieldByName("top")
	if !ok1 || !ok2 || !ok3 || !ok4 || fn.Type != reflect.TypeOf((*lua.LFunction)(nil)) ||
		lb.Type.Kind() != reflect.Int || arr.Type != reflect.TypeOf([]lua.LValue(nil)) || top.Type.Kind() != reflect.Int {
		return
	}
	vmLayout.currentFrame, vmLayout.reg = cf.Offset, reg.Offset
	vmLayout.fn, vmLayout.localBase = fn.Offset, lb.Offset
	vmLayout.regArray, vmLayout.regTop = arr.Offset, top.Offset
	vmLayout.ok = true
	self := luaJumpTable[lua.OP_SELF]
	luaJumpTable[lua.OP_SELF] = func(L *lua.LState, inst uint32, base unsafe.Pointer) int {
		if methodSelf(L, inst) {
			return 0
		}
		return self(L, inst, base)
	}
}

// methodSelf runs OP_SELF A B C (R(A+1) := R(B); R(A) := R(B)[RK(C)])
// when R(B) is a table and the lookup ends in a raw read or in a built-in
// parent class's __index function; it reports false, having changed
// nothing, for the original instruction to run.
func methodSelf(L *lua.LState, inst uint32) bool {
	cf := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), vmLayout.currentFrame))
	rg := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), vmLayout.reg))
	if cf == nil || rg == nil {
		return false
	}
	regs := *(*[]lua.LValue)(unsafe.Add(rg, vmLayout.regArray))
	lbase := *(*int)(unsafe.Add(cf, vmLayout.localBase))
	ra := lbase + int(inst>>18)&0xff
	rb := lbase + int(inst&0x1ff)
	c := int(inst>>9) & 0x1ff
	if ra+1 >= len(regs) || rb >= len(regs) {
		return false // the original grows the registers
	}
	obj, ok := regs[rb].(*lua.LTable)
	if !ok {
		return false
	}
	var key lua.LValue
	if c&0x100 != 0 { // a constant
		fn := *(**lua.LFunction)(unsafe.Add(cf, vmLayout.fn))
		if fn == nil || fn.Proto == nil || c&0xff >= len(fn.Proto.Constants) {
			return false
		}
		key = fn.Proto.Constants[c&0xff]
	} else if lbase+c < len(regs) {
		key = regs[lbase+c]
	}
	k, ok := key.(lua.LString)
	if !ok {
		return false
	}
	v, ok := methodLookup(obj, string(k), key)
	if !ok {
		return false
	}
	regs[ra] = v
	regs[ra+1] = obj
	if top := (*int)(unsafe.Add(rg, vmLayout.regTop)); ra+1 >= *top {
		*top = ra + 2
	}
	return true
}

// methodLookup is gopher-lua's lookup of obj[k] (key is k boxed) for a
// chain of tables that ends in a raw read or in a built-in parent class's
// __index function; ok is false for any other chain.
func methodLookup(obj *lua.LTable, k string, key lua.LValue) (v lua.LValue, ok bool) {
	cur := obj
	for range lua.MaxTableGetLoop {
		if v := cur.RawGetString(k); v != lua.LNil {
			return v, true
		}
		mt, isTable := cur.Metatable.(*lua.LTable)
		if !isTable {
			return lua.LNil, cur.Metatable == lua.LNil
		}
		switch idx := mt.RawGetString("__index").(type) {
		case *lua.LNilType:
			return lua.LNil, true
		case *lua.LTable:
			cur = idx
		case *lua.LFunction:
			d := indexClass(idx)
			if d == nil {
				return nil, false
			}
			return d.lib.parentField(d.table, cur, key), true
		default:
			return nil, false
		}
	}
	return nil, false
}

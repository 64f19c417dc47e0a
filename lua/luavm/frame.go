package luavm

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// gopher-lua keeps the running function's registers in its LState's
// registry (an unexported *registry whose first field is the []LValue of
// every frame's registers) and the running frame in LState.currentFrame
// (an unexported *callFrame with exported fields LocalBase and Fn). The
// offsets are located once with reflect and checked by type.

// frameLayout holds the offsets; ok when every one was found with the
// expected type.
var frameLayout = func() (l struct {
	reg, regArray, currentFrame, localBase, fn uintptr
	ok                                         bool
}) {
	ls := reflect.TypeOf(lua.LState{})
	reg, ok1 := ls.FieldByName("reg")
	cf, ok2 := ls.FieldByName("currentFrame")
	if !ok1 || !ok2 || reg.Type.Kind() != reflect.Pointer || cf.Type.Kind() != reflect.Pointer {
		return l
	}
	arr, ok1 := reg.Type.Elem().FieldByName("array")
	lb, ok2 := cf.Type.Elem().FieldByName("LocalBase")
	fn, ok3 := cf.Type.Elem().FieldByName("Fn")
	if !ok1 || !ok2 || !ok3 || arr.Type != reflect.TypeOf([]lua.LValue(nil)) ||
		lb.Type.Kind() != reflect.Int || fn.Type != reflect.TypeOf((*lua.LFunction)(nil)) {
		return l
	}
	l.reg, l.regArray, l.currentFrame = reg.Offset, arr.Offset, cf.Offset
	l.localBase, l.fn, l.ok = lb.Offset, fn.Offset, true
	return l
}()

// Frames reports whether Frame works with this gopher-lua.
func Frames() bool { return frameLayout.ok }

// A Frame is the running Lua function's view of L's registers, for an
// instruction hook: valid while the instruction runs (a call or a
// register growth moves the registers). Make it with FrameOf.
type Frame struct {
	regs      []lua.LValue // the registry's array, from the frame's base
	constants []lua.LValue
}

// FrameOf returns L's running Lua frame, ok false when there is none or
// Frames is false.
func FrameOf(L *lua.LState) (Frame, bool) {
	if !frameLayout.ok {
		return Frame{}, false
	}
	base := unsafe.Pointer(L)
	cf := *(*unsafe.Pointer)(unsafe.Add(base, frameLayout.currentFrame))
	reg := *(*unsafe.Pointer)(unsafe.Add(base, frameLayout.reg))
	if cf == nil || reg == nil {
		return Frame{}, false
	}
	fn := *(**lua.LFunction)(unsafe.Add(cf, frameLayout.fn))
	if fn == nil || fn.Proto == nil {
		return Frame{}, false
	}
	lb := *(*int)(unsafe.Add(cf, frameLayout.localBase))
	arr := *(*[]lua.LValue)(unsafe.Add(reg, frameLayout.regArray))
	if lb < 0 || lb > len(arr) {
		return Frame{}, false
	}
	return Frame{regs: arr[lb:], constants: fn.Proto.Constants}, true
}

// Reg returns register r (R(r) of an instruction), LNil when r is past
// the registers.
func (f Frame) Reg(r int) lua.LValue {
	if r >= len(f.regs) {
		return lua.LNil
	}
	return f.regs[r]
}

// RK returns the RK(x) operand of an instruction: constant x&0xff when
// bit 0x100 is set, else register x; LNil when out of range.
func (f Frame) RK(x int) lua.LValue {
	if x&0x100 != 0 {
		if x&0xff >= len(f.constants) {
			return lua.LNil
		}
		return f.constants[x&0xff]
	}
	return f.Reg(x)
}

package btlib

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// A located class's New records "file:line" of the Lua call that made
// the task (callerLine). gopher-lua's L.Where makes a Debug and formats
// two strings for each call (issue 23: a warrior agent's repeater, four
// allocations an agent); the line of a call site never changes, so
// lineCache answers from the calling frame's function prototype and
// instruction counter, which it reads through the offsets below (found
// with reflect and checked by type; with another layout it asks
// L.Where).

// frameLinks holds the offsets of gopher-lua's callFrame fields Parent
// and Pc; ok when both were found with the expected types.
var frameLinks = func() (l struct {
	parent, pc uintptr
	ok         bool
}) {
	cf, ok := reflect.TypeOf(lua.LState{}).FieldByName("currentFrame")
	if !ok || cf.Type.Kind() != reflect.Pointer || cf.Type.Elem().Kind() != reflect.Struct {
		return l
	}
	parent, ok1 := cf.Type.Elem().FieldByName("Parent")
	pc, ok2 := cf.Type.Elem().FieldByName("Pc")
	if !ok1 || !ok2 || parent.Type != cf.Type || pc.Type.Kind() != reflect.Int {
		return l
	}
	l.parent, l.pc, l.ok = parent.Offset, pc.Offset, true
	return l
}()

// callSite is a call instruction: the calling function's prototype and
// its instruction counter there.
type callSite struct {
	proto *lua.FunctionProto
	pc    int
}

// lineCache maps call sites to callerLine's answer for them.
type lineCache map[callSite]string

// callerLineOf is callerLine(L), from the cache when the current Go
// function was called by a Lua function.
func (c *lineCache) callerLineOf(L *lua.LState) string {
	if !vmLayout.ok || !frameLinks.ok {
		return callerLine(L)
	}
	cur := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), vmLayout.currentFrame))
	if cur == nil {
		return callerLine(L)
	}
	fn := *(**lua.LFunction)(unsafe.Add(cur, vmLayout.fn))
	caller := *(*unsafe.Pointer)(unsafe.Add(cur, frameLinks.parent))
	if fn == nil || !fn.IsG || caller == nil {
		return callerLine(L) // L.Where(1)'s walk is not the parent frame
	}
	cfn := *(**lua.LFunction)(unsafe.Add(caller, vmLayout.fn))
	if cfn == nil || cfn.Proto == nil {
		return callerLine(L)
	}
	site := callSite{cfn.Proto, *(*int)(unsafe.Add(caller, frameLinks.pc))}
	if w, ok := (*c)[site]; ok {
		return w
	}
	w := callerLine(L)
	if *c == nil {
		*c = lineCache{}
	}
	(*c)[site] = w
	return w
}

package luaerr

import (
	"reflect"

	lua "github.com/yuin/gopher-lua"
)

// This file reads the instruction a frame is at, which gopher-lua keeps
// (callFrame.Pc, one past the instruction under way) but does not export:
// lua.Debug holds the frame unexported. It is read, never written,
// through reflect; should a gopher-lua version lay these out otherwise,
// framePCOK is false and the callers fall back to every instruction of
// the erring line.

// debugFrame and framePC are the field indexes of lua.Debug.frame and
// callFrame.Pc; framePCOK is whether both were found with the expected
// kinds.
var debugFrame, framePC, framePCOK = findFramePC()

func findFramePC() (frame, pc int, ok bool) {
	f, found := reflect.TypeOf(lua.Debug{}).FieldByName("frame")
	if !found || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
		return 0, 0, false
	}
	p, found := f.Type.Elem().FieldByName("Pc")
	if !found || p.Type.Kind() != reflect.Int {
		return 0, 0, false
	}
	return f.Index[0], p.Index[0], true
}

// currentPC returns the index in its proto's Code of the instruction
// that dbg's frame is running (the one that raised, for the erring
// frame); ok is false when it cannot be read.
func currentPC(dbg *lua.Debug, p *lua.FunctionProto) (pc int, ok bool) {
	if !framePCOK || dbg == nil {
		return 0, false
	}
	frame := reflect.ValueOf(dbg).Elem().Field(debugFrame)
	if frame.IsNil() {
		return 0, false
	}
	pc = int(frame.Elem().Field(framePC).Int()) - 1
	if pc < 0 || pc >= len(p.Code) {
		return 0, false
	}
	return pc, true
}

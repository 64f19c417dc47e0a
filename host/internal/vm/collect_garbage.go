package vm

import (
	"runtime"
	"runtime/metrics"

	lua "github.com/yuin/gopher-lua"
)

// heapObjects is the runtime metric collectgarbage("count") reads.
const heapObjects = "/memory/classes/heap/objects:bytes"

// collectGarbage is Lua 5.1's collectgarbage over Go's collector
// (gopher-lua's returns nothing and runs a full collection whatever the
// option): "count" gives the kilobytes of the process's Go heap in live
// and not yet swept objects (every Lua state of the process shares that
// heap); "collect" (the default) runs a collection, except in a sandbox,
// where it does nothing, since a loop of them would stall every other
// state's work; "step", "stop", "restart", "setpause" and "setstepmul" do
// nothing (Go's collector has no such knobs) and give 0. Any other
// option is an error, as in Lua 5.1.
func collectGarbage(sandboxed bool) lua.LGFunction {
	return func(L *lua.LState) int {
		switch opt := L.OptString(1, "collect"); opt {
		case "count":
			s := []metrics.Sample{{Name: heapObjects}}
			metrics.Read(s)
			L.Push(lua.LNumber(float64(s[0].Value.Uint64()) / 1024))
			return 1
		case "collect":
			if !sandboxed {
				runtime.GC()
			}
		case "step", "stop", "restart", "setpause", "setstepmul":
		default:
			L.ArgError(1, "invalid option '"+opt+"'")
		}
		L.Push(lua.LNumber(0))
		return 1
	}
}

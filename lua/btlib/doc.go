// Package btlib binds the behavior-tree core (stdlib/bt) to a gopher-lua
// state, in the class style of the Lua behavior-tree series: every task a
// script sees is a plain Lua table that also works as a class prototype,
//
//	X = BTAction:New()
//	function X:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
//	function X:OnUpdate() return BTTaskStatus.Success end
//
// and every such table is backed by a Go task (a *Task) that the Go core
// ticks. A Lua class derived from a built-in overrides lifecycle methods
// (OnAwake, OnStart, OnUpdate, OnEnd, OnReset); the Go task calls the Lua
// override when there is one and the built-in behaviour otherwise.
//
// Method lookups are cached per task and dropped when the library's epoch
// changes (see Lib.Invalidate), which is how hot reload makes running
// tasks pick up new methods.
//
// A Lib belongs to one *lua.LState and is not safe for concurrent use.
package btlib

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
// Every task class, built-in or the embedding program's, is declared with
// Class (its name, base class, constructor arguments and a Go constructor)
// in a file of its own (node_wait.go for BTWait); a program passes its own
// in Options.Classes. The same declarations generate the LuaLS stubs
// (Stubs, lua/luasrc/bt_classes.lua).
//
// Tables are tied to their Go tasks, method lookups cached and dropped,
// arguments checked, coroutines run and the running task tracked by the
// object layer every binding shares (lua/luaclass); hot reload merges
// class tables with luaclass.Merge, which makes running tasks pick up new
// methods.
//
// A program ticks a tree with TickTree (one protected call), or many trees
// with TickTrees (one protected call for all of them, an error stopping
// only the tree that raised it): a game's thousands of agents a frame.
// TickBatch is the same with the caller's work before and after each tree
// (a TreeBatch: the host's CPU budget, events and error policy per agent).
//
// A Lib belongs to one *lua.LState and is not safe for concurrent use.
package btlib

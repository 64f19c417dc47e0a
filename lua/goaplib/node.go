package goaplib

import lua "github.com/yuin/gopher-lua"

// nodeKey is the raw field of an action, planner or agent table that holds
// its Go side. The field holds a small table wrapping a userdata rather than
// the userdata itself: hot reload merges a reloaded class into the running
// one in place and keeps the running class's table-valued fields, so a
// class keeps its own Go side across reloads.
const nodeKey = "__goap"

// setNode stores x as the Go side of tbl.
func (lib *Lib) setNode(tbl *lua.LTable, x any) {
	ud := lib.L.NewUserData()
	ud.Value = x
	holder := lib.L.NewTable()
	holder.RawSetInt(1, ud)
	tbl.RawSetString(nodeKey, holder)
}

// nodeOf returns the Go side stored in tbl itself (not inherited), or nil.
func nodeOf(tbl *lua.LTable) any {
	holder, ok := tbl.RawGetString(nodeKey).(*lua.LTable)
	if !ok {
		return nil
	}
	ud, ok := holder.RawGetInt(1).(*lua.LUserData)
	if !ok {
		return nil
	}
	return ud.Value
}

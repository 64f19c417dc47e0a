package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// This file keeps the children of a Lua parent class (a BTParentTask
// written in Lua, whose tasks keep their own childTasks table) between
// calls of Task.Children, which the core makes at every end of the task
// (issue 23: the slice was rebuilt from the table each time, a binding
// lookup per child). The slice is made again exactly when what it was
// made from may have changed: another table in the childTasks field, an
// entry added, removed or replaced (compared by identity, one array read
// each), or a new cache epoch (a reload, setmetatable of a bound table:
// what a table is bound to). An entry that was not a task (skipped) keeps
// nothing cached: a later setmetatable of that table makes it one without
// a new epoch.

// kidsSource is what taskCold.kids was made from: the childTasks table,
// its entries at the time, and the cache epoch; ok is false when nothing
// is cached.
type kidsSource struct {
	table   *lua.LTable
	entries []lua.LValue
	epoch   uint64
	ok      bool
}

// luaChildren returns the tasks in t's childTasks table, in order,
// leaving out entries that are not tasks; nil when the field is not a
// table.
func (t *Task) luaChildren() []bt.Task {
	lib := t.class.lib
	tbl, ok := lib.L.GetTable(t.Self, lua.LString("childTasks")).(*lua.LTable)
	if !ok {
		return nil
	}
	c := t.extra()
	src := &c.kidsOf
	n, epoch := tbl.Len(), lib.st.Epoch()
	if src.ok && src.table == tbl && src.epoch == epoch && len(src.entries) == n && sameEntries(tbl, src.entries) {
		return c.kids
	}
	c.kids, src.entries = c.kids[:0], src.entries[:0]
	src.ok = true
	for i := 1; i <= n; i++ {
		v := tbl.RawGetInt(i)
		src.entries = append(src.entries, v)
		if k, err := lib.taskOf(v); err == nil {
			c.kids = append(c.kids, k)
		} else {
			src.ok = false
		}
	}
	src.table, src.epoch = tbl, epoch
	return c.kids
}

// sameEntries reports whether tbl[1..len(entries)] are entries, by
// identity.
func sameEntries(tbl *lua.LTable, entries []lua.LValue) bool {
	for i, v := range entries {
		if tbl.RawGetInt(i+1) != v {
			return false
		}
	}
	return true
}

package luaclass

import lua "github.com/yuin/gopher-lua"

// TableCell is a Lua table made inside a Go value that lives as long as
// the table (a task and its table reach each other; a precondition's
// table is all there is of it), with room for the first entry of the
// table's key list: the table, its first key and the Go value in one
// allocation, not three (issue 23, build per agent: a table made by
// L.CreateTable is one allocation, its key list another). The table
// works as any other: gopher-lua moves the key list out of the cell when
// a second key comes. A TableCell must not be copied once Init ran.
type TableCell struct {
	// Table is the table, once Init made it.
	Table lua.LTable
	key   [1]lua.LValue
}

// Init makes c.Table the table L.CreateTable(0, hcap) makes and returns
// it; it returns nil, and makes nothing, with a gopher-lua whose table
// layout this package cannot use (the caller then makes the table with
// CreateTable).
func (c *TableCell) Init(hcap int) *lua.LTable {
	if !layout.ok {
		return nil
	}
	c.Table.Metatable = lua.LNil
	if hcap > 0 {
		*fieldsOf(&c.Table).strdict = make(map[string]lua.LValue, hcap)
	}
	return &c.Table
}

// keyList returns the cell's room for a key list of one key.
func (c *TableCell) keyList() []lua.LValue { return c.key[:0:1] }

// BindUserData is BindUserData(&c.Table, ud) with the light binding's
// key list in the cell.
func (c *TableCell) BindUserData(ud *lua.LUserData) {
	if !bindLightIn(&c.Table, ud, c.keyList()) {
		c.Table.RawSetString(key, ud)
	}
}

// SetOnlyField is SetOnlyField(&c.Table, name, key, v) with the key list
// in the cell.
func (c *TableCell) SetOnlyField(name string, key, v lua.LValue) bool {
	return setOnlyFieldIn(&c.Table, name, key, v, c.keyList())
}

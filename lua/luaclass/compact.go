package luaclass

import (
	lua "github.com/yuin/gopher-lua"
)

// This file right-sizes the string-keyed part of tables that scripts make.
// gopher-lua gives a table made by Lua's {} a 32-entry Go map on its first
// string key (about 2.2 KB), whatever it will hold; a task instance with a
// name field, or a precondition with its fn, holds two or three keys. For
// thousands of agents of a dozen tasks each, that map is most of the
// memory (issue 9). gopher-lua offers no way to size the map of a table
// that exists (L.CreateTable sizes only tables made from Go), so Compact
// replaces the map through the table's unexported field, located once
// with reflect (table_layout.go). The layout is checked at start-up; if a
// gopher-lua version changes it, Compact does nothing (TestCompactable
// fails so that it is noticed).

// compactMax is the most string keys a table may hold for Compact to
// resize it: beyond that the map is sized for its keys already.
const compactMax = 16

// Compactable reports whether Compact can resize tables with this
// version of gopher-lua.
func Compactable() bool { return strdictOffset != ^uintptr(0) }

// Compact replaces the string-keyed map of tbl by one sized for the keys
// it holds plus extra more, when it holds at most compactMax keys and is
// not as small as a Go map gets already (compact_small.go). The
// table's contents, and the order in which next and pairs visit its keys
// (gopher-lua keeps that order apart from the map), do not change. Call it
// once a table's fields are set, before it lives long (a task instance
// when it is bound).
func Compact(tbl *lua.LTable, extra int) {
	if !Compactable() || tbl == nil {
		return
	}
	p := strdictOf(tbl)
	m := *p
	if m == nil || len(m) > compactMax || smallMap(m) && len(m)+extra <= smallMapSlots {
		return // sized already (see compact_small.go)
	}
	small := make(map[string]lua.LValue, len(m)+extra)
	for k, v := range m {
		small[k] = v
	}
	*p = small
}

package luaclass

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// A method that a script set to a value that is no function (F.OnUpdate
// = 5) fails when it runs, from Go, where no Lua line is at hand. The
// write hooks (method_writes.go) see the write itself, in the script:
// they record its "file:line" here, under the table and the name, so
// that the error names the line that set the value (notCallable). Only
// values that a call would fail on are recorded (not nil, a function or
// a callable), and at most maxHookSites of them, so a script that writes
// many such values costs a bounded map.

// maxHookSites bounds State.hookSites.
const maxHookSites = 256

// hookSite is a table and a method name written into it.
type hookSite struct {
	tbl  *lua.LTable
	name string
}

// noteHookWrite records, when v, the value just written under name in
// tbl, is one a call fails on, "file:line" of the Lua code at stack
// level (0: the running Lua function, for an instruction hook; 1: the
// caller of a Go function, for rawset); for another value it forgets any
// earlier record.
func (s *State) noteHookWrite(L *lua.LState, tbl *lua.LTable, name string, v lua.LValue, level int) {
	if _, fn := v.(*lua.LFunction); fn || v == lua.LNil || L.GetMetaField(v, "__call") != lua.LNil {
		if len(s.hookSites) != 0 {
			delete(s.hookSites, hookSite{tbl, name})
		}
		return
	}
	site := hookSite{tbl, name}
	if _, ok := s.hookSites[site]; !ok && len(s.hookSites) >= maxHookSites {
		return
	}
	w := strings.TrimSuffix(L.Where(level), ":")
	if w == "" || strings.HasPrefix(w, "[G]") {
		return
	}
	if s.hookSites == nil {
		s.hookSites = map[hookSite]string{}
	}
	s.hookSites[site] = w
}

// hookWhere returns "file:line" of the recorded write of the value that
// self[name] reads (on self or along its class chain, Chain), or "" when
// none was recorded.
func (s *State) hookWhere(self *lua.LTable, name string) string {
	if len(s.hookSites) == 0 {
		return ""
	}
	for tbl := range Chain(self) {
		if tbl.RawGetString(name) != lua.LNil {
			return s.hookSites[hookSite{tbl, name}]
		}
	}
	return ""
}

package persist

import (
	"fmt"
	"strings"

	"github.com/btlua/btlua/host/internal/persist/values"
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// checkFieldsEntries refuses the fields entries of sa, a save of version
// version, that no writer writes for the tree's tasks match (saved task
// index -> task): an entry's task must be one of them, each once, in
// task order; a save of version 3 holds one for every Lua task. A save
// of version 1 or 2 holds one only for a task that had fields: a Lua
// task without one whose class has OnSave, or that the script builds
// with fields, is refused, since restoring it as the script built it
// would go on from another state (the entry was deleted or moved).
func checkFieldsEntries(L *lua.LState, sa *savefile.Agent, match []bt.Task, version int, skips skipCache) error {
	has := make([]bool, len(match))
	prev := -1
	for j, e := range sa.Fields {
		if e.Task < 0 || e.Task >= len(match) {
			return fmt.Errorf(`fields %d: "task" is %d, want a task of the tree's %d (0 to %d)`, j+1, e.Task, len(match), len(match)-1)
		}
		if e.Task == prev {
			return fmt.Errorf(`fields %d: "task" is %d, as is fields %d's: a save holds the fields of each Lua task once, in task order`, j+1, e.Task, j)
		}
		if e.Task < prev {
			return fmt.Errorf(`fields %d: "task" is %d, after fields %d's %d: a save holds the fields of each Lua task once, in task order`, j+1, e.Task, j, prev)
		}
		prev, has[e.Task] = e.Task, true
	}
	for i, t := range match {
		lt, ok := t.(*btlib.Task)
		if !ok || has[i] {
			continue
		}
		ts := &sa.Tree.Tasks[i]
		where := fmt.Sprintf("task %s (%s) has no \"fields\" entry", ts.Path, ts.Kind)
		if version >= savefile.DigestVersion {
			return fmt.Errorf("%s: a save of version %d holds one for every Lua task", where, savefile.DigestVersion)
		}
		if _, hooked := L.GetField(lt.Self, "OnSave").(*lua.LFunction); hooked {
			return fmt.Errorf("%s, and its class has OnSave: the entry (its OnSave value) was deleted or moved", where)
		}
		skip, err := skips.of(L, lt.Self)
		if err != nil {
			return fmt.Errorf("task %s (%s): %v", ts.Path, ts.Kind, err)
		}
		if names := builtFields(lt.Self, skip); names != "" {
			return fmt.Errorf("%s, and the script builds it with the %s: the entry was deleted or moved (a save of version %d has none for a task whose fields were all nil when saved: give it {\"task\": %d, \"kv\": []})", where, names, version, i)
		}
	}
	return nil
}

// builtFields names the fields of the fresh task table self that a save
// would hold (but those skip lists, child views and its Go object):
// "field a" or "fields a, b", "" for none; at most 4 named.
func builtFields(self *lua.LTable, skip map[string]bool) string {
	var keys []lua.LValue
	self.ForEach(func(k, v lua.LValue) {
		if ks, ok := k.(lua.LString); ok && skip[string(ks)] || btlib.IsChildView(v) || luaclass.IsKey(k) && v == luaclass.Bound(self) {
			return
		}
		keys = append(keys, k)
	})
	if len(keys) == 0 {
		return ""
	}
	values.SortKeys(keys)
	var names []string
	for _, k := range keys[:min(len(keys), 4)] {
		names = append(names, values.KeyText(k))
	}
	if len(keys) > 4 {
		names = append(names, "...")
	}
	if len(keys) == 1 {
		return "field " + names[0]
	}
	return "fields " + strings.Join(names, ", ")
}

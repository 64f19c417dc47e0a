package values

import (
	"slices"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// builtKey is one field of a task table, or of a table below one.
type builtKey struct {
	self *lua.LTable
	key  lua.LValue
}

// Built holds the functions the build of a tree put in its Lua tasks'
// fields and in the tables below them, by table and key (BuiltFunctions).
type Built map[builtKey]*lua.LFunction

// BuiltFunctions returns the functions the build of tr put in its Lua
// tasks' fields and in the tables below them (a method given in New, a
// table of handlers, the BTAI library's Do): a restore builds the tree
// again and finds these, and only these, at the same place, and a save
// refuses any other function there. Nil when there are none. Take it
// right after the build, before the tree first runs.
func BuiltFunctions(tr *btlib.Tree) Built {
	w := builtWalk{}
	w.seen = w.buf[:0]
	for _, t := range bt.Preorder(tr.Root()) {
		if lt, ok := t.(*btlib.Task); ok && lt.Self != nil {
			w.walk(lt.Self, 0)
		}
	}
	return w.out
}

// builtWalk records the functions of tables, and of the plain tables
// below them (not tasks, Go objects or child lists), each table once.
type builtWalk struct {
	out Built
	// seen and seenMap are the plain tables walked: searched in seen
	// while few, then in seenMap.
	seen    []*lua.LTable
	seenMap map[*lua.LTable]bool
	buf     [8]*lua.LTable // seen's first
}

// met reports whether t was walked already, and records it.
func (w *builtWalk) met(t *lua.LTable) bool {
	if w.seenMap != nil {
		if w.seenMap[t] {
			return true
		}
		w.seenMap[t] = true
		return false
	}
	if slices.Contains(w.seen, t) {
		return true
	}
	w.seen = append(w.seen, t)
	if len(w.seen) > 16 {
		w.seenMap = make(map[*lua.LTable]bool, 64)
		for _, u := range w.seen {
			w.seenMap[u] = true
		}
	}
	return false
}

func (w *builtWalk) walk(t *lua.LTable, depth int) {
	t.ForEach(func(k, v lua.LValue) {
		switch x := v.(type) {
		case *lua.LFunction:
			if w.out == nil {
				w.out = Built{}
			}
			w.out[builtKey{t, k}] = x
		case *lua.LTable:
			if depth+1 >= MaxDepth || btlib.IsChildView(x) || luaclass.Bound(x) != nil || w.met(x) {
				return
			}
			w.walk(x, depth+1)
		}
	})
}

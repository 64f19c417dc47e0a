package values

import (
	"cmp"
	"encoding/base64"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// A saved value, in JSON: null, a boolean, a finite number or a UTF-8
// string stand for themselves; an object stands for the rest:
//
//	{"num": "nan" | "inf" | "-inf"}   a number JSON cannot hold
//	{"bytes": "<base64>"}              a string that is not UTF-8
//	{"t": N}                           table N of the scope's tables
//	{"task": N}                        task N of the tree's saved tasks
//	{"goap": N}                        GOAP agent N of the tree's agents
//	{"fn": "file:line"}                the function without upvalues
//	                                   defined there (code, not state)
//	{"fn": "go"}                       a Go function a task table's
//	                                   library gave it (structure)
//
// A saved table is {"kv": [key, value, key, value, ...], "mt": "Class",
// "obj": true}: its fields, the global name of its metatable (a class),
// and obj when a Go object is bound to it (a GOAP action: such a table
// is refilled in place, never made anew).

// Saver encodes Lua values for one scope (an agent, or the global
// variables): each table once, shared tables and cycles by reference.
// Make it with Savers.New; it is not safe for concurrent use.
type Saver struct {
	L *lua.LState
	// base and keys say where the value being encoded is, for errors:
	// built into text only when an error needs it.
	base   string
	keys   []lua.LValue
	savers *Savers
	// taskFields is set while a task table's own fields are encoded.
	taskFields bool
	// self and built, while a task table's own fields are encoded: the
	// table, and the functions the agent's build put in task fields.
	self  *lua.LTable
	built Built
	// parents are the tables whose fields are being encoded, outermost
	// first: the last holds the value being encoded.
	parents []*lua.LTable
	tables  []savefile.Table
	index   map[*lua.LTable]int
	tasks   map[*lua.LTable]int // task table -> saved task index
	agents  map[*lua.LTable]int // GOAP agent table -> agent index
}

// Savers is what the value savers of one save share: each Lua state's
// class names, looked up once, and the last scope's saver, whose maps
// the next one reuses. The zero Savers is ready; it is not safe for
// concurrent use.
type Savers struct {
	names map[*lua.LState]map[*lua.LTable]string
	spare *Saver
	// ScriptClass, when set, reports whether the global table name of
	// the Lua state L is one a script defined: the only class a saved
	// table may have (a restore refuses any other, string, _G).
	ScriptClass func(L *lua.LState, name string) bool
}

// New returns the saver of one scope of the Lua state L.
func (ss *Savers) New(L *lua.LState) *Saver {
	if vs := ss.spare; vs != nil {
		ss.spare = nil
		clear(vs.index)
		clear(vs.tasks)
		clear(vs.agents)
		*vs = Saver{L: L, savers: ss, keys: vs.keys[:0], parents: vs.parents[:0], index: vs.index, tasks: vs.tasks, agents: vs.agents}
		return vs
	}
	return &Saver{L: L, savers: ss, index: map[*lua.LTable]int{}, tasks: map[*lua.LTable]int{}, agents: map[*lua.LTable]int{}}
}

// Done hands s, whose tables (Tables) the save now holds, to the next
// New; s is not used after.
func (s *Saver) Done() { s.savers.spare = s }

// Tables returns the tables the values encoded so far refer to ({"t": N}
// is the N-th).
func (s *Saver) Tables() []savefile.Table { return s.tables }

// SetTask makes the task table self encode as {"task": i} (saved task
// index i).
func (s *Saver) SetTask(self *lua.LTable, i int) { s.tasks[self] = i }

// AddGoapAgent makes the GOAP agent table t encode as {"goap": i}; false
// when t has a number already (a GOAP agent two tasks run), which it
// keeps.
func (s *Saver) AddGoapAgent(t *lua.LTable, i int) bool {
	if _, dup := s.agents[t]; dup {
		return false
	}
	s.agents[t] = i
	return true
}

// className returns the global name of the class table mt.
func (s *Saver) className(mt *lua.LTable) (string, bool) {
	names := s.savers.names[s.L]
	if names == nil {
		if s.savers.names == nil {
			s.savers.names = map[*lua.LState]map[*lua.LTable]string{}
		}
		names = map[*lua.LTable]string{}
		s.L.G.Global.ForEach(func(k, v lua.LValue) {
			ks, ok1 := k.(lua.LString)
			t, ok2 := v.(*lua.LTable)
			if ok1 && ok2 {
				if old, dup := names[t]; !dup || string(ks) < old {
					names[t] = string(ks)
				}
			}
		})
		s.savers.names[s.L] = names
	}
	n, ok := names[mt]
	return n, ok
}

// notGlobalClass words a table's metatable mt that no global names: a
// copy of a class a later load of the script merged into the first
// load's (luaclass.Merge leaves the copy forwarding to the class), or any
// other table.
func (s *Saver) notGlobalClass(mt *lua.LTable) string {
	into, ok := mt.RawGetString("__index").(*lua.LTable)
	copied := ok && into != mt
	mt.ForEach(func(k, _ lua.LValue) {
		if k != lua.LString("__index") && !luaclass.IsKey(k) { // a merged copy holds no more
			copied = false
		}
	})
	if !copied {
		return "a table whose metatable is not a global class"
	}
	name, ok := s.className(into)
	if !ok {
		return "a table whose metatable is not a global class"
	}
	return "a table whose class is a copy of " + name + " that no global names (a later load of its script defined " + name +
		" anew, and each load of a script merges the classes it defines into the first load's, but a table the script's top level made keeps the copy: make such tables in a task's OnStart, return a factory function, or load the script once per Lua state)"
}

// shownKeys is how many keys of a place's start and of its end an error
// spells; the keys between are counted.
const shownKeys = 6

// elided returns the i-th key's text prefix for a place of n keys: "" to
// spell key i, or the marker of the cut keys (".(190 more)", once, at the
// first cut key)
// and skip=true for each key cut.
func elided(i, n int) (marker string, skip bool) {
	if n <= 2*shownKeys || i < shownKeys || i >= n-shownKeys {
		return "", false
	}
	if i == shownKeys {
		return fmt.Sprintf(".(%d more)", n-2*shownKeys), true
	}
	return "", true
}

// where returns the text of the place being encoded.
func (s *Saver) where() string {
	w := s.base
	for i, k := range s.keys {
		if k == nil {
			continue
		}
		if m, skip := elided(i, len(s.keys)); skip {
			w += m
			continue
		}
		if _, ok := k.(lua.LString); ok {
			if i == 0 {
				w += " "
			} else {
				w += "."
			}
		}
		w += KeyText(k)
	}
	return w
}

// At encodes v, the value at base (a place's text, for errors): a value
// as the save holds it (see above), or a *ValueError.
func (s *Saver) At(base string, v lua.LValue) (any, error) {
	s.base, s.keys = base, s.keys[:0]
	return s.value(v)
}

// ValueError is a value a save cannot hold: What it is, at Where (the
// place's text: its base and field path).
type ValueError struct {
	Where, What string
}

func (e *ValueError) Error() string {
	return e.Where + " holds " + e.What + ", which a save cannot hold"
}

// TaskFields encodes the raw fields of the task table self but those in
// skip, in a stable order (key, value, ...): a function there must be
// the one the agent's build put at that place (built, BuiltFunctions),
// which a restore finds again. The place in an error is the field path
// alone (" name.key"): the caller prefixes the task.
func (s *Saver) TaskFields(self *lua.LTable, built Built, skip map[string]bool) ([]any, error) {
	s.base, s.keys, s.taskFields, s.self, s.built = "", s.keys[:0], true, self, built
	kv, err := s.fields(self, skip)
	s.taskFields, s.self = false, nil
	return kv, err
}

// value encodes v, found at where (for errors).
func (s *Saver) value(v lua.LValue) (any, error) {
	switch x := v.(type) {
	case *lua.LNilType:
		return nil, nil
	case lua.LBool:
		return bool(x), nil
	case lua.LNumber:
		f := float64(x)
		switch {
		case math.IsNaN(f):
			return map[string]any{"num": "nan"}, nil
		case math.IsInf(f, 1):
			return map[string]any{"num": "inf"}, nil
		case math.IsInf(f, -1):
			return map[string]any{"num": "-inf"}, nil
		}
		return savefile.Number(f), nil
	case lua.LString:
		if !utf8.ValidString(string(x)) {
			return map[string]any{"bytes": base64.StdEncoding.EncodeToString([]byte(x))}, nil
		}
		return string(x), nil
	case *lua.LTable:
		return s.table(x)
	case *lua.LFunction:
		// A Lua function without upvalues is code the script defines
		// again: saved as its place of definition, and checked there at
		// restore. A function with upvalues holds state a save cannot
		// see; a Go function is the host's.
		if x.IsG {
			// The library's own methods on a task table (a BTAI root's
			// Do): structure, given again by the script's build.
			if s.taskFields && len(s.keys) == 1 {
				if !s.builtHere(x) {
					return nil, &ValueError{s.where(), "a Go function set after the tree was built (a restore cannot find it again; list the field in saveSkip, or save it with OnSave and OnLoad)"}
				}
				return map[string]any{"fn": "go"}, nil
			}
			return nil, &ValueError{s.where(), "a Go function"}
		}
		if len(x.Upvalues) > 0 || x.Proto == nil {
			return nil, &ValueError{s.where(), "a function with upvalues (state a save cannot see; keep it in fields, or list the field in saveSkip)"}
		}
		if s.taskFields && !s.builtHere(x) {
			return nil, &ValueError{s.where(), "the function defined at " + luaerr.Defined(x) + ", set after the tree was built (a restore cannot find it again; list the field in saveSkip, or save it with OnSave and OnLoad)"}
		}
		return map[string]any{"fn": luaerr.Defined(x)}, nil
	case *lua.LState:
		return nil, &ValueError{s.where(), "a coroutine"}
	case *lua.LUserData:
		return nil, &ValueError{s.where(), fmt.Sprintf("a Go value (%T)", x.Value)}
	}
	return nil, &ValueError{s.where(), "a " + v.Type().String()}
}

// builtHere reports whether fn is the function the agent's build put in
// the task field being encoded: the one a restore finds there again.
func (s *Saver) builtHere(fn *lua.LFunction) bool {
	return s.self != nil && len(s.parents) > 0 && s.built[builtKey{s.parents[len(s.parents)-1], s.keys[len(s.keys)-1]}] == fn
}

func (s *Saver) table(t *lua.LTable) (any, error) {
	if i, ok := s.tasks[t]; ok {
		return savefile.Ref{Key: "task", N: i}, nil
	}
	if i, ok := s.agents[t]; ok {
		return savefile.Ref{Key: "goap", N: i}, nil
	}
	if i, ok := s.index[t]; ok {
		return savefile.Ref{Key: "t", N: i}, nil
	}
	obj := false
	if ud := luaclass.Bound(t); ud != nil {
		switch ud.Value.(type) {
		case *btlib.Task:
			return nil, &ValueError{s.where(), "a task of another tree"}
		case *btlib.Tree:
			return nil, &ValueError{s.where(), "a behavior tree"}
		}
		if _, ok := goaplib.TableAgent(t); ok {
			return nil, &ValueError{s.where(), "a GOAP agent no task of this tree runs"}
		}
		obj = true
	}
	st := savefile.Table{Obj: obj}
	if mt, ok := t.Metatable.(*lua.LTable); ok && !obj {
		name, ok := s.className(mt)
		if !ok {
			return nil, &ValueError{s.where(), s.notGlobalClass(mt)}
		}
		if s.savers.ScriptClass != nil && !s.savers.ScriptClass(s.L, name) {
			return nil, &ValueError{s.where(), "a table whose metatable is the global table " + name + ", no class the script defined"}
		}
		st.MT = name
	}
	if len(s.keys) >= MaxDepth {
		return nil, &ValueError{s.where(), fmt.Sprintf("tables nested deeper than %d", MaxDepth)}
	}
	i := len(s.tables)
	s.index[t] = i
	s.tables = append(s.tables, savefile.Table{})
	kv, err := s.fields(t, nil)
	if err != nil {
		return nil, err
	}
	st.KV = kv
	s.tables[i] = st
	return savefile.Ref{Key: "t", N: i}, nil
}

// fields encodes the raw fields of t (but those in skip), keys in a
// stable order: the array part, then the other keys sorted.
func (s *Saver) fields(t *lua.LTable, skip map[string]bool) ([]any, error) {
	var keys []lua.LValue
	t.ForEach(func(k, v lua.LValue) {
		if btlib.IsChildView(v) {
			return // structure: the script builds it again
		}
		if ks, ok := k.(lua.LString); ok && skip[string(ks)] {
			return
		}
		if luaclass.IsKey(k) && v == luaclass.Bound(t) {
			return // the table's Go object, not a field
		}
		keys = append(keys, k)
	})
	SortKeys(keys)
	kv := make([]any, 0, 2*len(keys))
	depth := len(s.keys)
	s.keys = append(s.keys, nil)
	s.parents = append(s.parents, t)
	defer func() { s.keys, s.parents = s.keys[:depth], s.parents[:len(s.parents)-1] }()
	for _, k := range keys {
		s.keys[depth] = k
		ke, err := s.value(k)
		if err != nil {
			return nil, err
		}
		ve, err := s.value(t.RawGet(k))
		if err != nil {
			return nil, err
		}
		kv = append(kv, ke, ve)
	}
	return kv, nil
}

// SortKeys orders keys: numbers ascending, then strings, then booleans,
// then tables in the order met (for a save that is the same for the
// same state).
func SortKeys(keys []lua.LValue) {
	if len(keys) < 2 {
		return
	}
	rank := func(v lua.LValue) int {
		switch v.(type) {
		case lua.LNumber:
			return 0
		case lua.LString:
			return 1
		case lua.LBool:
			return 2
		}
		return 3
	}
	slices.SortStableFunc(keys, func(x, y lua.LValue) int {
		if rx, ry := rank(x), rank(y); rx != ry {
			return cmp.Compare(rx, ry)
		}
		switch a := x.(type) {
		case lua.LNumber:
			return cmp.Compare(a, y.(lua.LNumber))
		case lua.LString:
			return cmp.Compare(a, y.(lua.LString))
		case lua.LBool:
			if a == y.(lua.LBool) {
				return 0
			}
			if !a {
				return -1
			}
			return 1
		}
		return 0
	})
}

// KeyText is the key k as a place's text spells it: a string as it is,
// a number in brackets ("[3]"), another key by its type ("[table]").
func KeyText(k lua.LValue) string {
	switch x := k.(type) {
	case lua.LString:
		return string(x)
	case lua.LNumber:
		return "[" + strconv.FormatFloat(float64(x), 'g', -1, 64) + "]"
	}
	return "[" + k.Type().String() + "]"
}

// MaxDepth caps how deep tables may nest in a save (a table in a
// field of a table ..., counted from the task field or variable): deeper
// state is refused at Snapshot and at Restore. A variable for tests.
var MaxDepth = 200

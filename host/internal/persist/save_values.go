package persist

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

// valueSaver encodes Lua values for one scope (an agent, or the global
// variables): each table once, shared tables and cycles by reference.
type valueSaver struct {
	L *lua.LState
	// base and keys say where the value being encoded is, for errors:
	// built into text only when an error needs it.
	base string
	keys []lua.LValue
	run  *Run
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

// Run is what one save (of one agent, or of every agent and the global
// variables) looks up once for all its agents: each class's save hooks,
// each Lua state's class names, each tree structure's task paths. Make
// it with NewRun; it is not safe for concurrent use.
type Run struct {
	hooks map[*lua.LTable]classHooks
	names map[*lua.LState]map[*lua.LTable]string
	paths shapePaths
	// whole is set for a save of every agent, which holds the BTAI
	// generators; random holds the Lua states whose saved agents draw
	// from theirs.
	whole  bool
	random map[*lua.LState]bool
	// spare is the value saver of the last agent, whose maps the next
	// one reuses.
	spare *valueSaver
	// ScriptClass, when set, reports whether the global table name of
	// the Lua state L is one a script defined: the only class a saved
	// table may have (a restore refuses any other, string, _G).
	ScriptClass func(L *lua.LState, name string) bool
}

// NewRun returns the run of one save; whole is set for a save of every
// agent (SnapshotAll), which may hold the BTAI library's generators.
func NewRun(whole bool) *Run {
	return &Run{hooks: map[*lua.LTable]classHooks{}, names: map[*lua.LState]map[*lua.LTable]string{}, paths: shapePaths{}, random: map[*lua.LState]bool{}, whole: whole}
}

// DrawsRandom reports whether an agent of the Lua state L that the run
// saved draws from the BTAI library's generator (whose state a whole
// save then holds).
func (run *Run) DrawsRandom(L *lua.LState) bool { return run.random[L] }

// AnyRandom reports whether any agent the run saved draws from the BTAI
// library's generator.
func (run *Run) AnyRandom() bool { return len(run.random) > 0 }

func newValueSaver(L *lua.LState, run *Run) *valueSaver {
	if vs := run.spare; vs != nil {
		run.spare = nil
		clear(vs.index)
		clear(vs.tasks)
		clear(vs.agents)
		*vs = valueSaver{L: L, run: run, keys: vs.keys[:0], parents: vs.parents[:0], index: vs.index, tasks: vs.tasks, agents: vs.agents}
		return vs
	}
	return &valueSaver{L: L, run: run, index: map[*lua.LTable]int{}, tasks: map[*lua.LTable]int{}, agents: map[*lua.LTable]int{}}
}

// done hands vs, whose tables the save now holds, to the next agent.
func (vs *valueSaver) done() { vs.run.spare = vs }

// className returns the global name of the class table mt.
func (s *valueSaver) className(mt *lua.LTable) (string, bool) {
	names := s.run.names[s.L]
	if names == nil {
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
		s.run.names[s.L] = names
	}
	n, ok := names[mt]
	return n, ok
}

// notGlobalClass words a table's metatable mt that no global names: a
// copy of a class a later load of the script merged into the first
// load's (luaclass.Merge leaves the copy forwarding to the class), or any
// other table.
func (s *valueSaver) notGlobalClass(mt *lua.LTable) string {
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

// classHooks is what a class says about saving its tasks: OnSave and
// OnLoad, and the fields of saveSkip.
type classHooks struct {
	onSave, onLoad *lua.LFunction
	skip           map[string]bool
	err            error
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
func (s *valueSaver) where() string {
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
		w += keyText(k)
	}
	return w
}

// at encodes v, the value at base (for errors).
func (s *valueSaver) at(base string, v lua.LValue) (any, error) {
	s.base, s.keys = base, s.keys[:0]
	return s.value(v)
}

// valueError is an unsaveable value, at where (a field path).
type valueError struct {
	where, what string
}

func (e *valueError) Error() string {
	return e.where + " holds " + e.what + ", which a save cannot hold"
}

// value encodes v, found at where (for errors).
func (s *valueSaver) value(v lua.LValue) (any, error) {
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
					return nil, &valueError{s.where(), "a Go function set after the tree was built (a restore cannot find it again; list the field in saveSkip, or save it with OnSave and OnLoad)"}
				}
				return map[string]any{"fn": "go"}, nil
			}
			return nil, &valueError{s.where(), "a Go function"}
		}
		if len(x.Upvalues) > 0 || x.Proto == nil {
			return nil, &valueError{s.where(), "a function with upvalues (state a save cannot see; keep it in fields, or list the field in saveSkip)"}
		}
		if s.taskFields && !s.builtHere(x) {
			return nil, &valueError{s.where(), "the function defined at " + luaerr.Defined(x) + ", set after the tree was built (a restore cannot find it again; list the field in saveSkip, or save it with OnSave and OnLoad)"}
		}
		return map[string]any{"fn": luaerr.Defined(x)}, nil
	case *lua.LState:
		return nil, &valueError{s.where(), "a coroutine"}
	case *lua.LUserData:
		return nil, &valueError{s.where(), fmt.Sprintf("a Go value (%T)", x.Value)}
	}
	return nil, &valueError{s.where(), "a " + v.Type().String()}
}

// builtHere reports whether fn is the function the agent's build put in
// the task field being encoded: the one a restore finds there again.
func (s *valueSaver) builtHere(fn *lua.LFunction) bool {
	return s.self != nil && len(s.parents) > 0 && s.built[builtKey{s.parents[len(s.parents)-1], s.keys[len(s.keys)-1]}] == fn
}

func (s *valueSaver) table(t *lua.LTable) (any, error) {
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
			return nil, &valueError{s.where(), "a task of another tree"}
		case *btlib.Tree:
			return nil, &valueError{s.where(), "a behavior tree"}
		}
		if _, ok := goaplib.TableAgent(t); ok {
			return nil, &valueError{s.where(), "a GOAP agent no task of this tree runs"}
		}
		obj = true
	}
	st := savefile.Table{Obj: obj}
	if mt, ok := t.Metatable.(*lua.LTable); ok && !obj {
		name, ok := s.className(mt)
		if !ok {
			return nil, &valueError{s.where(), s.notGlobalClass(mt)}
		}
		if s.run.ScriptClass != nil && !s.run.ScriptClass(s.L, name) {
			return nil, &valueError{s.where(), "a table whose metatable is the global table " + name + ", no class the script defined"}
		}
		st.MT = name
	}
	if len(s.keys) >= MaxDepth {
		return nil, &valueError{s.where(), fmt.Sprintf("tables nested deeper than %d", MaxDepth)}
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
func (s *valueSaver) fields(t *lua.LTable, skip map[string]bool) ([]any, error) {
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
	sortKeys(keys)
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

// sortKeys orders keys: numbers ascending, then strings, then booleans,
// then tables in the order met (for a save that is the same for the
// same state).
func sortKeys(keys []lua.LValue) {
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

func keyText(k lua.LValue) string {
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

package reload

import (
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Snapshot is a copy of everything a staged run can change in the live
// Lua state, taken before a reload runs the file, so that a reload that
// fails can put every bit of it back (see Restore). It holds, for every
// value reachable from the roots:
//
//   - each table's fields, metatable and Go object (luaclass.Bound);
//   - each Lua function's environment, and the value of each of its
//     upvalues (a live closure called by the staged run may assign one);
//   - each userdata's metatable and environment;
//   - the variables of each blackboard met: the global variables, and
//     the blackboard of each tree reachable through a task or tree table;
//   - the metatables of the built-in types (strings' is the string
//     library), and the thread's environment (setfenv(0, t)).
//
// The roots are the global table, the registry (package.loaded, the
// loaders, package.preload), the bt library's module table and global
// variables, and the extra roots given to Take (the goap module). The walk follows table keys,
// values and metatables, the userdata that binds a table to its Go object
// (luaclass.Bound), function environments and upvalues, userdata
// metatables and environments, and, through the Go node of a task or tree
// table, the tables of its tree's tasks and its blackboard. So a staged
// run cannot change anything that survives a failed reload: whatever it
// reaches, it reaches from these roots.
//
// Not covered: Go state behind other userdata (objects bound with
// SetGlobal, whose fields a script may set; a GOAP agent's or BTAI
// root's Go fields), the Go side of existing tasks and trees (children a
// script adds to a live composite, its abort type), the stacks of
// suspended coroutines, and the world outside the state (files, output).
// Scripts do not touch these while they load.
type Snapshot struct {
	L       *lua.LState
	tables  []tableState
	index   map[*lua.LTable]int // position in tables
	kv      []lua.LValue        // the tables' fields: key, value, key, value...
	funcs   []funcState
	upvals  []upvalState
	udata   []udataState
	boards  []boardState
	builtin []builtinState
	env     *lua.LTable // the thread's environment
}

type tableState struct {
	t      *lua.LTable
	mt     lua.LValue
	lo, hi int // the table's fields are kv[lo:hi]
	// bound is the userdata of the table's own Go object
	// (luaclass.Bound), or nil: a table bound before it had keys holds it
	// outside its fields.
	bound *lua.LUserData
}

type funcState struct {
	fn  *lua.LFunction
	env *lua.LTable
}

type upvalState struct {
	uv *lua.Upvalue
	v  lua.LValue
}

type udataState struct {
	ud  *lua.LUserData
	mt  lua.LValue
	env *lua.LTable
}

type boardState struct {
	b    *bt.Blackboard
	vars map[string]any
}

// builtinState is the metatable of a built-in type, found through a
// sample value of the type.
type builtinState struct {
	sample lua.LValue
	mt     lua.LValue
}

// Take walks the live state of L from the roots (see Snapshot: lib's
// module and global variables, and extra) and copies what a staged run
// could change. It runs no Lua code. hint sizes the copy after the last
// one and is updated.
func Take(L *lua.LState, lib *btlib.Lib, hint *Hint, extra ...lua.LValue) *Snapshot {
	// Sized after the last snapshot: the state changes little between
	// reloads.
	s := &Snapshot{L: L, env: L.Env,
		tables: make([]tableState, 0, hint.tables), index: make(map[*lua.LTable]int, hint.tables),
		kv: make([]lua.LValue, 0, hint.kv)}
	fns := make(map[*lua.LFunction]bool, hint.fns)
	seen := map[any]bool{} // userdata, threads, upvalues, blackboards, tasks
	var work []lua.LValue
	push := func(v lua.LValue) {
		switch x := v.(type) {
		case *lua.LTable:
			if _, ok := s.index[x]; !ok {
				s.index[x] = len(s.tables)
				s.tables = append(s.tables, tableState{t: x})
				work = append(work, v)
			}
		case *lua.LFunction:
			if !fns[x] {
				fns[x] = true
				work = append(work, v)
			}
		case *lua.LUserData, *lua.LState:
			if !seen[v] {
				seen[v] = true
				work = append(work, v)
			}
		}
	}
	board := func(b *bt.Blackboard) {
		if b == nil || seen[b] {
			return
		}
		seen[b] = true
		bs := boardState{b: b, vars: map[string]any{}}
		for _, name := range b.Names() {
			v, _ := b.Get(name)
			bs.vars[name] = v
			if lv, ok := v.(lua.LValue); ok {
				push(lv)
			}
		}
		s.boards = append(s.boards, bs)
	}
	var task func(t bt.Task)
	task = func(t bt.Task) {
		if seen[t] {
			return
		}
		seen[t] = true
		if lt, ok := t.(*btlib.Task); ok {
			push(lt.Self)
			t = lt.Impl
		}
		if tr := t.Base().Tree(); tr != nil {
			board(tr.Blackboard)
		}
		if p, ok := t.(bt.ParentTask); ok {
			for _, c := range p.Children() {
				task(c)
			}
		}
	}

	push(L.G.Global)
	push(L.G.Registry)
	push(L.Env)
	push(lib.Module)
	for _, v := range extra {
		push(v)
	}
	board(lib.Globals)
	for _, sample := range []lua.LValue{lua.LNil, lua.LFalse, lua.LNumber(0), lua.LString(""),
		L.NewFunction(func(*lua.LState) int { return 0 }), lua.LChannel(nil), L} {
		mt := L.GetMetatable(sample)
		s.builtin = append(s.builtin, builtinState{sample: sample, mt: mt})
		push(mt)
	}

	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		switch x := v.(type) {
		case *lua.LTable:
			lo := len(s.kv)
			x.ForEach(func(k, v lua.LValue) {
				s.kv = append(s.kv, k, v)
				push(k)
				push(v)
			})
			ts := &s.tables[s.index[x]]
			ts.mt, ts.lo, ts.hi = x.Metatable, lo, len(s.kv)
			push(x.Metatable)
			if ud := luaclass.Bound(x); ud != nil {
				ts.bound = ud
				push(ud)
			}
		case *lua.LFunction:
			if !x.IsG {
				s.funcs = append(s.funcs, funcState{fn: x, env: x.Env})
				push(x.Env)
			}
			for _, uv := range x.Upvalues {
				if uv == nil || seen[uv] {
					continue
				}
				seen[uv] = true
				val := uv.Value()
				s.upvals = append(s.upvals, upvalState{uv: uv, v: val})
				push(val)
			}
		case *lua.LUserData:
			s.udata = append(s.udata, udataState{ud: x, mt: x.Metatable, env: x.Env})
			push(x.Metatable)
			if x.Env != nil {
				push(x.Env)
			}
			switch n := x.Value.(type) {
			case *btlib.Task:
				task(n)
			case *btlib.Tree:
				push(n.Self)
				board(n.BT.Blackboard)
				if r := n.BT.Root(); r != nil {
					task(r)
				}
			}
		case *lua.LState:
			if x.Env != nil {
				push(x.Env)
			}
		}
	}
	*hint = Hint{tables: len(s.tables), kv: len(s.kv), fns: len(fns)}
	return s
}

// Hint sizes the next snapshot after the last one (the zero Hint sizes
// nothing).
type Hint struct{ tables, kv, fns int }

// Restore puts back everything the snapshot copied that differs now.
// Tables that did not change are left as they are (so their iteration
// order stays).
func (s *Snapshot) Restore() {
	for i := range s.tables {
		ts := &s.tables[i]
		restoreTable(ts.t, ts.mt, s.kv[ts.lo:ts.hi])
		if luaclass.Bound(ts.t) != ts.bound {
			// The run bound a table the snapshot found unbound (a
			// script's own empty task table first used by the run), or
			// bound it anew.
			if ts.bound == nil {
				luaclass.Unbind(ts.t)
			} else {
				luaclass.BindUserData(ts.t, ts.bound)
			}
		}
	}
	for _, f := range s.funcs {
		f.fn.Env = f.env
	}
	for _, u := range s.upvals {
		if u.uv.Value() != u.v {
			u.uv.SetValue(u.v)
		}
	}
	for _, u := range s.udata {
		u.ud.Metatable, u.ud.Env = u.mt, u.env
	}
	for _, b := range s.boards {
		b.restore()
	}
	for _, b := range s.builtin {
		if s.L.GetMetatable(b.sample) != b.mt {
			s.L.SetMetatable(b.sample, b.mt)
		}
	}
	s.L.Env = s.env
}

// restoreTable gives t the metatable mt and the fields kv (key, value,
// key, value...) it had, when they differ.
func restoreTable(t *lua.LTable, mt lua.LValue, kv []lua.LValue) {
	t.Metatable = mt
	n, same := 0, true
	t.ForEach(func(k, v lua.LValue) { n++ })
	if n != len(kv)/2 {
		same = false
	}
	for i := 0; same && i < len(kv); i += 2 {
		same = t.RawGet(kv[i]) == kv[i+1]
	}
	if same {
		return
	}
	keep := make(map[lua.LValue]bool, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		keep[kv[i]] = true
	}
	var extra []lua.LValue
	t.ForEach(func(k, _ lua.LValue) {
		if !keep[k] {
			extra = append(extra, k)
		}
	})
	for _, k := range extra {
		t.RawSet(k, lua.LNil)
	}
	for i := 0; i < len(kv); i += 2 {
		if t.RawGet(kv[i]) != kv[i+1] {
			t.RawSet(kv[i], kv[i+1])
		}
	}
}

// restore sets the blackboard's own variables back; the parent is
// detached meanwhile so that Set writes here, not into a parent that has
// the same name.
func (bs *boardState) restore() {
	b := bs.b
	parent := b.Parent()
	b.SetParent(nil)
	for _, name := range b.Names() {
		if _, ok := bs.vars[name]; !ok {
			b.Set(name, nil)
		}
	}
	for name, v := range bs.vars {
		b.Set(name, v)
	}
	b.SetParent(parent)
}

// before returns the fields t had when the snapshot was taken, or false
// when t was not reachable then.
func (s *Snapshot) before(t *lua.LTable) ([]lua.LValue, bool) {
	if s == nil {
		return nil, false
	}
	i, ok := s.index[t]
	if !ok {
		return nil, false
	}
	ts := s.tables[i]
	return s.kv[ts.lo:ts.hi], true
}

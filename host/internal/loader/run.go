package loader

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// Open compiles the script at path for a LoadFile or a first Spawn: a
// missing file is the file system's error (wrapping fs.ErrNotExist);
// else the script's folder is added to require's and the file is
// recorded (Files.Track, as a Script, so that a watcher sees it even when
// it does not compile), and a syntax error is a *luaerr.Error.
func (l *Loader) Open(path string) (Record, *lua.LFunction, error) {
	if _, err := l.vm.Files.Stat(path); err != nil {
		return nil, nil, err
	}
	l.vm.AddScriptFolder(path)
	rec := l.files.Track(path, Script, "")
	fn, err := l.vm.LoadFile(path)
	if err != nil {
		return nil, nil, luaerr.From(err, "")
	}
	return rec, fn, nil
}

// Run runs the script rec at path (compiled as fn) for a LoadFile or the
// first Spawn, and returns its return values and a function that commits
// the run, to call once the caller has accepted the values. The first run
// of a script is a plain run that records the classes it defines; a
// script that ran before (ranBefore, which the host knows from its loads)
// is staged like a reload (see reload.Stage), so that its classes stay
// one set of tables: a class it assigns again is merged into the existing
// one in place when the run is committed, and dropped with the run
// otherwise. Errors name the file and line.
func (l *Loader) Run(path string, rec Record, fn *lua.LFunction, ranBefore bool) ([]lua.LValue, func(), error) {
	L := l.vm.L
	if ranBefore {
		st, err := reload.Stage(L, fn.Proto, nil)
		if err != nil {
			return nil, nil, InFile(luaerr.From(luaerr.Stringify(L, err), ""), path)
		}
		return st.Rets, func() { st.Commit(L, l.vm.Lib); l.RecordDefined(rec, st) }, nil
	}
	top := L.GetTop()
	L.Push(L.NewFunction(func(L *lua.LState) int { luaerr.WordLikePUC(L); return l.RunRecording(rec, fn) }))
	if err := L.PCall(0, lua.MultRet, nil); err != nil {
		return nil, nil, InFile(luaerr.From(luaerr.Stringify(L, err), ""), path)
	}
	var rets []lua.LValue
	for i := top + 1; i <= L.GetTop(); i++ {
		rets = append(rets, L.Get(i))
	}
	L.SetTop(top)
	return rets, func() {}, nil
}

// CallFactory calls the factory function of the script rec at path with
// args (as a Lua value, see vm.LuaValue) and returns the one tree it
// returned, checked as TreesOf checks a script's (a tree that an agent of
// another script ticks is refused; whether the tree is another agent's of
// rec's is the caller's to judge). Errors name the file and line: the
// factory's own, or, for what it returned, the line where the factory is
// defined (AtFactory).
func (l *Loader) CallFactory(path string, rec Record, factory *lua.LFunction, args any) (*btlib.Tree, error) {
	L := l.vm.L
	top := L.GetTop()
	L.Push(factory)
	L.Push(vm.LuaValue(L, args))
	if err := luaerr.PCall(L, 1, lua.MultRet); err != nil {
		return nil, InFile(luaerr.From(luaerr.Stringify(L, err), ""), path)
	}
	rets := make([]lua.LValue, 0, L.GetTop()-top)
	for i := top + 1; i <= L.GetTop(); i++ {
		rets = append(rets, L.Get(i))
	}
	L.SetTop(top)
	trees, _, err := l.TreesOf(path, rets, rec, "factory return value")
	if err != nil {
		return nil, AtFactory(err, factory)
	}
	if len(trees) != 1 {
		return nil, AtFactory(&luaerr.Error{File: path, Msg: fmt.Sprintf(
			"Spawn: the factory returned %d behavior trees; an agent ticks one (return a tree or a task)", len(trees))}, factory)
	}
	return trees[0], nil
}

// RunRecording calls fn with args (unprotected; errors propagate) and
// records in rec the global tables the run defined (names that were not
// tables before and that no nested require or dofile claimed), which is
// how a reload later knows the classes a file defines. It returns the
// number of results left on the stack.
func (l *Loader) RunRecording(rec Record, fn *lua.LFunction, args ...lua.LValue) int {
	L := l.vm.L
	before := globalTables(L)
	top := L.GetTop()
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	L.Call(len(args), lua.MultRet)
	for name := range globalTables(L) {
		if !before[name] && l.files.Definer(name) == nil {
			rec.Define(name)
		}
	}
	return L.GetTop() - top
}

// RecordDefined records the global tables the staged run st assigned as
// defined by rec, unless another file defined them.
func (l *Loader) RecordDefined(rec Record, st *reload.Staged) {
	G := l.vm.L.G.Global
	for _, n := range st.Names {
		if _, ok := G.RawGetString(n).(*lua.LTable); ok {
			if d := l.files.Definer(n); d == nil || d == rec {
				rec.Define(n)
			}
		}
	}
}

// globalTables returns the set of global names bound to tables.
func globalTables(L *lua.LState) map[string]bool {
	out := map[string]bool{}
	L.G.Global.ForEach(func(k, v lua.LValue) {
		if s, ok := k.(lua.LString); ok {
			if _, isTable := v.(*lua.LTable); isTable {
				out[string(s)] = true
			}
		}
	})
	return out
}

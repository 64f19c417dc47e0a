package loader

import (
	"strings"

	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// File is a loaded file as a reload of it names it: its record, its path
// as given (for messages), how it was loaded, and its require name (for a
// Module).
type File struct {
	Rec    Record
	Path   string
	Kind   Kind
	Module string
}

// Compile compiles a reload's text data of the file at path (through the
// VM's compiled-chunk cache); a syntax error is a *luaerr.Error naming
// the file and line.
func (l *Loader) Compile(path string, data []byte) (*lua.FunctionProto, error) {
	fn, err := l.vm.Compile(path, data)
	if err != nil {
		return nil, InFile(luaerr.From(luaerr.Stringify(l.vm.L, err), ""), path)
	}
	return fn.Proto, nil
}

// Rerun is a reload's run of the file f, compiled as proto: staged (see
// reload.Stage; snap is the reload's snapshot), refused when a task class
// of before (the classes f defined before the reload) vanished, its
// return values checked as f's kind wants them (a Script's trees, fresh,
// or, for a spawned script, the factory it returns), then committed:
// merged into the live globals, recorded as defined by f, a Module's value
// put in package.loaded. rep gets the classes merged, globals added,
// methods changed and the module replaced. Errors name the file and line;
// they may leave live state changed (the caller restores snap).
func (l *Loader) Rerun(f File, spawned bool, proto *lua.FunctionProto, before reload.Classes, snap *reload.Snapshot, rep *reload.Report) (fresh []*btlib.Tree, factory *lua.LFunction, err error) {
	L := l.vm.L
	st, err := reload.Stage(L, proto, snap)
	if err != nil {
		return nil, nil, InFile(luaerr.From(luaerr.Stringify(L, err), ""), f.Path)
	}
	if why := st.Vanished(l.vm.Lib, before, f.Module); len(why) > 0 {
		return nil, nil, &luaerr.Error{File: f.Path, Msg: strings.Join(why, "; ") +
			"; running tasks may use it, so nothing is reloaded (restart to remove a class)"}
	}
	switch {
	case f.Kind == Script && spawned:
		if factory, err = FactoryOf(f.Path, st.Rets); err != nil {
			return nil, nil, err
		}
	case f.Kind == Script:
		if fresh, _, err = l.TreesOf(f.Path, st.Rets, f.Rec, "return value"); err != nil {
			return nil, nil, err
		}
	}
	st.Commit(L, l.vm.Lib)
	l.RecordDefined(f.Rec, st)
	if f.Kind == Module {
		if r := st.CommitModule(L, f.Module); r != "" {
			rep.Replaced = append(rep.Replaced, r)
		}
	}
	rep.Classes, rep.Added, rep.Changed = st.Merged, st.Added, st.Changed
	return fresh, factory, nil
}

// RunAgain is a further staged run of the reloaded Script f (compiled as
// proto; snap is the reload's snapshot), for another load of it that
// needs trees of its own (see reload.PlanLoads): its trees, checked as
// Rerun checks them, and its globals committed.
func (l *Loader) RunAgain(f File, proto *lua.FunctionProto, snap *reload.Snapshot) ([]*btlib.Tree, error) {
	L := l.vm.L
	st, err := reload.Stage(L, proto, snap)
	if err != nil {
		return nil, InFile(luaerr.From(luaerr.Stringify(L, err), ""), f.Path)
	}
	fresh, _, err := l.TreesOf(f.Path, st.Rets, f.Rec, "return value")
	if err != nil {
		return nil, err
	}
	st.Commit(L, l.vm.Lib)
	return fresh, nil
}

package loader

import (
	"fmt"
	"path/filepath"

	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// loadReference is the VM's btlib.ReferenceLoader: it finds the file of
// a BTBehaviorTreeReference as require does, relative to the folder of
// the script that makes the reference (from), in the VM's Files, inside
// the sandbox's script roots, and records it (as a Reference) for hot
// reload. While a reload of the file is under way (Files.Reloading), the
// subtrees are built from the text it reloads (the file may be changing
// again).
func (l *Loader) loadReference(L *lua.LState, from, path string) (string, *lua.LFunction, error) {
	files := l.vm.Files
	file := path
	if from != "" && !filepath.IsAbs(path) {
		file = files.Join(files.Dir(from), path)
	}
	if !l.vm.Sandbox.Inside(file) {
		return "", nil, fmt.Errorf("%s is outside the script folders (btlua sandbox)", file)
	}
	var fn *lua.LFunction
	if proto := l.files.Reloading(files.Key(file)); proto != nil {
		fn = L.NewFunctionFromProto(proto)
	} else {
		if _, err := files.Stat(file); err != nil {
			return "", nil, fmt.Errorf("no file %s", file)
		}
		var err error
		if fn, err = l.vm.LoadFile(file); err != nil {
			return "", nil, err
		}
	}
	rec := l.files.Track(file, Reference, "")
	return file, L.NewFunction(func(L *lua.LState) int {
		if rec.FirstRun() {
			return l.RunRecording(rec, fn)
		}
		// A later run (one instance per reference) is staged like a
		// script's second LoadFile, so the classes it defines stay one set
		// of tables, which a reload updates for every instance.
		st, err := reload.Stage(l.vm.L, fn.Proto, nil)
		if err != nil {
			L.RaiseError("%s", luaerr.From(luaerr.Stringify(L, err), "").Error())
		}
		st.Commit(l.vm.L, l.vm.Lib)
		l.RecordDefined(rec, st)
		for _, v := range st.Rets {
			L.Push(v)
		}
		return len(st.Rets)
	}), nil
}

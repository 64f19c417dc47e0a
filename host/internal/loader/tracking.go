package loader

import (
	lua "github.com/yuin/gopher-lua"
	"strings"
)

// installTracking makes require and dofile record the files they load: a
// Lua-file searcher ahead of gopher-lua's own in package.loaders, and a
// dofile that records its path. Both read the VM's Files (an fs.FS when
// the host has one; see vm.VM.FindModule).
func (l *Loader) installTracking() {
	L := l.vm.L
	// Ours replaces gopher-lua's Lua-file searcher (the second one), so a
	// module that is not found is reported once.
	if loaders, ok := L.GetField(L.Get(lua.RegistryIndex), "_LOADERS").(*lua.LTable); ok {
		loaders.RawSetInt(2, L.NewFunction(l.luaSearcher))
	}
	L.SetGlobal("dofile", L.NewFunction(func(L *lua.LState) int {
		path := L.CheckString(1)
		fn, err := l.vm.LoadFile(path)
		if err != nil {
			L.RaiseError("dofile: %v", err)
		}
		return l.RunRecording(l.files.Track(path, Dofile, ""), fn)
	}))
}

// luaSearcher finds a module on package.path as Lua's own searcher does,
// records the file, and returns its compiled chunk.
func (l *Loader) luaSearcher(L *lua.LState) int {
	name := L.CheckString(1)
	path, fn, msg := l.vm.FindModule(L, name)
	if fn == nil {
		// gopher-lua's require joins the searchers' messages with "\n\t"
		// (PUC Lua's searchers begin theirs with it): without the trim the
		// message has a blank line after package.preload's.
		L.Push(lua.LString(strings.TrimPrefix(msg, "\n\t")))
		return 1
	}
	rec := l.files.Track(path, Module, name)
	L.Push(L.NewFunction(func(L *lua.LState) int {
		args := make([]lua.LValue, L.GetTop())
		for i := range args {
			args[i] = L.Get(i + 1)
		}
		defer l.running(name, path)()
		return l.RunRecording(rec, fn, args...)
	}))
	return 1
}

package host

import (
	lua "github.com/yuin/gopher-lua"
)

// sourceKind tells how a Lua file came to be loaded, which decides how a
// reload treats it.
type sourceKind int

const (
	// scriptSource: a file given to LoadFile; its return values are trees.
	scriptSource sourceKind = iota
	// moduleSource: a file loaded by require; its return value is the
	// module table kept in package.loaded.
	moduleSource
	// dofileSource: a file run by dofile; only its globals matter.
	dofileSource
)

// source is a Lua file the host has loaded and may reload.
type source struct {
	path   string // as given (for messages)
	abs    string // absolute, clean (for matching watch events)
	kind   sourceKind
	module string // require name, for moduleSource
	// defined lists the global tables the file defined (its classes).
	defined []string
	// ran is set once a tree reference ran the file (referenceSource):
	// its later runs are staged (see loadReference).
	ran bool
	// reloading is the compiled text a reload of the file is applying
	// (referenceSource), which the reference rebuilds run instead of
	// reading the file again; nil otherwise.
	reloading *lua.FunctionProto
}

// track records a loaded file, once.
func (h *state) track(path string, kind sourceKind, module string) *source {
	abs := h.vm.Files.Key(path)
	if s, ok := h.sources[abs]; ok {
		return s
	}
	s := &source{path: path, abs: abs, kind: kind, module: module}
	h.sources[abs] = s
	h.order = append(h.order, abs)
	if h.watcher != nil {
		h.watchFile(abs)
	}
	return s
}

// installTracking makes require and dofile record the files they load: a
// Lua-file searcher ahead of gopher-lua's own in package.loaders, and a
// dofile that records its path. Both read Options.FS when it is set (the
// VM's Files, vm.VM.FindModule).
func (h *state) installTracking() {
	L := h.vm.L
	// Ours replaces gopher-lua's Lua-file searcher (the second one), so a
	// module that is not found is reported once.
	if loaders, ok := L.GetField(L.Get(lua.RegistryIndex), "_LOADERS").(*lua.LTable); ok {
		loaders.RawSetInt(2, L.NewFunction(h.luaSearcher))
	}
	L.SetGlobal("dofile", L.NewFunction(func(L *lua.LState) int {
		path := L.CheckString(1)
		fn, err := h.vm.LoadFile(path)
		if err != nil {
			L.RaiseError("dofile: %v", err)
		}
		return h.runRecording(h.track(path, dofileSource, ""), fn)
	}))
}

// luaSearcher finds a module on package.path as Lua's own searcher does,
// records the file, and returns its compiled chunk.
func (h *state) luaSearcher(L *lua.LState) int {
	name := L.CheckString(1)
	path, fn, msg := h.vm.FindModule(L, name)
	if fn == nil {
		L.Push(lua.LString(msg))
		return 1
	}
	src := h.track(path, moduleSource, name)
	L.Push(L.NewFunction(func(L *lua.LState) int {
		args := make([]lua.LValue, L.GetTop())
		for i := range args {
			args[i] = L.Get(i + 1)
		}
		return h.runRecording(src, fn, args...)
	}))
	return 1
}

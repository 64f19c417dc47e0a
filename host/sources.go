package host

import (
	"bytes"
	"github.com/btlua/btlua/host/internal/vm"
	"strings"

	"github.com/btlua/btlua/lua/luaerr"
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
}

// track records a loaded file, once.
func (h *Host) track(path string, kind sourceKind, module string) *source {
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
// dofile that records its path. Both read Options.FS when it is set.
func (h *Host) installTracking() {
	L := h.vm.L
	// Ours replaces gopher-lua's Lua-file searcher (the second one), so a
	// module that is not found is reported once.
	if loaders, ok := L.GetField(L.Get(lua.RegistryIndex), "_LOADERS").(*lua.LTable); ok {
		loaders.RawSetInt(2, L.NewFunction(h.luaSearcher))
	}
	L.SetGlobal("dofile", L.NewFunction(func(L *lua.LState) int {
		path := L.CheckString(1)
		fn, err := h.loadFile(path)
		if err != nil {
			L.RaiseError("dofile: %v", err)
		}
		return h.runRecording(h.track(path, dofileSource, ""), fn)
	}))
	if h.vm.Files.FS != nil {
		// Lua files come from Options.FS: require looks there from its
		// root, and loadfile reads there too.
		if pkg, ok := L.GetGlobal("package").(*lua.LTable); ok {
			pkg.RawSetString("path", lua.LString(vm.FSPackagePath))
		}
		L.SetGlobal("loadfile", L.NewFunction(func(L *lua.LState) int {
			fn, err := h.loadFile(L.CheckString(1))
			if err != nil {
				L.Push(lua.LNil)
				L.Push(lua.LString(err.Error()))
				return 2
			}
			L.Push(fn)
			return 1
		}))
	}
}

// utf8BOM is the byte order mark some editors put at the start of a file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// loadFile compiles the Lua file at path (on the OS, or in Options.FS),
// skipping a UTF-8 byte order mark and a first line starting with "#" (a
// shebang), as the standard Lua loader does (the line is kept empty, so
// line numbers stay right). Errors name the file (and the line, for a
// syntax error).
func (h *Host) loadFile(path string) (*lua.LFunction, error) {
	src, err := h.vm.Files.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return h.compile(path, src)
}

// compile compiles src, the text of the Lua file at path, as loadFile
// does, into a closure in the host's state; a text compiled before (by
// this host or another shard of its sharded host) is not compiled again
// (see protos).
func (h *Host) compile(path string, src []byte) (*lua.LFunction, error) {
	src = bytes.TrimPrefix(src, utf8BOM)
	if len(src) > 0 && src[0] == '#' {
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			src = src[i:]
		} else {
			src = nil
		}
	}
	fn, err := h.vm.Protos.Function(h.vm.L, path, src)
	if err != nil {
		return nil, luaerr.AtEnd(err, src)
	}
	return fn, nil
}

// luaSearcher finds a module on package.path as Lua's own searcher does,
// records the file, and returns its compiled chunk.
func (h *Host) luaSearcher(L *lua.LState) int {
	name := L.CheckString(1)
	h.vm.Sandbox.CheckModuleName(L, name)
	path, msg := h.findModule(name)
	if path == "" {
		L.Push(lua.LString(msg))
		return 1
	}
	if !h.vm.Sandbox.Inside(path) {
		L.RaiseError("%s", vm.OutsideRoots(name, path))
	}
	fn, err := h.loadFile(path)
	if err != nil {
		L.RaiseError("%s", err.Error())
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

// findModule searches package.path for module name (in Options.FS when
// set).
func (h *Host) findModule(name string) (string, string) {
	pkg, _ := h.vm.L.GetGlobal("package").(*lua.LTable)
	if pkg == nil {
		return "", "package table missing"
	}
	file := h.vm.Files.ModuleFile(name)
	var tried []string
	for _, pattern := range strings.Split(lua.LVAsString(pkg.RawGetString("path")), ";") {
		if pattern == "" {
			continue
		}
		p := strings.ReplaceAll(pattern, "?", file)
		if msg, refused := h.vm.Sandbox.OutsideCandidate(p); refused {
			tried = append(tried, msg) // not looked at: no oracle of files outside
			continue
		}
		if _, err := h.vm.Files.Stat(p); err == nil {
			return p, ""
		}
		tried = append(tried, "\n\tno file '"+p+"'")
	}
	return "", strings.Join(tried, "")
}

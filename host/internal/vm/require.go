package vm

import (
	"bytes"
	"slices"
	"strings"

	"github.com/btlua/btlua/host/internal/vm/sandbox"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// This file holds how the state reads and compiles its Lua files, and
// how require finds a module: on package.path, in Files, inside the
// sandbox's script roots. The host records what is loaded (Options.
// Install); the VM only finds and compiles.

// utf8BOM is the byte order mark some editors put at the start of a file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// installFS points require at the root of Files' fs.FS (FSPackagePath)
// and makes loadfile read there, when the VM reads an fs.FS.
func (v *VM) installFS() {
	if v.Files.FS == nil {
		return
	}
	L := v.L
	if pkg, ok := L.GetGlobal("package").(*lua.LTable); ok {
		pkg.RawSetString("path", lua.LString(FSPackagePath))
	}
	L.SetGlobal("loadfile", L.NewFunction(func(L *lua.LState) int {
		fn, err := v.LoadFile(L.CheckString(1))
		if err != nil {
			L.Push(lua.LNil)
			L.Push(lua.LString(err.Error()))
			return 2
		}
		L.Push(fn)
		return 1
	}))
}

// LoadFile compiles the Lua file at path (in Files), skipping a UTF-8
// byte order mark and a first line starting with "#" (a shebang), as the
// standard Lua loader does (the line is kept empty, so line numbers stay
// right), into a closure in L. Errors name the file (and the line, for a
// syntax error).
func (v *VM) LoadFile(path string) (*lua.LFunction, error) {
	src, err := v.Files.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return v.Compile(path, src)
}

// Compile compiles src, the text of the Lua file at path, as LoadFile
// does; a text compiled before (by this state or another sharing its
// Protos) is not compiled again.
func (v *VM) Compile(path string, src []byte) (*lua.LFunction, error) {
	src = bytes.TrimPrefix(src, utf8BOM)
	if len(src) > 0 && src[0] == '#' {
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			src = src[i:]
		} else {
			src = nil
		}
	}
	fn, err := v.Protos.Function(v.L, path, src)
	if err != nil {
		return nil, luaerr.AtEnd(err, src)
	}
	return fn, nil
}

// AddScriptFolder points require at the folder of the script at path
// (after the folders of the search path) before Lua's defaults, and makes
// it a script root of the sandbox. Patterns already on package.path are
// not added again.
func (v *VM) AddScriptFolder(script string) {
	v.Sandbox.AddRoot(v.Files.Dir(script))
	pkg, ok := v.L.GetGlobal("package").(*lua.LTable)
	if !ok {
		return
	}
	have := strings.Split(lua.LVAsString(pkg.RawGetString("path")), ";")
	var add []string
	for _, d := range append(append([]string{}, v.searchPath...), v.Files.Dir(script)) {
		for _, p := range []string{v.Files.Join(d, "?.lua"), v.Files.Join(d, "?", "init.lua")} {
			if !slices.Contains(have, p) && !slices.Contains(add, p) {
				add = append(add, p)
			}
		}
	}
	if len(add) > 0 {
		pkg.RawSetString("path", lua.LString(strings.Join(append(add, have...), ";")))
	}
}

// FindModule is require's search for module name, called in L: it
// refuses, with a Lua error, a name or a file the sandbox keeps out, and
// raises a file's load error; it returns the module's file and its
// compiled chunk, or (when no file is found) "" and the lines of Lua's
// "module not found" message.
func (v *VM) FindModule(L *lua.LState, name string) (string, *lua.LFunction, string) {
	v.Sandbox.CheckModuleName(L, name)
	path, msg := v.searchPackagePath(name)
	if path == "" {
		return "", nil, msg
	}
	if !v.Sandbox.Inside(path) {
		L.RaiseError("%s", sandbox.OutsideRoots(name, path))
	}
	fn, err := v.LoadFile(path)
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	return path, fn, ""
}

// searchPackagePath searches package.path for module name (in Files).
func (v *VM) searchPackagePath(name string) (string, string) {
	pkg, _ := v.L.GetGlobal("package").(*lua.LTable)
	if pkg == nil {
		return "", "package table missing"
	}
	file := v.Files.ModuleFile(name)
	var tried []string
	for _, pattern := range strings.Split(lua.LVAsString(pkg.RawGetString("path")), ";") {
		if pattern == "" {
			continue
		}
		p := strings.ReplaceAll(pattern, "?", file)
		if msg, refused := v.Sandbox.OutsideCandidate(p); refused {
			tried = append(tried, msg) // not looked at: no oracle of files outside
			continue
		}
		if _, err := v.Files.Stat(p); err == nil {
			return p, ""
		}
		tried = append(tried, "\n\tno file '"+p+"'")
	}
	return "", strings.Join(tried, "")
}

package sandbox

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// The sandbox (the host's Options.Sandbox) is for scripts the embedder
// does not trust, such as mods. What stays:
//
//   - base functions without dofile, loadfile, _printregs and newproxy;
//     load and loadstring compile text only (gopher-lua has no binary
//     chunks); setmetatable takes tables only (gopher-lua would also set
//     the shared metatable of every string or number), getmetatable
//     honours __metatable as in PUC Lua 5.1; rawset refuses the library
//     tables;
//   - string, table, math and coroutine, as read-only tables;
//   - os with clock, time, date and difftime only, read-only;
//   - require, resolving module names only to files inside the script
//     roots: the folder of each script given to LoadFile or Spawn and the
//     folders of Options.SearchPath (a name with "/", "\" or ".." is
//     refused; package.path edited by a script still finds nothing
//     outside them: a candidate outside is not looked at, and its line of
//     the "module not found" message is the same whether the file exists
//     or not, see Sandbox.OutsideCandidate); with the host's Options.FS, the roots are
//     folders of the FS;
//   - print, writing to the host's Options.Stdout.
//
// Gone (using them raises "io.open is not available in the btlua
// sandbox"): io, debug, channel, os.execute, os.exit, os.remove,
// os.rename, os.getenv, os.setenv, os.tmpname, os.setlocale; and
// package.loadlib. The
// string metatable is locked: getmetatable("") returns a string saying
// so, and setmetatable cannot replace it. A library table is a proxy
// whose writes raise an error; pairs over it sees no keys: the standard
// libraries here, and the BT* classes, the bt, goap and btai modules and
// the other library globals in seal.go.

// lockedMessage is what getmetatable returns for a locked metatable.
const lockedMessage = "locked by the btlua sandbox"

// sandboxOS lists the os functions the sandbox keeps.
var sandboxOS = []string{"clock", "time", "date", "difftime"}

// Sandbox is the sandbox of one host's Lua state: whether its files are
// read from an fs.FS, and its script roots. A nil *Sandbox is no
// sandbox: its methods let everything through.
type Sandbox struct {
	onFS  bool     // the files are read from an fs.FS, not the OS
	roots []string // the script folders, absolute (clean slash paths of an FS)
}

// New returns the sandbox of a host reading its files from fsys (nil for
// the OS's file system: vm.Files.FS), with the script roots dirs
// (Options.SearchPath). The sandbox never reads fsys: in an fs.FS it
// compares clean slash paths (path.Clean, as vm.Files.Key gives them).
func New(fsys fs.FS, dirs []string) *Sandbox {
	s := &Sandbox{onFS: fsys != nil}
	for _, d := range dirs {
		s.AddRoot(d)
	}
	return s
}

// Apply restricts L as described above. It runs after the libraries are
// installed; nodeClasses are the BTAI node classes (btailib's
// NodeClasses), sealed with the library tables.
func (sb *Sandbox) Apply(L *lua.LState, nodeClasses map[string]*lua.LTable) {
	for _, name := range []string{"dofile", "loadfile", "_printregs", "newproxy"} {
		L.SetGlobal(name, unavailableFunc(L, name))
	}
	for _, name := range []string{"io", "debug", "channel"} {
		L.SetGlobal(name, unavailable(L, name))
	}
	if pkg, ok := L.GetGlobal("package").(*lua.LTable); ok {
		pkg.RawSetString("loadlib", lua.LNil)
		pkg.RawSetString("cpath", lua.LString(""))
	}
	if loaded, ok := L.GetField(L.Get(lua.RegistryIndex), "_LOADED").(*lua.LTable); ok {
		for _, name := range []string{"io", "debug", "channel"} {
			loaded.RawSetString(name, lua.LNil)
		}
	}
	os := unavailable(L, "os")
	if full, ok := L.GetGlobal("os").(*lua.LTable); ok {
		for _, name := range sandboxOS {
			os.RawSetString(name, full.RawGetString(name))
		}
	}
	L.SetGlobal("os", os)

	var seals *sealer // the library tables' proxies (seal.go), made below
	origSetmt := L.GetGlobal("setmetatable").(*lua.LFunction)
	L.SetGlobal("setmetatable", L.NewFunction(func(L *lua.LState) int {
		if t := seals.sealedTable(L.CheckTable(1)); t != nil {
			L.RaiseError("setmetatable: %s", seals.locked(t))
		}
		L.Push(origSetmt)
		L.Push(L.Get(1))
		L.Push(seals.in(L.Get(2)))
		L.Call(2, 1)
		return 1
	}))
	L.SetGlobal("getmetatable", L.NewFunction(func(L *lua.LState) int {
		v := L.CheckAny(1)
		if t := seals.sealedTable(v); t != nil {
			L.Push(seals.out(t.Metatable))
			return 1
		}
		mt := L.GetMetatable(v)
		if tbl, ok := mt.(*lua.LTable); ok {
			if p := tbl.RawGetString("__metatable"); p != lua.LNil {
				mt = p
			}
		}
		L.Push(seals.out(mt))
		return 1
	}))
	if lib, ok := L.GetMetatable(lua.LString("")).(*lua.LTable); ok {
		// gopher-lua's string metatable is the string library itself,
		// with __index = itself: ("").__index would give scripts the
		// library's own table to write. The strings get a metatable of
		// their own, whose __index is the library, and the library loses
		// its __index key.
		smt := L.NewTable()
		smt.RawSetString("__index", lib)
		smt.RawSetString("__metatable", lua.LString("the string metatable is "+lockedMessage))
		if lib.RawGetString("__index") == lib {
			lib.RawSetString("__index", lua.LNil)
		}
		L.SetMetatable(lua.LString(""), smt)
	}

	locked := map[*lua.LTable]string{}
	loaded, _ := L.GetField(L.Get(lua.RegistryIndex), "_LOADED").(*lua.LTable)
	for _, name := range []string{"string", "table", "math", "coroutine", "os"} {
		lib, ok := L.GetGlobal(name).(*lua.LTable)
		if !ok {
			continue
		}
		proxy := readOnly(L, name, lib)
		locked[proxy] = name
		L.SetGlobal(name, proxy)
		if loaded != nil && loaded.RawGetString(name) != lua.LNil {
			loaded.RawSetString(name, proxy)
		}
	}
	skip := map[*lua.LTable]bool{L.Get(lua.GlobalsIndex).(*lua.LTable): true}
	for p := range locked {
		skip[p] = true
	}
	for _, name := range []string{"package", "io", "debug", "channel"} {
		if t, ok := L.GetGlobal(name).(*lua.LTable); ok {
			skip[t] = true
		}
	}
	seals = sealLibraries(L, skip, nodeClasses)
	origRawget := L.GetGlobal("rawget").(*lua.LFunction)
	L.SetGlobal("rawget", L.NewFunction(func(L *lua.LState) int {
		L.Push(origRawget)
		L.Push(seals.in(L.CheckTable(1)))
		L.Push(L.Get(2))
		L.Call(2, 1)
		L.Replace(-1, seals.out(L.Get(-1)))
		return 1
	}))
	origRawset := L.GetGlobal("rawset").(*lua.LFunction)
	L.SetGlobal("rawset", L.NewFunction(func(L *lua.LState) int {
		if name, ok := locked[L.CheckTable(1)]; ok {
			L.RaiseError("rawset: the %s library is %s", name, lockedMessage)
		}
		if t := seals.sealedTable(L.Get(1)); t != nil {
			L.RaiseError("rawset: %s", seals.locked(t))
		}
		L.Push(origRawset)
		L.Push(L.Get(1))
		L.Push(L.Get(2))
		L.Push(L.Get(3))
		L.Call(3, 1)
		return 1
	}))
}

// readOnly returns a proxy of the library table lib: reads fall through
// to lib, writes raise an error, and its metatable is locked.
func readOnly(L *lua.LState, name string, lib *lua.LTable) *lua.LTable {
	proxy := L.NewTable()
	mt := L.NewTable()
	mt.RawSetString("__index", lib)
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("cannot set %s.%s: the %s library is %s", name, L.ToStringMeta(L.Get(2)).String(), name, lockedMessage)
		return 0
	}))
	mt.RawSetString("__metatable", lua.LString("the "+name+" library is "+lockedMessage))
	proxy.Metatable = mt
	return proxy
}

// unavailable returns a table standing for the library name, gone in the
// sandbox: reading a missing key raises "name.key is not available in the
// btlua sandbox".
func unavailable(L *lua.LState, name string) *lua.LTable {
	t := L.NewTable()
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("%s.%s is not available in the btlua sandbox", name, L.ToStringMeta(L.Get(2)).String())
		return 0
	}))
	t.Metatable = mt
	return t
}

// unavailableFunc returns a function standing for the base function name,
// gone in the sandbox: calling it raises an error saying so.
func unavailableFunc(L *lua.LState, name string) *lua.LFunction {
	return L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("%s is not available in the btlua sandbox", name)
		return 0
	})
}

// CheckModuleName refuses, in the sandbox, a module name that could
// reach outside the script roots: it raises a Lua error in L.
func (sb *Sandbox) CheckModuleName(L *lua.LState, name string) {
	if sb == nil {
		return
	}
	if strings.ContainsAny(name, `/\`) || strings.Contains(name, "..") || filepath.IsAbs(name) {
		L.RaiseError("require %q: the btlua sandbox takes module names (dotted, like ai.guard) inside the script folders only", name)
	}
}

// Inside reports whether the file name is inside one of the script roots (the
// folders of Options.SearchPath and of the scripts given to LoadFile and
// Spawn); always true without a sandbox.
func (sb *Sandbox) Inside(name string) bool {
	if sb == nil {
		return true
	}
	if sb.onFS {
		return insideFSRoots(sb.roots, path.Clean(name))
	}
	abs, err := filepath.Abs(name)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs) // a link may point outside
	}
	if err != nil {
		return false
	}
	return sb.insideRoots(abs)
}

// insideRoots reports whether abs, an absolute path with its links
// resolved ("" for none), is one of the script roots or inside one.
func (sb *Sandbox) insideRoots(abs string) bool {
	if abs == "" {
		return false
	}
	for _, root := range sb.roots {
		if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// AddRoot makes dir a script root of the sandbox (none without one).
func (sb *Sandbox) AddRoot(dir string) {
	if sb == nil {
		return
	}
	var abs string
	if sb.onFS {
		abs = path.Clean(dir) // a clean slash path of the FS
	} else {
		var err error
		abs, err = filepath.Abs(dir)
		if err == nil {
			abs, err = filepath.EvalSymlinks(abs)
		}
		if err != nil {
			return
		}
	}
	for _, r := range sb.roots {
		if r == abs {
			return
		}
	}
	sb.roots = append(sb.roots, abs)
}

// insideFSRoots is Inside for a host reading an fs.FS (Options.FS):
// name and roots are clean slash paths of the FS, which has no links and
// no ".." (so no way out of a folder but its parent).
func insideFSRoots(roots []string, name string) bool {
	for _, root := range roots {
		if root == "." || name == root || strings.HasPrefix(name, root+"/") {
			return true
		}
	}
	return false
}

// OutsideCandidate is, in the sandbox, the line of require's "not found"
// message for a package.path candidate p that is not a file inside the
// script roots, and true; false for a candidate to look at. The line
// does not depend on whether p exists (that would tell scripts which
// files exist outside): "'p' is outside the script folders" when p's
// folder is outside them (or cannot be resolved), "no file 'p'" when
// p's folder is inside them (a folder missing there counts as inside)
// and p is missing or a link leading out.
func (sb *Sandbox) OutsideCandidate(p string) (string, bool) {
	if sb == nil || sb.Inside(p) {
		return "", false
	}
	if !sb.onFS && sb.insideRoots(existingAncestor(filepath.Dir(p))) {
		return "\n\tno file '" + p + "'", true
	}
	return "\n\t'" + p + "' is outside the script folders (btlua sandbox)", true
}

// OutsideRoots is require's error for module name found in file, a file
// outside the script roots.
func OutsideRoots(name, file string) string {
	return fmt.Sprintf("require %q: %s is outside the script folders (btlua sandbox)", name, file)
}

// existingAncestor returns dir, absolute with its links resolved, when
// it exists; else its nearest folder that exists, resolved, joined with
// the rest of dir (so a missing folder inside a script root is inside
// it); "" when nothing can be resolved.
func existingAncestor(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	rest := ""
	for {
		if r, err := filepath.EvalSymlinks(abs); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return ""
		}
		rest = filepath.Join(filepath.Base(abs), rest)
		abs = parent
	}
}

package btlib

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// ReferenceLoader finds and compiles the Lua file a tree reference names:
// path as the script wrote it, from the file of the script that made the
// reference ("" when unknown). It returns the file (as errors and the
// cycle check name it) and its chunk, or an error (a missing file, a file
// outside the sandbox's roots, a syntax error with its file:line).
type ReferenceLoader func(L *lua.LState, from, path string) (file string, chunk *lua.LFunction, err error)

// SetReferenceLoader makes f find the files of BTBehaviorTreeReference
// (the host resolves them like require's: in its fs.FS, inside the
// sandbox's roots, and records them for hot reload). The default reads
// the file from the operating system, relative to the calling script's
// folder.
func (lib *Lib) SetReferenceLoader(f ReferenceLoader) { lib.refLoader = f }

// loadReference is the default ReferenceLoader.
func loadReference(L *lua.LState, from, path string) (string, *lua.LFunction, error) {
	file := path
	if from != "" && !filepath.IsAbs(path) {
		file = filepath.Join(filepath.Dir(from), path)
	}
	fn, err := L.LoadFile(file)
	return file, fn, err
}

// refKey is a reference's path and the file of the script that made it.
type refKey struct{ from, path string }

// refUse is how a reference was made, to build its tree again, and the
// subtree the library gave it (root): a reference whose child is another
// (Go code called its SetTree) no longer runs its file's tree.
type refUse struct {
	file, path, where string
	vars              lua.LValue
	root              bt.Task
	// order is the reference's index in refOrder: an entry of a
	// forgotten reference, made again before refOrder was compacted, is
	// a second entry, and only this one counts.
	order int
}

// ReferencesTo returns the references whose subtree the file file built
// and that still run it, in the order they were made.
func (lib *Lib) ReferencesTo(file string) []*bt.TreeReference {
	var out []*bt.TreeReference
	for i, r := range lib.refOrder {
		if u, ok := lib.refUses[r]; ok && u.order == i && u.file == file && r.Child() == u.root {
			out = append(out, r)
		}
	}
	return out
}

// RebuildReference builds a new instance of the tree of r's file, as the
// reference's New did (the file run again, or its factory called with the
// same variables), for a hot reload to compare or swap in.
func (lib *Lib) RebuildReference(r *bt.TreeReference) (bt.Task, error) {
	u, ok := lib.refUses[r]
	if !ok {
		return nil, fmt.Errorf("%s: not a reference of this Lua state", bt.Path(r))
	}
	root, _, err := lib.referencedTree(lib.L, u.where, u.path, u.vars)
	return root, err
}

// remember records how r was made (see RebuildReference) and the subtree
// root it is given.
func (lib *Lib) remember(r *bt.TreeReference, file, path, where string, vars lua.LValue, root bt.Task) {
	if lib.refUses == nil {
		lib.refUses = map[*bt.TreeReference]refUse{}
	}
	u, ok := lib.refUses[r]
	if !ok {
		u.order = len(lib.refOrder)
		lib.refOrder = append(lib.refOrder, r)
	}
	lib.refUses[r] = refUse{file: file, path: path, where: where, vars: vars, root: root, order: u.order}
}

// ForgetReference drops what the library keeps of the referenced file
// (its factory function), so that the next reference to it runs the file
// again: a hot reload of the file calls it.
func (lib *Lib) ForgetReference(file string) { delete(lib.refFactories, file) }

// fileOfLine returns the file of "file:line" ("" for "").
func fileOfLine(where string) string {
	if i := strings.LastIndexByte(where, ':'); i > 0 {
		return where[:i]
	}
	return where
}

// MaxReferenceDepth is the most files a chain of tree references may
// hold (the script, the file it references, the file that one references,
// ...): a deeper chain is refused at build time, naming its ends, before
// the nested loads overflow the Lua stack.
const MaxReferenceDepth = 32

// referencedTree returns a new instance of the tree the file at path
// returns: the file is run (its tree or task is the instance), or, when
// it returned a factory function before, the factory is called with vars
// (a table; an empty one for nil). where is "file:line" of the reference.
// A reference cycle is refused, naming the chain.
func (lib *Lib) referencedTree(L *lua.LState, where, path string, vars lua.LValue) (bt.Task, string, error) {
	load := lib.refLoader
	if load == nil {
		load = loadReference
	}
	from := fileOfLine(where)
	key := refKey{from, path}
	file, known := lib.refFiles[key]
	var chunk *lua.LFunction
	if !known || lib.refFactories[file] == nil {
		// Only a file whose factory is kept needs no load (most
		// references of a factory file, the cheap way to make many).
		var err error
		if file, chunk, err = load(L, from, path); err != nil {
			return nil, "", err
		}
		if lib.refFiles == nil {
			lib.refFiles = map[refKey]string{}
		}
		lib.refFiles[key] = file
	}
	if len(lib.refStack) == 0 {
		// The chain starts at the script that made the first reference.
		lib.refStack = append(lib.refStack, fileOfLine(where))
		defer func() { lib.refStack, lib.refTooDeep = lib.refStack[:0], nil }()
	}
	if i := slices.Index(lib.refStack, file); i >= 0 {
		chain := append(append([]string{}, lib.refStack[i:]...), file)
		return nil, "", fmt.Errorf("reference cycle: %s", strings.Join(chain, " -> "))
	}
	if len(lib.refStack) >= MaxReferenceDepth {
		chain := append(append([]string{}, lib.refStack[:2]...), "...")
		chain = append(append(chain, lib.refStack[len(lib.refStack)-1]), file)
		lib.refTooDeep = fmt.Errorf("references nested more than %d deep: %s", MaxReferenceDepth, strings.Join(chain, " -> "))
		return nil, "", lib.refTooDeep
	}
	lib.refStack = append(lib.refStack, file)
	defer func() { lib.refStack = lib.refStack[:len(lib.refStack)-1] }()

	f := lib.refFactories[file]
	var ret lua.LValue
	var err error
	if f == nil {
		if ret, err = call1(L, chunk); err != nil {
			if lib.refTooDeep != nil {
				// Each level names its own line once, not every level's.
				return nil, "", lib.refTooDeep
			}
			return nil, "", err
		}
		if fn, ok := ret.(*lua.LFunction); ok {
			if lib.refFactories == nil {
				lib.refFactories = map[string]*lua.LFunction{}
			}
			f = fn
			lib.refFactories[file] = f
		}
	}
	if f != nil {
		if vars == lua.LNil {
			vars = emptyVariables(L)
		}
		if ret, err = call1(L, f, vars); err != nil {
			return nil, "", err
		}
	}
	if ret == lua.LNil {
		what := "returned nothing"
		if f != nil {
			what = "'s factory returned nothing"
		}
		return nil, "", fmt.Errorf("%s %s; want a behavior tree, a task, or a factory function returning one", file, what)
	}
	root, err := lib.subtreeRoot(ret)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %v", file, err)
	}
	return root, file, nil
}

// call1 calls fn with args in L and returns its first result.
func call1(L *lua.LState, fn *lua.LFunction, args ...lua.LValue) (lua.LValue, error) {
	if err := L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, args...); err != nil {
		if ae, ok := err.(*lua.ApiError); ok && ae.Object != nil {
			// The message without the traceback: the error raised here
			// gets the outer one.
			return nil, errors.New(ae.Object.String())
		}
		return nil, err
	}
	ret := L.Get(-1)
	L.Pop(1)
	return ret, nil
}

// emptyVariables returns the empty table a factory gets for a reference
// made without variables, a new one each call. It is made in a
// luaclass.TableCell (a 112-byte object) rather than by CreateTable
// (96 bytes, the size class of the tables of the tasks that ticks read):
// garbage once the factory returned, in most scripts, it then leaves no
// hole among those tables, which would slow every agent's tick as the
// reference's own objects did (BenchmarkReferencePaired's worst-unticked
// control).
func emptyVariables(L *lua.LState) *lua.LTable {
	if t := new(luaclass.TableCell).Init(0); t != nil {
		return t
	}
	return L.CreateTable(0, 0)
}

package host

import (
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// sourceKind tells how a Lua file came to be loaded, which decides how a
// reload treats it (see loader.Kind; a dofile's file is a loader.Dofile).
type sourceKind = loader.Kind

const (
	// scriptSource: a file given to LoadFile; its return values are trees.
	scriptSource = loader.Script
	// moduleSource: a file loaded by require; its return value is the
	// module table kept in package.loaded.
	moduleSource = loader.Module
	// referenceSource: a file a BTBehaviorTreeReference runs; its return
	// value is the subtree (or a factory of it). A reload merges its
	// globals like a dofile's and then rebuilds the subtrees whose
	// structure changed (see planReferences).
	referenceSource = loader.Reference
)

// source is a Lua file the host has loaded and may reload (the state's
// loader.Record of it).
type source struct {
	path   string // as given (for messages)
	abs    string // absolute, clean (for matching watch events)
	kind   sourceKind
	module string // require name, for moduleSource
	// defined lists the global tables the file defined (its classes).
	defined []string
	// ran is set once a tree reference ran the file (referenceSource):
	// its later runs are staged (see loader.Loader).
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

// Define records that the file defines the global table name
// (loader.Record).
func (s *source) Define(name string) {
	for _, n := range s.defined {
		if n == name {
			return
		}
	}
	s.defined = append(s.defined, name)
}

// FirstRun reports whether a tree reference runs the file for the first
// time, and notes that it ran (loader.Record).
func (s *source) FirstRun() bool {
	first := !s.ran
	s.ran = true
	return first
}

// file names the source for its loader's reload runs.
func (s *source) file() loader.File {
	return loader.File{Rec: s, Path: s.path, Kind: s.kind, Module: s.module}
}

// stateFiles is the state's record of its files and its agents' trees as
// its loader reads and writes them (loader.Files, loader.Trees).
type stateFiles struct{ s *state }

// Track records a loaded file, once (see track).
func (f stateFiles) Track(path string, kind loader.Kind, module string) loader.Record {
	return f.s.track(path, kind, module)
}

// Definer returns the file that defined the global table name, or nil.
func (f stateFiles) Definer(name string) loader.Record {
	if d := f.s.definer(name); d != nil {
		return d
	}
	return nil
}

// Reloading returns the text a reload of the file keyed key is applying.
func (f stateFiles) Reloading(key string) *lua.FunctionProto {
	if src := f.s.sources[key]; src != nil {
		return src.reloading
	}
	return nil
}

// Ticker returns the script of the agent that ticks tr, leaving out the
// agents of skip's file, or "".
func (f stateFiles) Ticker(tr *btlib.Tree, skip loader.Record) string {
	if a := f.s.byTree[tr]; a != nil && (skip == nil || loader.Record(a.load.src) != skip) {
		return a.Source
	}
	return ""
}

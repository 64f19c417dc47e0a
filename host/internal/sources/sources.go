// Package sources is the record of the Lua files one Lua state has
// loaded: each file keyed by its absolute path (vm.Files.Key), in load
// order, with how it came to be loaded (loader.Kind), its require name,
// the global tables it defined and whether a tree reference ran it. A
// Source is the state's loader.Record of its file; a Set finds the file
// that defined a global table, and marks and rolls back what a failed
// reload added. It knows no agent, load or host.
package sources

import (
	"github.com/btlua/btlua/host/internal/loader"
	lua "github.com/yuin/gopher-lua"
)

// Source is a Lua file a state has loaded and may reload.
type Source struct {
	Path   string      // as given (for messages)
	Abs    string      // absolute, clean (for matching watch events)
	Kind   loader.Kind // how it came to be loaded
	Module string      // require name, for loader.Module
	// Defined lists the global tables the file defined (its classes).
	Defined []string
	// Reloading is the compiled text a reload of the file is applying
	// (loader.Reference), which the reference rebuilds run instead of
	// reading the file again; nil otherwise.
	Reloading *lua.FunctionProto
	// ran is set once a tree reference ran the file: its later runs are
	// staged (see loader.Loader).
	ran bool
}

// Define records that the file defines the global table name
// (loader.Record).
func (s *Source) Define(name string) {
	for _, n := range s.Defined {
		if n == name {
			return
		}
	}
	s.Defined = append(s.Defined, name)
}

// FirstRun reports whether a tree reference runs the file for the first
// time, and notes that it ran (loader.Record).
func (s *Source) FirstRun() bool {
	first := !s.ran
	s.ran = true
	return first
}

// File names the source for its loader's reload runs.
func (s *Source) File() loader.File {
	return loader.File{Rec: s, Path: s.Path, Kind: s.Kind, Module: s.Module}
}

// Set is the files one state loaded, by key and in load order.
type Set struct {
	byKey map[string]*Source
	order []string
}

// New returns an empty Set.
func New() *Set { return &Set{byKey: map[string]*Source{}} }

// Track records the file at path, whose key is abs, loaded as kind
// (module: its require name), once: it returns its Source, and fresh
// when this call added it.
func (s *Set) Track(path, abs string, kind loader.Kind, module string) (src *Source, fresh bool) {
	if src, ok := s.byKey[abs]; ok {
		return src, false
	}
	src = &Source{Path: path, Abs: abs, Kind: kind, Module: module}
	s.byKey[abs] = src
	s.order = append(s.order, abs)
	return src, true
}

// At returns the file whose key is abs, or nil.
func (s *Set) At(abs string) *Source { return s.byKey[abs] }

// Keys returns the files' keys in load order (the Set's own slice: read
// it, do not keep it across a Track).
func (s *Set) Keys() []string { return s.order }

// Definer returns the file that defined the global table name (a file
// required during another file's run claims its own globals first), or
// nil.
func (s *Set) Definer(name string) *Source {
	for _, abs := range s.order {
		src := s.byKey[abs]
		for _, n := range src.Defined {
			if n == name {
				return src
			}
		}
	}
	return nil
}

// Marks is the record of a Set when a reload began: a failed run that
// required a new module forgets it again (Restore).
type Marks struct {
	order   int
	defined map[*Source]int
}

// Mark records the files and what each defined.
func (s *Set) Mark() Marks {
	m := Marks{order: len(s.order), defined: make(map[*Source]int, len(s.byKey))}
	for _, src := range s.byKey {
		m.defined[src] = len(src.Defined)
	}
	return m
}

// Restore forgets the files first tracked since m and what the files
// defined since.
func (s *Set) Restore(m Marks) {
	for _, abs := range s.order[m.order:] {
		delete(s.byKey, abs)
	}
	s.order = s.order[:m.order]
	for src, n := range m.defined {
		src.Defined = src.Defined[:n]
	}
}

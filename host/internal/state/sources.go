package state

import (
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/sources"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// Source is a Lua file the state has loaded and may reload (the state's
// loader.Record of it; package host/internal/sources keeps the record).
type Source = sources.Source

// track records a loaded file, once, and watches it when the state's
// files are watched.
func (h *State) track(path string, kind loader.Kind, module string) *Source {
	abs := h.VM.Files.Key(path)
	s, fresh := h.Sources.Track(path, abs, kind, module)
	if fresh && h.Watcher != nil {
		h.WatchFile(abs)
	}
	return s
}

// stateFiles is the state's record of its files and its agents' trees as
// its loader reads and writes them (loader.Files, loader.Trees).
type stateFiles struct{ s *State }

// Track records a loaded file, once (see track).
func (f stateFiles) Track(path string, kind loader.Kind, module string) loader.Record {
	return f.s.track(path, kind, module)
}

// Definer returns the file that defined the global table name, or nil.
func (f stateFiles) Definer(name string) loader.Record {
	if d := f.s.Sources.Definer(name); d != nil {
		return d
	}
	return nil
}

// Reloading returns the text a reload of the file keyed key is applying.
func (f stateFiles) Reloading(key string) *lua.FunctionProto {
	if src := f.s.Sources.At(key); src != nil {
		return src.Reloading
	}
	return nil
}

// Ticker returns the script of the agent that ticks tr, leaving out the
// agents of skip's file, or "".
func (f stateFiles) Ticker(tr *btlib.Tree, skip loader.Record) string {
	if a := f.s.ByTree[tr]; a != nil && (skip == nil || loader.Record(a.Load.Src) != skip) {
		return a.Source
	}
	return ""
}

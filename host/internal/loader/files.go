package loader

import (
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// Files is the host's record of the Lua files a VM ran, which the loader
// keeps up to date.
type Files interface {
	// Track records the file at path, loaded as kind (module is its
	// require name, for Module), once, and returns its record.
	Track(path string, kind Kind, module string) Record
	// Definer returns the record of the file that defined the global
	// table name, nil (an untyped nil) when none did.
	Definer(name string) Record
	// Reloading returns the compiled text a reload of the file whose key
	// (vm.Files.Key) is key is applying, nil when none is.
	Reloading(key string) *lua.FunctionProto
}

// Record is one file of Files.
type Record interface {
	// Define records that the file defines the global table name (once).
	Define(name string)
	// FirstRun reports whether the file, a Reference, runs for the first
	// time, and notes that it ran.
	FirstRun() bool
}

// Trees tells the loader which trees the host's agents tick already, so
// that a tree is never ticked by two.
type Trees interface {
	// Ticker returns the script path of the agent that ticks tr, leaving
	// out the agents of skip's file (nil: none left out); "" when no
	// agent ticks it.
	Ticker(tr *btlib.Tree, skip Record) string
}

package loader

// Kind tells how a Lua file came to be loaded, which decides how a reload
// treats it.
type Kind int

const (
	// Script is a file given to LoadFile or Spawn; its return values are
	// trees, or a factory of them.
	Script Kind = iota
	// Module is a file loaded by require; its return value is the module
	// table kept in package.loaded.
	Module
	// Dofile is a file run by dofile; only its globals matter.
	Dofile
	// Reference is a file a BTBehaviorTreeReference runs; its return
	// value is the subtree (or a factory of it).
	Reference Kind = 100
)

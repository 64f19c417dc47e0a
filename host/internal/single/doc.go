// Package single is the classic host's engine (Options.Shards 0): one
// Lua state of package host/internal/state, ticked on the calling
// goroutine, whose global writes are seen at once. It owns the
// single-state side of every engine call the Runtime makes (package
// host/internal/engine): loads, spawns and the tick handed to the state,
// a reload as one stretch of script work, the watcher's files, SetGlobal,
// DoString and Close. It knows no Runtime and no facade.
package single

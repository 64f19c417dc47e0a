// Package host embeds btlua in a Go program: a Host owns one Lua state
// with the behavior-tree library installed, loads script files, ticks the
// trees they return with a delta time in seconds, and reports Lua errors
// as Go errors that name the script file, line and task path.
//
//	h, err := host.New(host.Options{})
//	if err != nil { ... }
//	defer h.Close()
//	if _, err := h.LoadFile("ai/guard.lua"); err != nil { ... }
//	for !h.Done() {
//		if err := h.Tick(1.0 / 60); err != nil { log.Print(err) }
//	}
//
// # Hot reload
//
// Reload (and Watch, which calls it for changed files) runs a file again
// as a transaction. Before the run, the host takes a snapshot of the live
// Lua state the run could reach (snapshot.go): every table reachable from
// the globals, the registry (package.loaded) and the libraries' module
// tables, with its fields and metatable; every function's environment and
// upvalues; userdata metatables; blackboard variables. The file then runs
// with a staging global table (stage.go): the globals it assigns stay
// there until commit, which merges class tables into the live ones in
// place. Writes the run makes into live tables it reads (a module written
// as M = M or {}, a call of a live closure that assigns an upvalue,
// setmetatable, package.loaded) cannot be held back like the globals, so
// when the run, the checks after it (a class that vanished) or a further
// run of a script loaded many times fail, the snapshot is restored: every
// table, upvalue and blackboard that differs is set back, and files first
// required by the failed run are forgotten. Trees are replaced only after
// everything succeeded. A snapshot is a walk over the reachable state,
// about 0.1 ms for a typical script; ticks pay nothing for it.
//
// Script print output goes to Options.Stdout; the host's own messages go
// to Options.Stderr. A Host is not safe for concurrent use: tick it from
// one goroutine.
package host

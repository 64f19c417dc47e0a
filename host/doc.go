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
// Script print output goes to Options.Stdout; the host's own messages go
// to Options.Stderr. A Host is not safe for concurrent use: tick it from
// one goroutine.
package host

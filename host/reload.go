package host

import (
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/state"
)

// Signer is implemented by tasks with more to compare across a reload than
// their class and name: constructor arguments, or a whole structure of
// their own (a BTAI root).
type Signer = reload.Signer

// Reload re-runs a file the host has loaded (a script given to LoadFile
// or Spawn, or a file loaded through require or dofile) and applies it
// between two ticks, on the ticking goroutine: classes are merged in
// place, each load's trees kept when their structure is the same and
// rebuilt otherwise. A failed reload changes nothing and returns a
// *luaerr.Error with the file and line (a syntax error, an error while
// the file runs, or a task class the file no longer defines). It runs
// under the CPU budget. After Close: an error wrapping ErrClosed. See
// docs/hot-reload.md.
func (h *Host) Reload(path string) (*ReloadReport, error) {
	return h.core().Reload(path)
}

// Watcher tells a Host which of its Lua files changed. Package host/watch
// has one built on fsnotify (watch.Start(h, debounce)); the host itself
// does not import fsnotify, so a game that does not watch files does not
// either, and a game with file watching of its own can plug it in.
type Watcher interface {
	// Add watches the file at path (absolute and clean, on the OS) from
	// now on. The host calls it for every file it has loaded when Watch is
	// called, and for every file it loads later.
	Add(path string) error
	// Changes returns what happened since the last call: the files that
	// changed, each once with the text it settled on, and the errors met
	// while watching. The host calls it on the ticking goroutine (see
	// ApplyReloads) while the watcher's own goroutines may run.
	Changes() []Change
	// Close stops watching; Host.Close calls it.
	Close() error
}

// Change is one report of a Watcher.
type Change struct {
	// Path is the changed file, as given to Watcher.Add; "" for an error
	// of the watcher itself.
	Path string
	// Text is the file's text once it settled, the text to reload.
	Text []byte
	// Err, when set, says why the file's text could not be read whole (it
	// stayed empty, or kept changing), and the reload fails with it; with
	// no Path, what went wrong while watching, which the host logs.
	Err error
}

// Watch makes the host reload, between two ticks, every Lua file it has
// loaded or loads later that w reports changed (Tick calls ApplyReloads
// first); Close closes w. A host reading an fs.FS (Options.FS) refuses.
// A second call does nothing. After Close: an error wrapping ErrClosed.
func (h *Host) Watch(w Watcher) error {
	var ew state.Watcher
	if w != nil {
		ew = watcherOf{w}
	}
	return h.core().Watch(ew)
}

// ApplyReloads reloads the files the watcher reports changed and settled
// (logging each, calling Options.OnReload) and returns how many reloads
// it tried; a Change with Err counts as a failed reload. Tick calls it
// first; call it elsewhere only on the ticking goroutine. After Close it
// does nothing and returns 0.
func (h *Host) ApplyReloads() int {
	return h.core().ApplyReloads()
}

// watcherOf is a Watcher as the engine takes it (state.Watcher).
type watcherOf struct{ w Watcher }

func (o watcherOf) Add(path string) error { return o.w.Add(path) }
func (o watcherOf) Close() error          { return o.w.Close() }

func (o watcherOf) Changes() []state.Change {
	cs := o.w.Changes()
	if len(cs) == 0 {
		return nil
	}
	out := make([]state.Change, len(cs))
	for i, c := range cs {
		out[i] = state.Change(c)
	}
	return out
}

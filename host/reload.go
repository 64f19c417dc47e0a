package host

import (
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/state"
)

// Signer is implemented by tasks with more to compare across a reload than
// their class and name: constructor arguments, or a whole structure of
// their own (a BTAI root).
type Signer = reload.Signer

// Reload re-runs a file the host has loaded (a script given to LoadFile,
// or a file loaded through require or dofile) and applies it between two
// ticks. It must be called from the ticking goroutine; Watch calls it for
// changed files at the start of Tick.
//
// The file is compiled first (a syntax error stops there) and run with a
// staging global table; only when the run succeeds are its
// globals merged: a class or module table that already exists gets the
// new methods in place and loses the methods that disappeared, so running
// tasks call the new code on their next tick; Go method caches are
// dropped (see luaclass.Merge). A module whose value is not a table (a function) is replaced
// in package.loaded.
//
// The rule for trees, for each LoadFile of the script (a script loaded
// for 1000 NPCs has 1000 loads): the n-th tree the reloaded script returns
// is compared with the n-th tree that load returned before, by structure
// (each task's class, name and constructor arguments and its children in
// order, at every depth; see signature). Same structure: the running tree
// keeps all its state (running child, timers, counters, blackboard) and
// the new tree is dropped. Different structure, or a tree stopped by an
// error: the old tree is halted (OnEnd on its running tasks), its
// blackboard variables are copied into the new tree, and the new tree runs
// in its place. A tree the script no longer returns is halted and
// removed; a tree it returns in addition starts. The script runs once;
// when several loads need new trees, it runs once more for each further
// load, so that every load gets trees of its own. A script started with
// Spawn runs once too, and its new factory is called once per agent (see
// Spawn).
//
// A file that tree references run (BTBehaviorTreeReference) gets, for
// each reference to it in the host's trees, a new instance of its tree
// built from the reloaded text and compared by structure with the subtree
// the reference runs: the same keeps the running subtree; a different one
// is swapped in (the old one ends with the cause "replaced"), and a tree
// that had completed runs again; the report lists the reference's path
// under Rebuilt.
//
// After a successful reload, the scripts of trees that an error had
// stopped are reloaded too (rebuilding those trees), so fixing a class in a
// module restarts the trees it broke.
//
// A failed reload changes nothing (the snapshot taken before the run puts
// back everything the run changed; see snapshot) and returns a
// *luaerr.Error with the file and line: a syntax error, an error while the
// file runs, or a task class the file defined before and no longer defines
// (not assigned, or assigned a value that is not a table), since running
// tasks may use it.
//
// The reload runs under the CPU budget; Reload called from a script the
// host is running is refused with a Lua error there.
// After Close it returns an error wrapping ErrClosed.
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
// loaded (and every file it loads later) that w reports changed: Tick
// calls ApplyReloads first. Close closes w. Watching needs files on the
// OS: a host reading an fs.FS (Options.FS) refuses, since an fs.FS has no
// change events (call Reload instead). A second call does nothing.
// After Close it returns an error wrapping ErrClosed.
func (h *Host) Watch(w Watcher) error {
	var ew state.Watcher
	if w != nil {
		ew = watcherOf{w}
	}
	return h.core().Watch(ew)
}

// ApplyReloads reloads the files the watcher reports changed and settled,
// logging each reload (see Options.Logger) and calling Options.OnReload,
// and returns how many reloads it tried. Tick calls it first, so reloads fall between two ticks; an
// embedder may call it at another point of its frame, on the ticking
// goroutine. A file whose text could not be read whole (see Change.Err)
// counts as a failed reload.
// After Close it does nothing and returns 0.
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

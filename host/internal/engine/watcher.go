package engine

import (
	"errors"
	"fmt"

	"github.com/btlua/btlua/lua/luaerr"
)

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
func (h *Runtime) Watch(w Watcher) error {
	if err := h.tryUse("Watch"); err != nil {
		return err
	}
	defer h.done()

	if err := h.refuseClosed("Watch"); err != nil {
		return err
	}
	if h.watcher != nil {
		return nil
	}
	if h.files.FS != nil {
		return errors.New("watch: the scripts come from an fs.FS (Options.FS), which has no change events; call Reload when a file changes")
	}
	h.watcher = w
	h.eng.watchFiles(w)
	return nil
}

// watchFile adds the file abs to the watcher, logging a failure.
func (h *state) watchFile(abs string) {
	if err := h.watcher.Add(abs); err != nil {
		h.sh.log.Error("watch: "+err.Error(), "err", err)
	}
}

// ApplyReloads reloads the files the watcher reports changed and settled,
// logging each reload (see Options.Logger) and calling Options.OnReload,
// and returns how many reloads it tried. Tick calls it first, so reloads fall between two ticks; an
// embedder may call it at another point of its frame, on the ticking
// goroutine. A file whose text could not be read whole (see Change.Err)
// counts as a failed reload.
// After Close it does nothing and returns 0.
func (h *Runtime) ApplyReloads() int {
	defer h.use("ApplyReloads").done()

	if h.refuseClosed("ApplyReloads") != nil {
		return 0
	}
	h.refuseInScript("ApplyReloads")
	if h.watcher == nil {
		return 0
	}
	n := 0
	for _, c := range h.watcher.Changes() {
		if c.Path == "" {
			if c.Err != nil {
				h.log.Error("watch: "+c.Err.Error(), "err", c.Err)
			}
			continue
		}
		src := h.sourceAt(c.Path)
		if src == nil {
			continue
		}
		n++
		var rep *ReloadReport
		var err error
		if c.Err != nil {
			err = &luaerr.Error{File: src.Path, Msg: c.Err.Error()}
		} else {
			rep, err = h.reloadWatched(src, c.Text)
		}
		if err != nil {
			h.log.Error(fmt.Sprintf("reload of %s failed, the old code keeps running: %v", src.Path, err),
				"file", src.Path, "err", err)
			h.reported(src.Path, nil, err)
			if h.onReload != nil {
				h.onReload(nil, err)
			}
			continue
		}
		h.log.Info(rep.String(), "file", rep.File, "took", rep.Took)
		h.reported(src.Path, rep, nil)
		if h.onReload != nil {
			h.onReload(rep, nil)
		}
	}
	return n
}

// reloadWatched is reloadText as one stretch of script work (under the
// CPU budget).
func (h *Runtime) reloadWatched(src *source, data []byte) (*ReloadReport, error) {
	return h.reloadText(src, data, "reloading "+src.Path)
}

package engine

import (
	"errors"
	"fmt"

	"github.com/btlua/btlua/lua/luaerr"
)

// Watcher is host.Watcher as the engine reads it (the facade adapts
// one); Change is host.Change.
type Watcher interface {
	Add(path string) error
	Changes() []Change
	Close() error
}

// Change is host.Change, field for field.
type Change struct {
	Path string
	Text []byte
	Err  error
}

// Watch is host.Host.Watch.
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

// ApplyReloads is host.Host.ApplyReloads.
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

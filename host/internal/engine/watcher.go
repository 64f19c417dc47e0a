package engine

import (
	"errors"
	"fmt"

	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/lua/luaerr"
)

// Watch is host.Host.Watch.
func (h *Runtime) Watch(w state.Watcher) error {
	if err := h.TryUse("Watch"); err != nil {
		return err
	}
	defer h.Leave()

	if err := h.RefuseClosed("Watch"); err != nil {
		return err
	}
	if h.watcher != nil {
		return nil
	}
	if h.files.FS != nil {
		return errors.New("watch: the scripts come from an fs.FS (Options.FS), which has no change events; call Reload when a file changes")
	}
	h.watcher = w
	h.eng.WatchFiles(w)
	return nil
}

// ApplyReloads is host.Host.ApplyReloads.
func (h *Runtime) ApplyReloads() int {
	defer h.use("ApplyReloads").Leave()

	if h.RefuseClosed("ApplyReloads") != nil {
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
				h.Log.Error("watch: "+c.Err.Error(), "err", c.Err)
			}
			continue
		}
		src := h.sourceAt(c.Path)
		if src == nil {
			continue
		}
		n++
		var rep *state.ReloadReport
		var err error
		if c.Err != nil {
			err = &luaerr.Error{File: src.Path, Msg: c.Err.Error()}
		} else {
			rep, err = h.reloadWatched(src, c.Text)
		}
		if err != nil {
			h.Log.Error(fmt.Sprintf("reload of %s failed, the old code keeps running: %v", src.Path, err),
				"file", src.Path, "err", err)
			h.Reported(src.Path, nil, err)
			if h.onReload != nil {
				h.onReload(nil, err)
			}
			continue
		}
		h.Log.Info(rep.String(), "file", rep.File, "took", rep.Took)
		h.Reported(src.Path, rep, nil)
		if h.onReload != nil {
			h.onReload(rep, nil)
		}
	}
	return n
}

// reloadWatched is reloadText as one stretch of script work (under the
// CPU budget).
func (h *Runtime) reloadWatched(src *state.Source, data []byte) (*state.ReloadReport, error) {
	return h.reloadText(src, data, "reloading "+src.Path)
}

package engine

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/state"
)

// Reload is host.Host.Reload.
func (h *Runtime) Reload(path string) (*state.ReloadReport, error) {
	if err := h.TryUse("Reload"); err != nil {
		return nil, err
	}
	defer h.Leave()

	if err := h.RefuseClosed("Reload"); err != nil {
		return nil, err
	}
	h.refuseInScript("Reload")
	src := h.sourceAt(h.files.Key(path))
	if src == nil {
		return nil, fmt.Errorf("reload %s: not a file this host has loaded", path)
	}
	data, err := h.files.ReadFile(src.Path)
	if err != nil {
		return nil, err
	}
	rep, err := h.reloadText(src, data, "reloading "+path)
	h.Reported(src.Path, rep, err)
	return rep, err
}

// reloadText is Reload of src with its text data (read by the caller, or
// by the watcher once the file settled).
func (h *Runtime) reloadText(src *state.Source, data []byte, what string) (*state.ReloadReport, error) {
	return h.eng.ReloadFile(src, data, what)
}

// sourceAt returns the loaded file whose key (see vm.Files.Key) is abs:
// the first state's that loaded it (on a sharded host, the first
// shard's); nil when none did.
func (h *Runtime) sourceAt(abs string) *state.Source {
	for _, s := range h.eng.States() {
		if src := s.Sources.At(abs); src != nil {
			return src
		}
	}
	return nil
}

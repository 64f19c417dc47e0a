package state

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

// WatchFile adds the file abs to the watcher, logging a failure.
func (h *State) WatchFile(abs string) {
	if err := h.Watcher.Add(abs); err != nil {
		h.Shared.Log.Error("watch: "+err.Error(), "err", err)
	}
}

// Package watch reloads a Host's Lua files when they change on disk: a
// host.Watcher built on fsnotify. It is a package of its own so that a
// program that embeds the host without watching files does not import
// fsnotify.
//
//	if err := watch.Start(h, 0); err != nil { ... }   // 0: DefaultDebounce
//	for { h.Tick(dt) }                                // reloads between ticks
package watch

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/fsnotify/fsnotify"
)

// DefaultDebounce is how long a file must stay quiet after a change before
// it is reloaded: editors save in several writes, or write a temporary file
// and rename it over the original.
const DefaultDebounce = 40 * time.Millisecond

// Watcher turns file-system events on a host's Lua files into the
// settled texts of the files to reload (a host.Watcher). Its goroutine
// collects changed paths and reads each file once it has been quiet for
// the debounce time (see settle); the host reloads them on its ticking
// goroutine (see host.Host.ApplyReloads). Folders are watched rather than
// files, so saves by rename and files deleted and created again are seen.
type Watcher struct {
	fs       *fsnotify.Watcher
	debounce time.Duration

	// pending holds the changed files still settling; only the watcher's
	// goroutine uses it.
	pending map[string]*pendingFile

	mu    sync.Mutex
	files map[string]bool         // absolute paths to report on change
	dirs  map[string]bool         // folders watched
	ready map[string]*settledFile // settled, to report at the next Changes
	errs  []error                 // fsnotify's errors, to report

	done chan struct{}
	wg   sync.WaitGroup
}

// Start watches every Lua file h has loaded (and every file it loads
// later) with a Watcher made by New(debounce), so that h reloads a file,
// between two ticks, once it has been quiet for debounce (0 means
// DefaultDebounce). Host.Close stops watching.
func Start(h *host.Host, debounce time.Duration) error {
	w, err := New(debounce)
	if err != nil {
		return err
	}
	if err := h.Watch(w); err != nil {
		w.Close()
		return err
	}
	return nil
}

// New returns a Watcher that reports a changed file once it has been
// quiet for debounce (0 means DefaultDebounce): no event for that long,
// and a modification time at least that old. A file that is empty, or
// changes while it is read, is read again after debounce (an editor that
// truncates the file and is slow to write it again on a loaded machine);
// when it is still so, it is reported with that reason as its error.
func New(debounce time.Duration) (*Watcher, error) {
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch: %w", err)
	}
	w := &Watcher{
		fs: fw, debounce: debounce,
		files: map[string]bool{}, dirs: map[string]bool{},
		pending: map[string]*pendingFile{}, ready: map[string]*settledFile{},
		done: make(chan struct{}),
	}
	w.wg.Add(1)
	go w.loop()
	return w, nil
}

// Add watches the file at abs (absolute and clean) and its folder.
func (w *Watcher) Add(abs string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.files[abs] = true
	dir := filepath.Dir(abs)
	if w.dirs[dir] {
		return nil
	}
	if err := w.fs.Add(dir); err != nil {
		return err
	}
	w.dirs[dir] = true
	return nil
}

func (w *Watcher) loop() {
	defer w.wg.Done()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-w.done:
			timer.Stop()
			return
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			name := filepath.Clean(ev.Name)
			w.mu.Lock()
			changed := w.files[name] && ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename|fsnotify.Remove) != 0
			if changed {
				delete(w.ready, name) // a text read before this change is stale
			}
			w.mu.Unlock()
			if changed {
				w.pending[name] = &pendingFile{}
				timer.Reset(w.debounce)
			}
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			w.mu.Lock()
			w.errs = append(w.errs, err)
			w.mu.Unlock()
		case <-timer.C:
			if wait := w.settle(); wait > 0 {
				timer.Reset(wait)
			}
		}
	}
}

// Changes returns the files that settled since the last call, sorted by
// path, with their texts (or why a text could not be read whole), and
// fsnotify's errors meanwhile, with the watched files that were removed
// (a *RemovedError each, in a Change without Path).
func (w *Watcher) Changes() []host.Change {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.ready) == 0 && len(w.errs) == 0 {
		return nil
	}
	out := make([]host.Change, 0, len(w.ready)+len(w.errs))
	for _, err := range w.errs {
		out = append(out, host.Change{Err: err})
	}
	w.errs = nil
	for _, f := range w.ready {
		c := host.Change{Path: f.abs, Text: f.data}
		if f.problem != "" {
			c.Text, c.Err = nil, errors.New(f.problem)
		}
		out = append(out, c)
	}
	clear(w.ready)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Close stops the goroutine and the fsnotify watcher.
func (w *Watcher) Close() error {
	close(w.done)
	err := w.fs.Close()
	w.wg.Wait()
	return err
}

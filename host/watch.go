package host

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/fsnotify/fsnotify"
)

// DefaultDebounce is how long a file must stay quiet after a change before
// it is reloaded: editors save in several writes, or write a temporary file
// and rename it over the original.
const DefaultDebounce = 40 * time.Millisecond

// watcher turns file-system events on the host's Lua files into the
// settled texts of the files to reload. Its goroutine collects changed
// paths and reads each file once it has been quiet for the debounce time
// (see settle); reloads happen on the ticking goroutine (see
// Host.ApplyReloads).
type watcher struct {
	fs       *fsnotify.Watcher
	debounce time.Duration
	errOut   func(error)

	// pending holds the changed files still settling; only the watcher's
	// goroutine uses it.
	pending map[string]*pendingFile

	mu    sync.Mutex
	files map[string]bool         // absolute paths to reload on change
	dirs  map[string]bool         // folders watched
	ready map[string]*settledFile // settled, to reload before the next tick

	done chan struct{}
	wg   sync.WaitGroup
}

// Watch starts watching every Lua file the host has loaded (and every file
// it loads later) and reloads a file, between two ticks, once it has been
// quiet for debounce (0 means DefaultDebounce): no event for that long,
// and a modification time at least that old. A file that is empty, or
// changes while it is read, is read again after debounce (an editor that
// truncates the file and is slow to write it again on a loaded machine);
// when it is still so, the reload fails with that reason. Folders are
// watched rather than files, so saves by rename and files deleted and
// created again are seen. Close stops watching.
func (h *Host) Watch(debounce time.Duration) error {
	if h.watcher != nil {
		return nil
	}
	if h.files.fsys != nil {
		return errors.New("watch: the scripts come from an fs.FS (Options.FS), which has no change events; call Reload when a file changes")
	}
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	w := &watcher{
		fs: fw, debounce: debounce,
		errOut: func(err error) { fmt.Fprintln(h.stderr, "btlua: watch:", err) },
		files:  map[string]bool{}, dirs: map[string]bool{},
		pending: map[string]*pendingFile{}, ready: map[string]*settledFile{},
		done: make(chan struct{}),
	}
	h.watcher = w
	for _, abs := range h.order {
		w.add(abs)
	}
	w.wg.Add(1)
	go w.loop()
	return nil
}

// add watches abs and its folder.
func (w *watcher) add(abs string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.files[abs] = true
	dir := filepath.Dir(abs)
	if w.dirs[dir] {
		return
	}
	if err := w.fs.Add(dir); err != nil {
		w.errOut(err)
		return
	}
	w.dirs[dir] = true
}

func (w *watcher) loop() {
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
			w.errOut(err)
		case <-timer.C:
			if wait := w.settle(); wait > 0 {
				timer.Reset(wait)
			}
		}
	}
}

// take returns the settled files, sorted by path, and forgets them.
func (w *watcher) take() []*settledFile {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.ready) == 0 {
		return nil
	}
	out := make([]*settledFile, 0, len(w.ready))
	for _, f := range w.ready {
		out = append(out, f)
	}
	clear(w.ready)
	sort.Slice(out, func(i, j int) bool { return out[i].abs < out[j].abs })
	return out
}

// close stops the goroutine and the fsnotify watcher.
func (w *watcher) close() {
	close(w.done)
	w.fs.Close()
	w.wg.Wait()
}

// ApplyReloads reloads the files the watcher found changed and settled,
// printing one line per reload on stderr, and returns how many reloads it
// tried. Tick calls it first, so reloads fall between two ticks; an
// embedder may call it at another point of its frame, on the ticking
// goroutine. The watcher has read each file once it had been quiet for
// the debounce time (see Watch); a file that could not be read whole
// (still empty, or changing, when read again) counts as a failed reload.
// A file that does not exist right now (deleted, or between the two steps
// of a save by rename) is skipped; its next creation is seen as a change.
func (h *Host) ApplyReloads() int {
	if h.watcher == nil {
		return 0
	}
	n := 0
	for _, f := range h.watcher.take() {
		src := h.sources[f.abs]
		if src == nil {
			continue
		}
		n++
		var rep *ReloadReport
		var err error
		if f.problem != "" {
			err = &luaerr.Error{File: src.path, Msg: f.problem}
		} else {
			rep, err = h.reloadText(src, f.data)
		}
		if err != nil {
			fmt.Fprintf(h.stderr, "btlua: reload of %s failed, the old code keeps running: %v\n", src.path, err)
			if h.onReload != nil {
				h.onReload(nil, err)
			}
			continue
		}
		fmt.Fprintln(h.stderr, "btlua:", rep)
		if h.onReload != nil {
			h.onReload(rep, nil)
		}
	}
	return n
}

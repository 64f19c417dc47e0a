package host

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultDebounce is how long a file must stay quiet after a change before
// it is reloaded: editors save in several writes, or write a temporary file
// and rename it over the original.
const DefaultDebounce = 40 * time.Millisecond

// watcher turns file-system events on the host's Lua files into a set of
// files to reload, debounced. Its goroutine only collects paths; reloads
// happen on the ticking goroutine (see Host.ApplyReloads).
type watcher struct {
	fs       *fsnotify.Watcher
	debounce time.Duration
	errOut   func(error)

	mu      sync.Mutex
	files   map[string]bool // absolute paths to reload on change
	dirs    map[string]bool // folders watched
	pending map[string]bool // changed, still settling
	ready   map[string]bool // settled, to reload before the next tick

	done chan struct{}
	wg   sync.WaitGroup
}

// Watch starts watching every Lua file the host has loaded (and every file
// it loads later) and reloads a file, between two ticks, once it has been
// quiet for debounce (0 means DefaultDebounce). Folders are watched rather
// than files, so saves by rename and files deleted and created again are
// seen. Close stops watching.
func (h *Host) Watch(debounce time.Duration) error {
	if h.watcher != nil {
		return nil
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
		pending: map[string]bool{}, ready: map[string]bool{},
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
			if w.files[name] && ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename|fsnotify.Remove) != 0 {
				w.pending[name] = true
				timer.Reset(w.debounce)
			}
			w.mu.Unlock()
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			w.errOut(err)
		case <-timer.C:
			w.mu.Lock()
			for p := range w.pending {
				w.ready[p] = true
			}
			clear(w.pending)
			w.mu.Unlock()
		}
	}
}

// take returns the settled paths, sorted, and forgets them.
func (w *watcher) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.ready) == 0 {
		return nil
	}
	out := make([]string, 0, len(w.ready))
	for p := range w.ready {
		out = append(out, p)
	}
	clear(w.ready)
	sort.Strings(out)
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
// goroutine. A file that does not exist right now (deleted, or between the
// two steps of a save by rename) is skipped; its next creation is seen as a
// change.
func (h *Host) ApplyReloads() int {
	h.refuseInScript("ApplyReloads")
	if h.watcher == nil {
		return 0
	}
	n := 0
	for _, abs := range h.watcher.take() {
		src := h.sources[abs]
		if src == nil {
			continue
		}
		if _, err := os.Stat(abs); err != nil {
			continue
		}
		n++
		rep, err := h.Reload(src.path)
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

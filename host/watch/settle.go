package watch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"time"
)

// RemovedError is reported (as a host.Change without Path, which the host
// logs) when a watched file has been gone for the debounce time: the code
// it loaded keeps running, and the file is reloaded when it is created
// again.
type RemovedError struct {
	Path string // the file, absolute
}

func (e *RemovedError) Error() string {
	return e.Path + " was removed; the running code stays until it comes back"
}

// pendingFile is a changed file that has not settled yet.
type pendingFile struct {
	// retried is set once the file was read and found empty or changing:
	// the next such read is reported.
	retried bool
}

// settledFile is a file the watcher read once it had settled: its text,
// or why it could not be read whole.
type settledFile struct {
	abs     string
	data    []byte
	problem string
}

// settle reads the pending files that have been quiet for the debounce
// time and moves them to ready. It returns how long to wait before the
// next try for files still settling (0 when none): a file modified less
// than debounce ago (its events may be late on a loaded machine), or one
// read empty or changing for the first time.
func (w *Watcher) settle() time.Duration {
	var wait time.Duration
	later := func(d time.Duration) {
		if wait == 0 || d < wait {
			wait = d
		}
	}
	var removed []string
	defer func() {
		slices.Sort(removed)
		w.mu.Lock()
		for _, abs := range removed {
			w.errs = append(w.errs, &RemovedError{Path: abs})
		}
		w.mu.Unlock()
	}()
	for abs, pf := range w.pending {
		data, notYet, problem, err := readSettled(abs, w.debounce, time.Now())
		switch {
		case errors.Is(err, fs.ErrNotExist):
			// Gone for the debounce time: say so once (the host logs a
			// Change without Path); its creation will be an event.
			delete(w.pending, abs)
			removed = append(removed, abs)
			continue
		case err != nil:
			problem = err.Error()
		case notYet > 0:
			later(notYet)
			continue
		}
		if problem != "" && !pf.retried {
			pf.retried = true
			later(w.debounce)
			continue
		}
		f := &settledFile{abs: abs, data: data}
		if problem != "" {
			f.problem = fmt.Sprintf("%s (read twice, %v apart)", problem, w.debounce)
		}
		delete(w.pending, abs)
		w.mu.Lock()
		w.ready[abs] = f
		w.mu.Unlock()
	}
	return wait
}

// readSettled reads the file at path if it was last modified at least
// quiet before now; otherwise it returns how much longer to wait. A
// modification time in the future (a clock skew) counts as quiet. The
// text is checked: problem says the file is empty, or changed while it
// was read (its size, modification time or identity differ before and
// after, or the text read is not as long as the file).
func readSettled(path string, quiet time.Duration, now time.Time) (data []byte, wait time.Duration, problem string, err error) {
	before, err := os.Stat(path)
	if err != nil {
		return nil, 0, "", err
	}
	if age := now.Sub(before.ModTime()); age >= 0 && age < quiet {
		return nil, quiet - age, "", nil
	}
	if data, err = os.ReadFile(path); err != nil {
		return nil, 0, "", err
	}
	after, err := os.Stat(path)
	switch {
	case err != nil, !os.SameFile(before, after), !after.ModTime().Equal(before.ModTime()),
		after.Size() != before.Size(), int64(len(data)) != after.Size():
		return data, 0, "the file changed while being read", nil
	case len(data) == 0:
		return data, 0, "the file is empty", nil
	}
	return data, 0, "", nil
}

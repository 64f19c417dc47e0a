package inspect

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/btlua/btlua/host"
)

// Recorder writes a host's event stream as a recording: JSON Lines, a
// Header line first, then one Record per event (see Record for the
// keys). A file whose name ends in ".gz" is gzip-compressed.
type Recorder struct {
	w      *bufio.Writer
	gz     *gzip.Writer
	file   *os.File
	cancel func()
	rec    Record
	buf    []byte
	err    error
	goaps  goapTracker
	tick   uint64 // of the last event
	// flushed is when the recording was last flushed to its writer;
	// every is how often a tick's end flushes it (flushEvery).
	flushed time.Time
	every   time.Duration
}

// flushEvery is how often, at most, the end of a tick flushes a
// recording to its file (and the gzip stream), so that a run killed
// before Close leaves a recording that replays up to about that long
// before the kill.
const flushEvery = 100 * time.Millisecond

// NewRecorder starts recording h's events into w with the header hd (its
// version is set; its DT must be positive, or 0 when unknown). Call it on
// the goroutine that ticks h, between ticks; Close ends the recording.
func NewRecorder(h *host.Host, w io.Writer, hd Header) (*Recorder, error) {
	if hd.DT != 0 && !validDT(hd.DT) {
		return nil, fmt.Errorf("recording: dt must be a positive number of seconds per tick, got %v", hd.DT)
	}
	r := &Recorder{w: bufio.NewWriterSize(w, 1<<16), every: flushEvery}
	hd.Record = Version
	if hd.Created == "" {
		hd.Created = time.Now().UTC().Format(time.RFC3339)
	}
	js, err := json.Marshal(hd)
	if err != nil {
		return nil, err
	}
	r.w.Write(append(js, '\n'))
	r.cancel = h.Subscribe(r.event)
	return r, nil
}

// RecordFile is NewRecorder into a new file at path, gzip-compressed when
// path ends in ".gz".
func RecordFile(h *host.Host, path string, hd Header) (*Recorder, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	var w io.Writer = f
	var gz *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		gz = gzip.NewWriter(f)
		w = gz
	}
	r, err := NewRecorder(h, w, hd)
	if err != nil {
		f.Close()
		return nil, err
	}
	r.file, r.gz = f, gz
	return r, nil
}

func (r *Recorder) event(ev *host.Event) {
	if r.err != nil {
		return
	}
	r.tick = ev.Tick
	r.goaps.event(ev)
	switch ev.Kind {
	case host.EventGoap:
		return // in the tick's "goap" records
	case host.EventTickEnd:
		r.goaps.flush(ev.Tick, r.write)
	}
	toRecord(&r.rec, ev)
	if (ev.Kind == host.EventStarted || ev.Kind == host.EventEnded) && r.rec.N < 0 {
		return // a run of a task outside the agent's last tree: no replay shows it, ReadRecording refuses it
	}
	r.write(&r.rec)
	if ev.Kind == host.EventTickEnd && r.err == nil {
		if now := time.Now(); now.Sub(r.flushed) >= r.every {
			r.flushed = now
			r.flush()
		}
	}
}

// flush writes what the buffer holds through to the file, the gzip
// stream's pending data too (a sync flush: what is written so far can be
// read back from the file before the stream is closed).
func (r *Recorder) flush() {
	if err := r.w.Flush(); err != nil {
		r.err = err
		return
	}
	if r.gz != nil {
		if err := r.gz.Flush(); err != nil {
			r.err = err
		}
	}
}

// write appends rec to the recording.
func (r *Recorder) write(rec *Record) {
	if r.err != nil {
		return
	}
	r.buf = rec.AppendJSON(r.buf[:0])
	if _, err := r.w.Write(r.buf); err != nil {
		r.err = err
	}
}

// Close stops listening, flushes and closes the recording (and its file),
// returning the first write error. Call it on the ticking goroutine;
// events of a Host.Close that comes first are recorded.
func (r *Recorder) Close() error {
	if r.cancel != nil {
		r.cancel()
		r.cancel = nil
		r.goaps.flush(r.tick, r.write) // the events of a Host.Close
	}
	err := r.err
	if e := r.w.Flush(); err == nil {
		err = e
	}
	if r.gz != nil {
		if e := r.gz.Close(); err == nil {
			err = e
		}
	}
	if r.file != nil {
		if e := r.file.Close(); err == nil {
			err = e
		}
	}
	return err
}

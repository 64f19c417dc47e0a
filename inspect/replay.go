package inspect

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// Recording is a recording read back: its header and records in order
// (kept compactly: 32 bytes for most records).
type Recording struct {
	Header Header
	steps  []step
}

// Len returns the number of records.
func (rec *Recording) Len() int { return len(rec.steps) }

// Record returns record i (0-based); the result is valid until the next
// call.
func (rec *Recording) Record(i int) Record {
	var r Record
	return *rec.steps[i].record(&r)
}

// ReadRecording reads a recording written by a Recorder (gzip-compressed
// or not: the gzip magic number tells). A recording is untrusted input:
// it fails on a header of another schema version ("unsupported
// version") or with a dt that is not a positive number of seconds, on a
// corrupt gzip stream, on a line longer than maxLine, and with the line
// of the first malformed record or the first that does not fit the
// recording so far (a *FieldError: a node out of its agent's tree, an
// agent with no tree, a status, cause or kind that does not exist...).
// The memory it takes is linear in the recording's size. A recording cut
// short (its last line incomplete, its gzip stream ending early) is
// returned with the records before the cut and a *TruncatedError.
func ReadRecording(r io.Reader) (*Recording, error) {
	return readRecording(r, maxLine)
}

// maxLine is the longest line in bytes ReadRecording reads (a tree
// record of a million tasks is about 60 MiB).
const maxLine = 256 << 20

// readRecording is ReadRecording with lines of at most limit bytes.
func readRecording(r io.Reader, limit int) (*Recording, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	gzipped := false
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gzipped = true
		zr, err := newGzipMembers(br)
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("recording: the gzip stream ends inside its header: nothing was recorded before the cut")
		}
		if err != nil {
			return nil, fmt.Errorf("recording: %w", err)
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 1<<16)
	}
	rec := &Recording{}
	var check recordChecker
	var up *upgrade
	var text []byte
	line := 0
	for {
		var err error
		text, err = readLine(br, text, limit)
		if errors.Is(err, errLineTooLong) {
			return nil, fmt.Errorf("recording: line %d is longer than %d bytes", line+1, limit)
		}
		if errors.Is(err, errDataAfterGzip) {
			return nil, fmt.Errorf("recording: %v (after line %d): not part of a recording", err, line+countLine(text))
		}
		if errors.Is(err, io.ErrUnexpectedEOF) && line > 0 {
			// The gzip stream ends early: what it cut is dropped.
			return rec, &TruncatedError{Line: line, Records: len(rec.steps), Cause: "the gzip stream ends early: " + err.Error()}
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("recording: %w", err)
		}
		if len(bytes.TrimSpace(text)) > 0 {
			line++
			if line == 1 {
				if e := readHeader(text, &rec.Header); e != nil {
					return nil, damaged(gzipped, br, e)
				}
				up = newUpgrade(rec.Header.Record)
			} else {
				var r Record
				r.reset()
				if e := json.Unmarshal(text, &r); e != nil {
					var syntax *json.SyntaxError
					if err == io.EOF && (errors.As(e, &syntax) || errors.Is(e, io.ErrUnexpectedEOF)) { // the last line, without its newline
						return rec, &TruncatedError{Line: line - 1, Records: len(rec.steps), Cause: fmt.Sprintf("line %d is cut short: %v", line, e)}
					}
					return nil, damaged(gzipped, br, fmt.Errorf("recording: line %d: %w", line, jsonError(e)))
				}
				if e := check.check(&r); e != nil {
					return nil, damaged(gzipped, br, fmt.Errorf("recording: line %d: %w", line, e))
				}
				up.record(&r)
				rec.steps = append(rec.steps, compact(&r))
			}
		}
		if err == io.EOF {
			break
		}
	}
	if line == 0 {
		return nil, errors.New("recording: empty file")
	}
	return rec, nil
}

// damaged returns err, a recording's content error, as is for a
// recording that is not gzipped; for a gzipped one it first reads the
// rest of the gzip stream from br, whose own error (a checksum that does
// not match, corrupt data) says that the file is damaged: a byte changed
// inside gzip data decompresses into text that is not a record.
func damaged(gzipped bool, br *bufio.Reader, err error) error {
	if !gzipped {
		return err
	}
	if _, e := io.Copy(io.Discard, br); e != nil && !errors.Is(e, errDataAfterGzip) {
		return fmt.Errorf("recording: the gzip data is damaged (%v): %s", e, strings.TrimPrefix(err.Error(), "recording: "))
	}
	return err
}

// countLine is 1 when text, a line read with an error, holds a record
// or header, else 0.
func countLine(text []byte) int {
	if len(bytes.TrimSpace(text)) > 0 {
		return 1
	}
	return 0
}

// errLineTooLong is readLine's error for a line over its limit.
var errLineTooLong = errors.New("line too long")

// readLine reads the next line into buf[:0] (with its newline, if any),
// at most limit bytes of it (errLineTooLong past them); io.EOF at the
// end of the input, as bufio.Reader.ReadBytes.
func readLine(br *bufio.Reader, buf []byte, limit int) ([]byte, error) {
	buf = buf[:0]
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > limit {
			return buf, errLineTooLong
		}
		buf = append(buf, chunk...)
		if err != bufio.ErrBufferFull {
			return buf, err
		}
	}
}

// ReadRecordingFile is ReadRecording of the file at path; its errors
// start with path.
func ReadRecordingFile(path string) (*Recording, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rec, err := ReadRecording(f)
	if err != nil {
		err = fmt.Errorf("%s: %w", path, err)
	}
	return rec, err
}

// Replay serves a recording with the inspector's page: the same views,
// with a timeline to move to any tick (the "seek" command).
type Replay struct {
	core
	rec         *Recording
	pos         int // records applied
	first, last uint64
	at          uint64 // the tick shown
}

// NewReplay returns a replay of rec showing its last tick.
func NewReplay(rec *Recording) *Replay {
	rp := &Replay{core: newCore(), rec: rec}
	if n := len(rec.steps); n > 0 {
		rp.first, rp.last = rec.steps[0].t, rec.steps[n-1].t
	}
	rp.seek(rp.last)
	return rp
}

// Handler returns the page and API over the replay.
func (rp *Replay) Handler() http.Handler { return newHandler(rp) }

// Seek shows the state after tick t (its records applied); safe for
// concurrent use.
func (rp *Replay) Seek(t uint64) {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	rp.seek(t)
	rp.changedLocked()
}

// Model runs fn with the model of the tick shown.
func (rp *Replay) Model(fn func(*Model)) {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	fn(rp.model)
}

func (rp *Replay) seek(t uint64) {
	if t < rp.at || rp.pos == 0 {
		rp.model, rp.pos = NewModel(), 0
	}
	steps := rp.rec.steps
	var scratch Record
	for rp.pos < len(steps) && steps[rp.pos].t <= t {
		rp.model.Apply(steps[rp.pos].record(&scratch))
		rp.pos++
	}
	rp.at = t
}

func (rp *Replay) base() *core { return &rp.core }

// watch and await do nothing: a replay's model has every agent.
func (rp *Replay) watch(id, delta int)       {}
func (rp *Replay) await(ctx context.Context) {}

func (rp *Replay) stateLocked() State {
	s := State{Mode: "replay", Tick: rp.at, Paused: true, First: rp.first, Last: rp.last, Breakpoints: []Breakpoint{}}
	s.Reload, s.ReloadTick = rp.model.reloadText()
	return s
}

func (rp *Replay) command(c Command) error {
	if c.Cmd != "seek" {
		return fmt.Errorf("a replay only seeks (got %q)", c.Cmd)
	}
	rp.Seek(min(max(c.Tick, rp.first), rp.last))
	return nil
}

package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// records is a slog.Handler keeping each record as "LEVEL message
// key=value...".
type records struct{ lines []string }

func (r *records) Enabled(context.Context, slog.Level) bool { return true }
func (r *records) Handle(_ context.Context, rec slog.Record) error {
	line := rec.Level.String() + " " + rec.Message
	rec.Attrs(func(a slog.Attr) bool {
		if a.Key == "took" {
			line += " took=T"
		} else {
			line += fmt.Sprintf(" %s=%v", a.Key, a.Value)
		}
		return true
	})
	r.lines = append(r.lines, line)
	return nil
}
func (r *records) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *records) WithGroup(string) slog.Handler      { return r }

// The host logs the reloads a watcher triggers, failed ones, the
// watcher's errors and errors of OnEnd while halting, with attributes.
func TestLogger(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "guard.lua")
	if err := os.WriteFile(path, []byte(endFails), 0o644); err != nil {
		t.Fatal(err)
	}
	rec := &records{}
	h, err := New(Options{Stdout: io.Discard, Logger: slog.New(rec)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w := &fakeWatcher{}
	if err := h.Watch(w); err != nil {
		t.Fatal(err)
	}
	w.changes = []Change{
		{Err: errors.New("too many open files")},
		{Path: path, Text: []byte(endFails + "-- a comment\n")},
	}
	h.ApplyReloads()
	w.changes = []Change{{Path: path, Text: []byte("return )")}}
	h.ApplyReloads()
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	agents[0].Halt()
	if agents[0].Running() || agents[0].Err() == nil {
		t.Errorf("after a halt whose OnEnd failed: running %v, err %v", agents[0].Running(), agents[0].Err())
	}
	want := []string{
		"ERROR watch: too many open files err=too many open files",
		"INFO reloaded P in 0s: classes Guard (no code changed); running trees kept file=P took=T",
		"ERROR reload of P failed, the old code keeps running: P:1: syntax error near ) (column 8) file=P err=P:1: syntax error near ) (column 8)",
		"WARN halting tree Guard: P:3: cannot end (task Guard) tree=Guard err=P:3: cannot end (task Guard)",
	}
	got := strings.ReplaceAll(strings.Join(rec.lines, "\n"), path, "P")
	got = tookRE.ReplaceAllString(got, " in 0s: ")
	if got != strings.Join(want, "\n") {
		t.Errorf("log:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// endFails is a task whose OnEnd raises an error.
const endFails = `Guard = BTAction:New()
function Guard:OnUpdate() return BTTaskStatus.Running end
function Guard:OnEnd() error("cannot end") end
return Guard:New()
`

// Without a Logger, the host writes nothing to stderr, also for what it
// reports.
func TestNoLoggerNoStderr(t *testing.T) {
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := os.Stderr
	os.Stderr = wr
	defer func() { os.Stderr = stderr }()
	h, err := New(Options{Stdout: io.Discard, FS: fstest.MapFS{"guard.lua": {Data: []byte(endFails)}}})
	if err != nil {
		t.Fatal(err)
	}
	agents, err := h.LoadFile("guard.lua")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	agents[0].Halt()
	h.Close()
	os.Stderr = stderr
	wr.Close()
	if out, _ := io.ReadAll(r); len(out) > 0 {
		t.Errorf("stderr: %q", out)
	}
}

// tookRE matches the duration of a reload line ("in 390µs: ").
var tookRE = regexp.MustCompile(` in [0-9.]+(ns|µs|ms|s): `)

// lineLogger returns a Logger writing each record as the line "btlua:
// MESSAGE" to w, as btlua prints the host's reports on stderr.
func lineLogger(w io.Writer) *slog.Logger { return slog.New(lineHandler{w}) }

type lineHandler struct{ w io.Writer }

func (h lineHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h lineHandler) Handle(_ context.Context, r slog.Record) error {
	_, err := fmt.Fprintf(h.w, "btlua: %s\n", r.Message)
	return err
}
func (h lineHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h lineHandler) WithGroup(string) slog.Handler      { return h }

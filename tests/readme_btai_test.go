package tests

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// logLines is a slog.Handler keeping each record's message.
type logLines struct{ lines []string }

func (l *logLines) Enabled(context.Context, slog.Level) bool { return true }
func (l *logLines) Handle(_ context.Context, r slog.Record) error {
	l.lines = append(l.lines, r.Level.String()+" "+r.Message)
	return nil
}
func (l *logLines) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logLines) WithGroup(string) slog.Handler      { return l }

// The BTAI guide's example (docs/btai.md) ends (its Terminate reaches the root through a
// Sequence) after one patrol, 1.5 s of ticks at 60 Hz, and the host finds
// nothing to warn of in it.
func TestREADMEBTAIExampleEnds(t *testing.T) {
	var code string
	for _, b := range docLuaBlocks(t) {
		if b.file == "docs/btai.md" && strings.HasPrefix(b.code, "local function TestVisibleTarget()") {
			code = b.code
		}
	}
	if code == "" {
		t.Fatal("no BTAI example (its first line: local function TestVisibleTarget()) in docs/btai.md")
	}
	path := filepath.Join(t.TempDir(), "btai.lua")
	if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	log := &logLines{}
	h, err := host.New(host.Options{Stdout: &bytes.Buffer{}, BTAIGlobals: true, Logger: slog.New(log)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ticks := 0
	for ; ticks < 600 && !h.Done(); ticks++ {
		if err := h.Tick(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	if !h.Done() || ticks != 96 || agents[0].Status().String() != "Failure" || len(log.lines) != 0 {
		t.Errorf("after %d ticks: done %v, status %v, log %q; want done after 96 ticks with Failure (Terminate) and no log",
			ticks, h.Done(), agents[0].Status(), log.lines)
	}
}

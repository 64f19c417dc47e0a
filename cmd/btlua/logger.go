package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
)

// lineHandler is the slog.Handler of the host's reports (reloads, their
// failures, watcher errors): each record is one line "btlua: MESSAGE" on
// stderr, the lines btlua prints itself. The message says everything, so
// attributes are left out; records below Info are dropped. The watcher's
// goroutine may log too: lines are written whole, one at a time.
type lineHandler struct {
	mu *sync.Mutex
	w  io.Writer
}

func newLineHandler(w io.Writer) *lineHandler { return &lineHandler{mu: &sync.Mutex{}, w: w} }

func (h *lineHandler) Enabled(_ context.Context, level slog.Level) bool {
	return level >= slog.LevelInfo
}

func (h *lineHandler) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	_, err := fmt.Fprintf(h.w, "btlua: %s\n", r.Message)
	return err
}

func (h *lineHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *lineHandler) WithGroup(string) slog.Handler      { return h }

package tests

import (
	"context"
	"fmt"
	"io"
	"log/slog"
)

// lineLogger returns a logger that writes each record as the line
// "btlua: MESSAGE" to w, as the btlua command prints the host's reports.
func lineLogger(w io.Writer) *slog.Logger { return slog.New(lineHandler{w}) }

type lineHandler struct{ w io.Writer }

func (h lineHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h lineHandler) Handle(_ context.Context, r slog.Record) error {
	_, err := fmt.Fprintf(h.w, "btlua: %s\n", r.Message)
	return err
}
func (h lineHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h lineHandler) WithGroup(string) slog.Handler      { return h }

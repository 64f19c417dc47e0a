package state

import (
	"io"
	"io/fs"
	"log/slog"
	"time"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// Options is host.Options, field for field (the facade converts one to
// the other); package host documents each.
type Options struct {
	Stdout            io.Writer
	Logger            *slog.Logger
	SearchPath        []string
	FS                fs.FS
	OnReload          func(*ReloadReport, error)
	ExecutionType     bt.ExecutionType
	MaxTaskExecutions int
	Classes           *btlib.Registry
	BTAIGlobals       bool
	Budget            time.Duration
	Sandbox           bool
	MaxStringSize     int64
	MaxChunkSize      int64
	MemoryLimit       uint64
	ErrorPolicy       ErrorPolicy
	Shards            int
	FrameBudget       time.Duration
}

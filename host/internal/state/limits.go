package state

import (
	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/host/internal/vm"
)

// This file holds the memory limits' settings: the maximum string size
// of the string functions that build a string in one Go call (Options.
// MaxStringSize; package vm, host/internal/vm, applies it to a Lua
// state). The per-host heap limit (Options.MemoryLimit) is package
// budget's (host/internal/budget): its watchdog checks the heap while
// scripts run, and heaptick.go and package host/internal/stateload apply
// its checks between them.

// DefaultMaxStringSize is the maximum string size when Options.
// MaxStringSize is 0: 64 MiB.
const DefaultMaxStringSize = 64 << 20

// DefaultMaxChunkSize is the largest chunk source loadstring and load
// compile when Options.MaxChunkSize is 0: 256 KiB.
const DefaultMaxChunkSize = vm.DefaultMaxChunkSize

// maxStringSize is the cap of Options.MaxStringSize max: the default
// for 0, none (< 0) for < 0.
func maxStringSize(max int64) int64 {
	if max == 0 {
		return DefaultMaxStringSize
	}
	return max
}

// BytesText formats a size in bytes for messages ("64 MiB", "4 GiB").
func BytesText(n float64) string { return budget.BytesText(n) }

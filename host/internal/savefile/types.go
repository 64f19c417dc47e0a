package savefile

import (
	"github.com/btlua/btlua/host/internal/savefile/format"
	"github.com/btlua/btlua/host/internal/savefile/wording"
)

// The format's types, versions and writer, declared in package format
// and named here for the host, which reads and writes saves through
// this package.
type (
	File       = format.File
	Load       = format.Load
	Agent      = format.Agent
	Policy     = format.Policy
	PolicyRule = format.PolicyRule
	Schedule   = format.Schedule
	RefVars    = format.RefVars
	Scope      = format.Scope
	Var        = format.Var
	Fields     = format.Fields
	Goap       = format.Goap
	Table      = format.Table
	Ref        = format.Ref
)

// Format, Version, DigestVersion, PlaceVersion and OldVersion are the
// format's name and versions (format.Version).
const (
	Format        = format.Format
	Version       = format.Version
	DigestVersion = format.DigestVersion
	PlaceVersion  = format.PlaceVersion
	OldVersion    = format.OldVersion
)

// Encode writes f as JSON (format.Encode).
func Encode(f *File) ([]byte, error) { return format.Encode(f) }

// Number returns f as a saved value, boxed once for the whole numbers 0
// to 1023 (format.Number).
func Number(f float64) any { return format.Number(f) }

// Quote returns s quoted for an error, cut short (wording.Quote).
func Quote(s string) string { return wording.Quote(s) }

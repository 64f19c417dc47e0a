package host

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
)

// SaveFormat and SaveVersion name the format of Snapshot and SnapshotAll
// (docs/saving.md). A save of another format or version is refused.
const (
	SaveFormat  = "btlua-save"
	SaveVersion = 1
)

// ErrBadSave is wrapped by every error about the bytes given to Restore
// or RestoreAll: not a save, truncated, corrupted, another version, or a
// save whose values do not fit together.
var ErrBadSave = errors.New("bad save")

// saveFile is the whole save: the host's clock and global variables (for
// SnapshotAll) and the agents, grouped by the LoadFile or Spawn call that
// started them.
type saveFile struct {
	Format  string     `json:"format"`
	Version int        `json:"version"`
	Ticks   uint64     `json:"ticks,omitempty"`
	Clock   float64    `json:"clock,omitempty"`
	Globals *saveScope `json:"globals,omitempty"`
	Loads   []saveLoad `json:"loads"`
}

// saveLoad is one LoadFile (Trees trees) or Spawn (Args) of Script,
// whose content had the SHA-256 Hash.
type saveLoad struct {
	Script  string      `json:"script"`
	Hash    string      `json:"sha256"`
	Spawned bool        `json:"spawned,omitempty"`
	Args    any         `json:"args,omitempty"`
	Agents  []saveAgent `json:"agents"`
}

// saveAgent is one agent: its place among its load's trees, its tree's
// structure signature, core state, variables, Lua fields and GOAP agents.
type saveAgent struct {
	Index     int           `json:"index"`
	Name      string        `json:"name"`
	Signature string        `json:"signature"`
	Status    bt.Status     `json:"status,omitempty"`
	Tree      *bt.TreeState `json:"tree"`
	Vars      []saveVar     `json:"vars,omitempty"`
	Refs      []saveRefVars `json:"refs,omitempty"`
	Fields    []saveFields  `json:"fields,omitempty"`
	Goap      []saveGoap    `json:"goap,omitempty"`
	Tables    []savedTable  `json:"tables,omitempty"`
}

// saveRefVars is the variables a tree reference (the agent's task number
// Task, in preorder) owns.
type saveRefVars struct {
	Task int       `json:"task"`
	Vars []saveVar `json:"vars"`
}

// saveScope is the global variables with their tables.
type saveScope struct {
	Vars   []saveVar    `json:"vars,omitempty"`
	Tables []savedTable `json:"tables,omitempty"`
}

// saveVar is one blackboard variable; Go is set for a Go number, boolean
// or string (set from Go), restored as that Go value.
type saveVar struct {
	Name  string `json:"name"`
	Value any    `json:"v"`
	Go    bool   `json:"go,omitempty"`
}

// saveFields is a Lua task's instance fields (KV: key, value, ...), or
// the value its class's OnSave returned (Hooked).
type saveFields struct {
	Task   int   `json:"task"`
	KV     []any `json:"kv,omitempty"`
	Hooked bool  `json:"hooked,omitempty"`
	Hook   any   `json:"hook,omitempty"`
}

// saveGoap is a GOAP agent run by task Task: its Go state and the fields
// of its provider's and actions' tables.
type saveGoap struct {
	Task     int             `json:"task"`
	State    *goap.AgentSave `json:"state"`
	Provider any             `json:"provider"`
	Actions  []any           `json:"actions"`
}

// encodeSave writes f as JSON.
func encodeSave(f *saveFile) ([]byte, error) {
	return json.Marshal(f)
}

// maxSaveSize caps the decompressed size of a save (a gzip bomb).
const maxSaveSize = 1 << 30

// decodeSave reads a save, plain or gzipped, and checks its format and
// version. Errors wrap ErrBadSave.
func decodeSave(data []byte) (*saveFile, error) {
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%w: gzip: %v", ErrBadSave, err)
		}
		plain, err := io.ReadAll(io.LimitReader(zr, maxSaveSize+1))
		if err != nil {
			return nil, fmt.Errorf("%w: gzip: %v (truncated or corrupted)", ErrBadSave, err)
		}
		if len(plain) > maxSaveSize {
			return nil, fmt.Errorf("%w: over %d bytes once decompressed", ErrBadSave, maxSaveSize)
		}
		data = plain
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	f := &saveFile{}
	err := dec.Decode(f)
	if err == nil && dec.More() {
		err = errors.New("data after the save")
	}
	if err != nil || f.Format != SaveFormat || f.Version != SaveVersion {
		// Say first what the save is, when that can be read.
		var head struct {
			Format  string `json:"format"`
			Version int    `json:"version"`
		}
		if herr := json.Unmarshal(data, &head); herr != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadSave, jsonWhere(data, herr))
		}
		if head.Format != SaveFormat {
			return nil, fmt.Errorf("%w: format %q, want %q", ErrBadSave, head.Format, SaveFormat)
		}
		if head.Version != SaveVersion {
			return nil, fmt.Errorf("%w: version %d; this btlua reads version %d", ErrBadSave, head.Version, SaveVersion)
		}
		return nil, fmt.Errorf("%w: %v", ErrBadSave, jsonWhere(data, err))
	}
	if f.Ticks > bt.MaxCount {
		return nil, fmt.Errorf("%w: the host's tick count is %d, over 2^53", ErrBadSave, f.Ticks)
	}
	if math.IsNaN(f.Clock) || math.IsInf(f.Clock, 0) || f.Clock < 0 {
		return nil, fmt.Errorf("%w: the host's clock is %v, want a finite number of seconds >= 0", ErrBadSave, f.Clock)
	}
	for i, l := range f.Loads {
		if len(l.Agents) == 0 {
			return nil, fmt.Errorf("%w: load %d (%s) holds no agents", ErrBadSave, i+1, l.Script)
		}
	}
	for i := range f.Loads {
		for j := range f.Loads[i].Agents {
			if f.Loads[i].Agents[j].Tree == nil {
				return nil, fmt.Errorf("%w: %s agent %d has no tree", ErrBadSave, f.Loads[i].Script, j)
			}
		}
	}
	return f, nil
}

// Gzip returns data gzipped: Restore and RestoreAll read a save plain or
// gzipped.
func Gzip(data []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// SaveScripts returns the script paths a save's agents come from, in
// order, each once. Errors wrap ErrBadSave.
func SaveScripts(data []byte) ([]string, error) {
	f, err := decodeSave(data)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range f.Loads {
		if !slices.Contains(out, l.Script) {
			out = append(out, l.Script)
		}
	}
	return out, nil
}

// SaveScriptHashes returns, for each script path of a save, the
// SHA-256 (hex) its content had when saved: a script whose content now
// differs is restored by structure and task paths (docs/saving.md).
// Errors wrap ErrBadSave.
func SaveScriptHashes(data []byte) (map[string]string, error) {
	f, err := decodeSave(data)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, l := range f.Loads {
		if _, ok := out[l.Script]; !ok {
			out[l.Script] = l.Hash
		}
	}
	return out, nil
}

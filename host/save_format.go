package host

import (
	"io"
	"slices"

	"github.com/btlua/btlua/host/internal/savefile"
)

// SaveFormat and SaveVersion name the format of Snapshot and SnapshotAll
// (docs/saving.md). A save of another format or version is refused.
const (
	SaveFormat  = savefile.Format
	SaveVersion = savefile.Version
)

// MaxSaveSize caps, in bytes (256 MiB), the save Restore and RestoreAll
// read, plain or once gunzipped: a bigger one is an error wrapping
// ErrBadSave. A caller reading a save from a stream reads at most
// MaxSaveSize+1 bytes of it (ReadSave).
const MaxSaveSize = savefile.MaxSize

// ReadSave reads a save from r, plain or gzipped, and returns it plain
// (gunzipped), which Restore and RestoreAll read as they read the file.
// What cannot be a save (its first byte other than JSON white space,
// once gunzipped, is not '{': /dev/zero, a gzip bomb of zeros, a wrong
// file) is refused at once, and a save over MaxSaveSize bytes after
// MaxSaveSize+1 bytes, with no more than that held: both are errors
// wrapping ErrBadSave. Errors of r are returned as they are.
func ReadSave(r io.Reader) ([]byte, error) {
	return savefile.Read(r)
}

// ErrBadSave is wrapped by every error about the bytes given to Restore
// or RestoreAll: not a save, truncated, corrupted, another version, or a
// save whose values do not fit together.
var ErrBadSave = savefile.ErrBad

// Gzip returns data gzipped: Restore and RestoreAll read a save plain or
// gzipped.
func Gzip(data []byte) []byte { return savefile.Gzip(data) }

// SaveScripts returns the script paths a save's agents come from, in
// order, each once. Errors wrap ErrBadSave.
func SaveScripts(data []byte) ([]string, error) {
	f, err := savefile.Decode(data)
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

// SaveShards returns the Options.Shards of the host a save was made on
// (0 for the classic host, and for a save of one agent or of version 1,
// which do not record it): RestoreAll on a host of as many shards puts
// every load back in the Lua state it ran in. Errors wrap ErrBadSave.
func SaveShards(data []byte) (int, error) {
	f, err := savefile.Decode(data)
	if err != nil {
		return 0, err
	}
	return f.Shards, nil
}

// SaveAgents returns the number of agents a save holds. Errors wrap
// ErrBadSave.
func SaveAgents(data []byte) (int, error) {
	f, err := savefile.Decode(data)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, l := range f.Loads {
		n += len(l.Agents)
	}
	return n, nil
}

// SaveScriptHashes returns, for each script path of a save, the
// SHA-256 (hex) its content had when saved: a script whose content now
// differs is restored by structure and task paths (docs/saving.md).
// Errors wrap ErrBadSave.
func SaveScriptHashes(data []byte) (map[string]string, error) {
	f, err := savefile.Decode(data)
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

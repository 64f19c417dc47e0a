package savefile

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/btlua/btlua/host/internal/savefile/wording"
	"math"
	"slices"
	"strings"

	"github.com/btlua/btlua/host/internal/savefile/jsonread"
	"github.com/btlua/btlua/stdlib/bt"
)

// ErrBad is wrapped by every error of Decode: not a save, truncated,
// corrupted, another version.
var ErrBad = errors.New("bad save")

// MaxSize caps the size of a save, plain or once decompressed (a gzip
// bomb), in bytes: 256 MiB, as the longest line of a recording.
const MaxSize = 256 << 20

// ErrTooBig is the error, wrapping ErrBad, of a save over MaxSize bytes.
var ErrTooBig = fmt.Errorf("%w: over %d bytes (%d MiB), the largest save btlua reads", ErrBad, MaxSize, MaxSize>>20)

// MaxClock bounds the host clock of a save, in seconds (2^40, about
// 35,000 years): past it a tick's dt no longer moves a float64 clock.
const MaxClock = 1 << 40

// Decode reads a save, plain or gzipped, and checks its format, version,
// host clock and that every load holds agents with trees. Errors wrap
// ErrBad and say what is wrong and where, in the save's terms (see
// wording.JSONWhere); a null where the save holds a number, string or boolean is
// refused too.
func Decode(data []byte) (*File, error) {
	if len(data) > MaxSize {
		return nil, ErrTooBig
	}
	if isGzip(data) {
		plain, err := gunzip(data)
		if err != nil {
			return nil, err
		}
		data = plain
	}
	f, err := decodeFast(data)
	if err == errSlow || err == nil && (f.Format != Format || !known(f.Version)) {
		f, err = decodeSlow(data)
	}
	if err == nil {
		err = check(f)
	}
	if f != nil && f.Version >= DigestVersion {
		err = checkDigest(data, f.Digest, err)
	} else if f == nil && !errors.Is(err, ErrTooBig) {
		// A save that did not decode: say first that it was edited
		// after it was written, when its digest says so.
		if v, digest, ok := headDigest(data); ok && v == DigestVersion {
			err = checkDigest(data, digest, err)
		}
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// decodeSlow decodes data with encoding/json, for the saves the fast
// decoder leaves: it words the errors.
func decodeSlow(data []byte) (*File, error) {
	data = jsonread.WholeNumbers(data)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	f := &File{}
	err := dec.Decode(f)
	if err == nil && dec.More() {
		err = errors.New("data after the save")
	}
	if err != nil || f.Format != Format || !known(f.Version) {
		// Say first what the save is, when that can be read.
		var head struct {
			Format  string `json:"format"`
			Version int    `json:"version"`
		}
		if herr := json.Unmarshal(data, &head); herr != nil {
			return nil, fmt.Errorf("%w: %v", ErrBad, wording.JSONWhere(data, herr))
		}
		if head.Format == "" && !hasKey(data, "format") {
			return nil, fmt.Errorf("%w: \"format\" is missing, want %q", ErrBad, Format)
		}
		if head.Format != Format {
			return nil, fmt.Errorf("%w: format %q, want %q", ErrBad, head.Format, Format)
		}
		if !known(head.Version) {
			return nil, fmt.Errorf("%w: version %d; this btlua reads versions %d to %d", ErrBad, head.Version, OldVersion, Version)
		}
		var b64 base64.CorruptInputError
		if strings.HasPrefix(err.Error(), "json: unknown field") || errors.As(err, &b64) {
			// encoding/json does not say where: the walk does.
			if werr := wording.NullWhere(data, "file"); werr != nil {
				return nil, fmt.Errorf("%w: %v", ErrBad, werr)
			}
		}
		return nil, fmt.Errorf("%w: %v", ErrBad, wording.JSONWhere(data, err))
	}
	if err := wording.NullWhere(data, "file"); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBad, err)
	}
	if err := wording.DupKey(data); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBad, err)
	}
	markPlaced(data, f)
	refsIn(f)
	return f, nil
}

// markPlaced sets Load.Placed for the loads of data, a save f decodes,
// that hold "state" (encoding/json does not say which).
func markPlaced(data []byte, f *File) {
	var probe struct {
		Loads []struct {
			State json.RawMessage `json:"state"`
		} `json:"loads"`
	}
	if json.Unmarshal(data, &probe) != nil {
		return
	}
	for i := range min(len(probe.Loads), len(f.Loads)) {
		f.Loads[i].Placed = probe.Loads[i].State != nil
	}
}

// hasKey reports whether data, a JSON object, has the key key at its top.
func hasKey(data []byte, key string) bool {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return true
	}
	_, ok := top[key]
	return ok
}

// known reports whether Decode reads saves of version v.
func known(v int) bool { return v >= OldVersion && v <= Version }

// MaxShards bounds a save's shard count (File.Shards).
const MaxShards = 1 << 16

// check refuses a decoded save whose host clock, shards or loads do not
// fit.
func check(f *File) error {
	if f.Shards < 0 || f.Shards > MaxShards {
		return fmt.Errorf("%w: \"shards\" is %d, want 0 (the classic host) to %d", ErrBad, f.Shards, MaxShards)
	}
	if f.Version == OldVersion && (f.Shards != 0 || slices.ContainsFunc(f.Loads, func(l Load) bool { return l.State != 0 })) {
		return fmt.Errorf("%w: a save of version %d holds no \"shards\" or \"state\" (version %d does)", ErrBad, OldVersion, PlaceVersion)
	}
	if f.Version < DigestVersion && f.Digest != "" {
		return fmt.Errorf("%w: a save of version %d holds no \"digest\" (version %d does)", ErrBad, f.Version, DigestVersion)
	}
	if f.Ticks > bt.MaxCount {
		return fmt.Errorf("%w: the host's tick count is %d, over 2^53", ErrBad, f.Ticks)
	}
	if math.IsNaN(f.Clock) || math.IsInf(f.Clock, 0) || f.Clock < 0 || f.Clock > MaxClock {
		return fmt.Errorf("%w: the host's clock is %v, want a number of seconds in [0, 2^40] (a clock past that can no longer advance by a tick)", ErrBad, f.Clock)
	}
	for i, l := range f.Loads {
		if len(l.Agents) == 0 {
			return fmt.Errorf("%w: load %d (%s) holds no agents", ErrBad, i+1, l.Script)
		}
		if f.Version >= DigestVersion && f.Shards > 0 && !l.Placed {
			return fmt.Errorf("%w: load %d (%s): \"state\" is missing: a save of version %d from a sharded host (\"shards\": %d) gives every load its Lua state", ErrBad, i+1, l.Script, DigestVersion, f.Shards)
		}
		if l.State < 0 || l.State >= max(f.Shards, 1) {
			return fmt.Errorf("%w: load %d (%s): \"state\" is %d, want a Lua state of the saving host's %d (0 to %d)", ErrBad, i+1, l.Script, l.State, max(f.Shards, 1), max(f.Shards, 1)-1)
		}
	}
	for i := range f.Loads {
		for j := range f.Loads[i].Agents {
			a := &f.Loads[i].Agents[j]
			if a.Tree == nil {
				return fmt.Errorf("%w: load %d (%s), agent %d has no tree", ErrBad, i+1, f.Loads[i].Script, j+1)
			}
			for k := range a.Fields {
				if what := fieldsFault(&a.Fields[k], f.Version); what != "" {
					return fmt.Errorf("%w: load %d (%s), agent %d, fields %d: %s", ErrBad, i+1, f.Loads[i].Script, j+1, k+1, what)
				}
			}
		}
	}
	return nil
}

// Gzip returns data gzipped (fastest level): Decode reads a save plain
// or gzipped.
func Gzip(data []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

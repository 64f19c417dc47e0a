package savefile

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
)

// richFile is a save with every field of the format set.
func richFile() *File {
	return &File{Format: Format, Version: Version, Ticks: 12, Clock: 0.1 + 0.2, BTAIRandom: [][]byte{{1, 2, 3}, {4}},
		Globals: &Scope{Vars: []Var{{Name: "g", Value: map[string]any{"t": 0.0}}}, Tables: []Table{{KV: []any{1.0, "a<b>&\u2028\x01\"\\é", "x", 1e-7, "y", 1e21, "z", -0.5}}}},
		Loads: []Load{{Script: "s.lua", Hash: "ab", Spawned: true, Args: map[string]any{"index": 3, "b": []any{true, nil}},
			Agents: []Agent{{Index: 1, Name: "n", Signature: "sig", Status: bt.Running,
				Tree: &bt.TreeState{Time: 1.5, DT: 0.25, Ticks: 7, Starts: 9, Executions: 2, Status: bt.Success, Complete: true,
					Tasks: []bt.TaskState{{Path: "R", Kind: "BTSequence", Status: 3, Flags: 7, Ticked: 5, Seq: 6, Reeval: 4, Own: []float64{1, 2.5}, Rand: []byte{1, 2, 3, 250}}, {Path: "R/a[1]", Kind: "A"}}},
				Policy: &Policy{Own: &PolicyRule{Action: 1, Delay: 2, MaxDelay: 8}, Delay: 2, SinceFail: 1.25, Err: "boom", RestartIn: 3.25},
				Vars:   []Var{{Name: "x", Value: 3.0, Go: true}, {Name: "y", Value: nil}},
				Refs:   []RefVars{{Task: 1, Vars: []Var{{Name: "speed", Value: "fast"}}}},
				Fields: []Fields{{Task: 1, KV: []any{"k", map[string]any{"num": "nan"}, "b", map[string]any{"bytes": "AAE="}}}, {Task: 0, Hooked: true, Hook: map[string]any{"task": 1.0}}},
				Goap: []Goap{{Task: 1, State: &goap.AgentSave{Stack: []string{"Idle"}, Goal: &goap.GoalSave{Name: "eat", Priority: 2}, Plan: []int{0}, Costs: []float64{1}},
					Provider: map[string]any{"t": 1.0}, Actions: []any{nil, map[string]any{"fn": "s.lua:3"}}}},
				Tables: []Table{{KV: []any{"a", 1.0, "r", Ref{Key: "t", N: 1}, "n", Number(7), "i", 3}, MT: "Class"}, {KV: []any{}, Obj: true}}}}}}}
}

// Encode writes what encoding/json writes, for every field of the
// format: a field added to the format (or to bt.TaskState, goap) and
// not to the encoder fails here.
// (encoding/json given the digest Encode computed: its last key.)
func TestEncodeIsJSON(t *testing.T) {
	for _, f := range []*File{richFile(), {Format: Format, Version: Version}, {Format: Format, Version: 2}} {
		got, err := Encode(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, digest, ok := digestBody(got); ok {
			f.Digest = digest
		}
		want, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("Encode:\n%s\nencoding/json:\n%s", got, want)
		}
	}
}

// Encode refuses a number JSON cannot hold outside a saved value, as
// encoding/json does.
func TestEncodeNaN(t *testing.T) {
	f := richFile()
	f.Loads[0].Agents[0].Tree.Tasks[0].Own[0] = math.NaN()
	if _, err := Encode(f); err == nil || err.Error() != "json: unsupported value: NaN" {
		t.Fatalf("Encode of a NaN: %v", err)
	}
}

// The fast decoder reads what Encode writes as encoding/json does, and
// hands anything else to the slow one.
func TestDecodeFastIsSlow(t *testing.T) {
	data, err := Encode(richFile())
	if err != nil {
		t.Fatal(err)
	}
	fast, err := decodeFast(data)
	if err != nil {
		t.Fatalf("fast: %v", err)
	}
	slow, err := decodeSlow(data)
	if err != nil {
		t.Fatalf("slow: %v", err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("fast %+v\nslow %+v", fast, slow)
	}
	for _, odd := range []string{
		`{"format":"btlua-save","format":"x","version":1,"loads":[]}`, // a key twice
		`{"Format":"btlua-save","version":1,"loads":[]}`,              // another case
		`{"format":"btlua-save","version":1,"loads":[],"x":1}`,        // unknown
		`{"format":"btlua-save","version":1.5,"loads":[]}`,            // not whole
		`{"format":"btlua-sav\ud800","version":1,"loads":[]}`,         // a surrogate
	} {
		if _, err := decodeFast([]byte(odd)); err != errSlow {
			t.Errorf("fast decoder of %s: %v, want errSlow", odd, err)
		}
	}
}

// A null where the save holds a number, string or boolean is refused,
// naming the place (encoding/json would read it as the zero value).
func TestDecodeNull(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{`{"format":"btlua-save","version":1,"loads":[{"script":"s.lua","sha256":"","agents":[{"index":0,"name":"n","signature":"","tree":{"time":0,"dt":0,"ticks":0,"starts":0,"tasks":[{"path":"R","kind":"K","st":null}]}}]}]}`,
			`bad save: load 1 (s.lua), agent 1, tree, task 1 (R): "st" is null, want a status number`},
		{`{"format":"btlua-save","version":1,"loads":[{"script":"s.lua","sha256":"","agents":[{"index":0,"name":"n","signature":"","tree":{"time":0,"dt":0,"ticks":0,"starts":0,"tasks":[{"path":null,"kind":"K"}]}}]}]}`,
			`bad save: load 1 (s.lua), agent 1, tree, task 1: "path" is null, want a string`},
		{`{"format":"btlua-save","version":1,"ticks":null,"loads":[]}`, `bad save: "ticks" is null, want a whole number >= 0`},
	} {
		_, err := Decode([]byte(c.data))
		if err == nil || err.Error() != c.want || !errors.Is(err, ErrBad) {
			t.Errorf("Decode of %s:\n got %v\nwant %s", c.data, err, c.want)
		}
	}
	// Spawn arguments may hold nulls.
	ok := `{"format":"btlua-save","version":1,"loads":[{"script":"s.lua","sha256":"","args":{"index":null},"agents":[{"index":0,"name":"n","signature":"","tree":{"time":0,"dt":0,"ticks":0,"starts":0,"tasks":[]}}]}]}`
	if _, err := Decode([]byte(ok)); err != nil {
		t.Fatalf("a null spawn argument: %v", err)
	}
}

// FuzzDecode: any input decodes or fails with ErrBad; what the fast
// decoder reads, encoding/json reads the same; and what decodes encodes
// and decodes again to the same save.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"format":"btlua-save","version":1,"loads":[{"script":"s.lua","agents":[{"tree":{"tasks":[{"path":"a","kind":"b","own":[1,2]}]}}]}]}`))
	f.Add(Gzip([]byte(`{"format":"btlua-save","version":1,"loads":[]}`)))
	f.Add([]byte(`{"format":"btlua-save","version":2,"shards":2,"loads":[{"script":"s.lua","sha256":"","state":1,"agents":[{"index":0,"name":"n","signature":"","tree":{"tasks":[]},"schedule":{"interval":0.25,"since":0.1,"started":true}}]}]}`))
	f.Add([]byte(`{"format":"btlua-save","version":1,"globals":{"vars":[{"name":"x","v":{"t":0}}],"tables":[{"kv":[1,2]}]},"loads":[]}`))
	if data, err := Encode(richFile()); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if fast, err := decodeFast(data); err == nil {
			slow, err := decodeSlow(data)
			if err == nil && !reflect.DeepEqual(fast, slow) {
				t.Fatalf("fast %+v\nslow %+v", fast, slow)
			}
			if err != nil && fast.Format == Format && fast.Version == Version {
				t.Fatalf("fast decoder read what the slow one refuses: %v", err)
			}
		}
		s, err := Decode(data)
		if err != nil {
			if !errors.Is(err, ErrBad) {
				t.Fatalf("error %v does not wrap ErrBad", err)
			}
			return
		}
		again, err := Encode(s)
		if err != nil {
			return // a NaN in a task's state: refused at Restore
		}
		s2, err := Decode(again)
		if err != nil {
			t.Fatalf("decoding the re-encoded save: %v", err)
		}
		// (Compared encoded: an empty list decodes, and encodes as none.)
		if again2, err := Encode(s2); err != nil || string(again2) != string(again) {
			t.Fatalf("re-decoded save encodes as %s, want %s (%v)", again2, again, err)
		}
	})
}

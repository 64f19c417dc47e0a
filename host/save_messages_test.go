package host

import (
	"bytes"
	"errors"
	"testing"
	"testing/fstest"
)

// A bad save's error names the item, key and value at fault, 1-based, in
// the save's terms, with no Go internals: a list item of the wrong type
// (not the list), a deleted "format", a status or flags out of range
// (which of the two), a value object of no known key (as JSON), bad
// base64 (which field), a gzip checksum (one "gzip:").
func TestRestoreMessagesNamePlace(t *testing.T) {
	files := fstest.MapFS{"s.lua": {Data: []byte(saveScript)}}
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	agents, err := h.LoadFile("s.lua")
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 4)
	data, err := agents[0].Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) []byte {
		t.Helper()
		if !bytes.Contains(data, []byte(from)) {
			t.Fatalf("the save has no %q: %s", from, data)
		}
		return resealed(bytes.Replace(data, []byte(from), []byte(to), 1))
	}
	gz := Gzip(data)
	gz[len(gz)-5] ^= 0xff // the CRC-32
	const task2 = `host: restoring agent BTBehaviorTree: bad save: BTRepeater/BTSequence[1]`
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"task a list", edit(`"tasks":[`, `"tasks":[[],`), `bad save: load 1 (s.lua), agent 1, tree: "tasks"[1] is a list, want an object`},
		{"table a number", edit(`"tables":[`, `"tables":[-1,`), `bad save: load 1 (s.lua), agent 1: "tables"[1] is the number -1, want an object`},
		{"load a list", edit(`"loads":[`, `"loads":[[],`), `bad save: "loads"[1] is a list, want an object`},
		{"format deleted", edit(`"format":"btlua-save",`, ``), `bad save: "format" is missing, want "btlua-save"`},
		{"status 9", edit(`"kind":"BTSequence","st":3`, `"kind":"BTSequence","st":9`),
			task2 + `: "st" is 9, want a status number 0 to 3 (Inactive, Failure, Success, Running)`},
		{"flags 9", edit(`"kind":"BTSequence","st":3,"f":3`, `"kind":"BTSequence","st":3,"f":9`),
			task2 + `: "f" is 9, want flags 0 to 7`},
		{"value object", edit(`{"task":3}`, `{"zzz":1}`),
			`unknown value object {"zzz":1}, want one of {"t": N}, {"task": N}, {"goap": N}, {"fn": "file:line"}, {"num": "nan"}, {"bytes": base64}`},
		{"value a list", edit(`{"task":3}`, `[1,2]`),
			`is a list, want nil, true or false, a number, a string or a value object such as {"t": N}`},
		{"btaiRandom", edit(`"loads":`, `"btaiRandom":["!!"],"loads":`), `bad save: "btaiRandom"[1] is "!!", want a base64 string (illegal data at byte 0)`},
		{"gzip checksum", gz, `bad save: gzip: invalid checksum (truncated or corrupted)`},
	} {
		_, err := h.Restore(c.data)
		if err == nil || !errors.Is(err, ErrBadSave) || !bytes.HasSuffix([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("%s:\n got %v\nwant ErrBadSave ending %s", c.name, err, c.want)
		}
		if n := len(h.Agents()); n != 1 {
			t.Errorf("%s: %d agents after a failed restore, want 1", c.name, n)
		}
	}
}

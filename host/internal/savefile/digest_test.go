package savefile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// A save of version 3 ends with the SHA-256 of the bytes before its
// digest; it decodes as written, gzipped too, and with a newline after.
func TestDigestWritten(t *testing.T) {
	data, err := Encode(richFile())
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.LastIndex(data, []byte(`,"digest":"`))
	sum := sha256.Sum256(data[:at])
	if want := `,"digest":"` + hex.EncodeToString(sum[:]) + `"}`; string(data[at:]) != want {
		t.Fatalf("the save ends with %s, want %s", data[at:], want)
	}
	for _, d := range [][]byte{data, Gzip(data), append(bytes.Clone(data), '\n')} {
		f, err := Decode(d)
		if err != nil {
			t.Fatal(err)
		}
		if f.Digest != hex.EncodeToString(sum[:]) {
			t.Fatalf("decoded digest %q", f.Digest)
		}
	}
}

// A save of version 3 edited after it was written is refused saying so,
// and naming the first fault the field rules find, if any; one without
// its digest, or reformatted, is refused too; a save of version 2 has
// none.
func TestDigestRefusesEdits(t *testing.T) {
	data, err := Encode(richFile())
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) []byte {
		t.Helper()
		if !bytes.Contains(data, []byte(from)) {
			t.Fatalf("the save has no %s", from)
		}
		return bytes.Replace(data, []byte(from), []byte(to), 1)
	}
	var pretty bytes.Buffer
	json.Indent(&pretty, data, "", "  ")
	const edited = `bad save: the save was edited or corrupted after it was written (its "digest" is not the SHA-256 of the bytes before it)`
	cut := data[:bytes.LastIndex(data, []byte(`,"digest"`))]
	const reformatted = `bad save: the save was edited or corrupted after it was written (it was reformatted: its "digest" is last, but its bytes are not as btlua wrote them; a save reformatted by a JSON tool is edited too)`
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"a value", edit(`"ticks":12`, `"ticks":13`), edited},
		{"a value and a fault", edit(`"st":3`, `"st":null`), edited + `; the first fault found: load 1 (s.lua), agent 1, tree, task 1 (R): "st" is null, want a status number`},
		{"the digest", edit(`,"digest":"`, `,"digest":"0`), `bad save: the save was edited or corrupted after it was written (its "digest" is "0` + string(data[len(data)-66:len(data)-2]) + `", want 64 hex digits (a SHA-256))`},
		{"the digest's case", []byte(string(data[:len(data)-66]) + strings.ToUpper(string(data[len(data)-66:len(data)-2])) + `"}`),
			`bad save: the save was edited or corrupted after it was written (its "digest" is "` + strings.ToUpper(string(data[len(data)-66:len(data)-2])) + `", want 64 hex digits (a SHA-256))`},
		{"no digest", append(bytes.Clone(cut), '}'), `bad save: "digest" is missing: a save of version 3 ends with the SHA-256 of its bytes, and this one was edited or cut after it was written`},
		{"no digest and a fault", bytes.Replace(append(bytes.Clone(cut), '}'), []byte(`"st":3`), []byte(`"st":"3"`), 1),
			`bad save: "digest" is missing: a save of version 3 ends with the SHA-256 of its bytes, and this one was edited or cut after it was written; the first fault found: load 1 (s.lua), agent 1, tree, task 1 (R): "st" is a string, want a status number`},
		{"reformatted", pretty.Bytes(), reformatted},
		{"spaced", bytes.ReplaceAll(data, []byte(`":`), []byte(`": `)), reformatted},
		{"digest not last", []byte(`{"digest":"` + string(data[len(data)-66:len(data)-2]) + `",` + string(cut[1:]) + `}`), `bad save: the save was edited or corrupted after it was written (its "digest" is not the last key, where btlua writes it)`},
		{"truncated", data[:len(data)-10], `bad save: truncated (unexpected end of the JSON) at byte ` + strconv.Itoa(len(data)-10)},
		{"version 2 with a digest", edit(`"version":3`, `"version":2`), `bad save: a save of version 2 holds no "digest" (version 3 does)`},
	} {
		_, err := Decode(c.data)
		if err == nil || err.Error() != c.want || !errors.Is(err, ErrBad) {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
	}
}

// A whole number written 20.0 or 2e1 is read as 20 by both decoders,
// where the save holds a count or an index too; 20.5, -0.0 and 2^60
// written 1.152921504606847e18 are not whole numbers there.
func TestDecodeWholeNumbers(t *testing.T) {
	const save = `{"format":"btlua-save","version":2,"ticks":%s,"loads":[{"script":"s.lua","sha256":"","agents":[{"index":%s,"name":"n","signature":"","tree":{"ticks":20,"tasks":[{"path":"R","kind":"K","st":%s}]},"fields":[{"task":0,"kv":["n",2.50]}]}]}]}`
	data := []byte(fmt.Sprintf(save, "20.0", "0e0", "3.000"))
	for name, decode := range map[string]func([]byte) (*File, error){"fast": decodeFast, "slow": decodeSlow, "Decode": Decode} {
		f, err := decode(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		a := f.Loads[0].Agents[0]
		if f.Ticks != 20 || a.Index != 0 || a.Tree.Tasks[0].Status != 3 || a.Fields[0].KV[1] != 2.5 {
			t.Fatalf("%s: ticks %d, index %d, st %d, kv %v", name, f.Ticks, a.Index, a.Tree.Tasks[0].Status, a.Fields[0].KV)
		}
	}
	for _, c := range []struct{ ticks, want string }{
		{"20.5", `bad save: "ticks" is the number 20.5, want a whole number >= 0`},
		{"-0.0", `bad save: "ticks" is the number -0.0, want a whole number >= 0`},
		{"1.152921504606847e18", `bad save: "ticks" is the number 1.152921504606847e18, want a whole number >= 0`},
	} {
		_, err := Decode([]byte(fmt.Sprintf(save, c.ticks, "0", "3")))
		if err == nil || err.Error() != c.want {
			t.Errorf("ticks %s: %v, want %s", c.ticks, err, c.want)
		}
	}
}

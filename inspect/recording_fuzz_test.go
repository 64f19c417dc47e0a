package inspect

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// realRecordings are the recordings of testdata/recordings (made by
// btlua --record of scripts/ and testdata/ scripts: BT, BTAI, GOAP,
// globals, errors and restarts, 8 agents gzip-compressed) and one of a
// reload and a late start made here.
func realRecordings(t testing.TB) map[string][]byte {
	files, err := filepath.Glob("testdata/recordings/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no recordings in testdata/recordings: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = data
	}
	out["reload"] = reloadRecording(t)
	return out
}

// reloadRecording records testdata/guard.lua ticked twice, then a
// recording begun late (task states), a failed and a structure-level
// reload.
func reloadRecording(t testing.TB) []byte {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/guard.lua")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "guard.lua")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("ENEMY_AT", 3)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		h.Tick(0.1)
	}
	var out bytes.Buffer
	r, err := NewRecorder(h, &out, Header{Script: "guard.lua", DT: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	h.Tick(0.1)
	os.WriteFile(path, []byte("return {"), 0o644)
	h.Reload(path)
	os.WriteFile(path, []byte(strings.Replace(string(src), "BTSelector", "BTSequence", 1)), 0o644)
	h.Reload(path)
	for range 3 {
		h.Tick(0.1)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// The real recordings read, and replay, without an error: the checks
// refuse nothing the host writes.
func TestReadRealRecordings(t *testing.T) {
	for name, data := range realRecordings(t) {
		rec, err := ReadRecording(bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		rp := NewReplay(rec)
		rp.Model(func(m *Model) {
			if len(m.order) == 0 {
				t.Errorf("%s: no agents", name)
			}
		})
	}
	if kinds := string(realRecordings(t)["reload"]); !strings.Contains(kinds, `"k":"reload"`) || !strings.Contains(kinds, `"k":"state"`) {
		t.Errorf("the reload recording has no reload or state records:\n%s", kinds)
	}
}

// plainSize is the size of data, gunzipped when it is gzip-compressed
// (false when that is over limit or corrupt).
func plainSize(data []byte, limit int64) (int, bool) {
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return len(data), true
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return 0, false
	}
	n, err := io.Copy(io.Discard, io.LimitReader(zr, limit+1))
	if n > limit || err != nil && n == 0 {
		return 0, false
	}
	return int(n), true
}

// FuzzReadRecording reads any bytes as a recording, replays what it
// accepts (every tick, back to the first) and renders every agent: no
// panic, and the room the model and views take is bounded by the input's
// size (a record costs a step, a node a few slots). The lines are also
// applied to a model unchecked (the live inspector's path has no
// reader), which must not panic either.
func FuzzReadRecording(f *testing.F) {
	for _, data := range realRecordings(f) {
		f.Add(data)
	}
	for _, line := range []string{
		`{"t":1,"k":"tree","a":1,"nodes":[{"p":-1,"name":"R","kind":"BT.Root","btai":true},{"p":0,"name":"X","kind":"btai.X","btai":true}]}`,
		`{"t":1,"k":"tree","a":300000000,"name":"guard","src":"scripts/guard.lua","nodes":[{"p":-1,"name":"Root","kind":"BTSelector"}]}`,
		`{"t":1,"k":"btai","a":2,"n":2,"i":1,"s":"Continue"}`,
		`{"t":1,"k":"end","a":2,"n":1,"s":"Running","c":"Aborted","by":0}`,
		`{"t":1,"k":"goap","a":2,"n":1,"goap":{"key":1,"node":1,"current":0,"plan":[{"action":"Chop","cost":1}]}}`,
		`{"t":1,"k":"var","a":2,"name":"hp","v":1,"w":2}`,
	} {
		f.Add([]byte(recordingOf(fieldsTree, line)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		size, ok := plainSize(data, 1<<22)
		if !ok {
			return
		}
		applyUnchecked(data)
		rec, _ := ReadRecording(bytes.NewReader(data))
		if rec == nil {
			return
		}
		// The shortest record, {"k":"tick"}, is 12 bytes and a newline.
		if rec.Len()*13 > size {
			t.Fatalf("%d records from %d bytes", rec.Len(), size)
		}
		rp := NewReplay(rec)
		for tk := rp.first; tk <= rp.last && tk-rp.first < 64; tk++ {
			rp.Seek(tk)
		}
		rp.Seek(rp.first)
		rp.Seek(rp.last)
		rp.Model(func(m *Model) { checkModelRoom(t, m, size) })
	})
}

// checkModelRoom fails unless m's agents and nodes, and its views, are
// bounded by size, the bytes of the recording it was built from.
func checkModelRoom(t *testing.T, m *Model, size int) {
	// A "tree" record is at least 20 bytes, a node 3 ({},).
	nodes := 0
	for _, a := range m.agents {
		nodes += len(a.st)
		if len(a.nodes) != len(a.st) || len(a.paths) != len(a.st) || a.btaiFirst != nil && len(a.btaiFirst) != len(a.st) {
			t.Fatalf("agent %d: %d nodes, %d states, %d paths, %d btai", a.id, len(a.nodes), len(a.st), len(a.paths), len(a.btaiFirst))
		}
	}
	if len(m.agents)*20 > size || nodes*3 > size || len(m.order) != len(m.agents) {
		t.Fatalf("%d agents (%d in order), %d nodes from %d bytes", len(m.agents), len(m.order), nodes, size)
	}
	list := m.Agents("", len(m.order)+1)
	for _, s := range list.Agents {
		v, ok := m.Agent(s.ID)
		if !ok {
			t.Fatalf("agent %d listed, no view", s.ID)
		}
		js, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("agent %d: %v", s.ID, err)
		}
		// Per node its figures, plus what the recording holds (names,
		// values), escaped (a byte can become \ufffd).
		if len(js) > maxViewBytesPerNode*len(v.Nodes)+6*size+1024 {
			t.Fatalf("agent %d: a view of %d bytes for %d nodes from %d bytes", s.ID, len(js), len(v.Nodes), size)
		}
		for i := range v.Nodes {
			if e := v.Nodes[i].End; e != nil && e.By != nil && (*e.By < 0 || *e.By >= len(v.Nodes)) {
				t.Fatalf("agent %d task %d: an end by node %d of %d", s.ID, i, *e.By, len(v.Nodes))
			}
		}
		v.Path(len(v.Nodes) - 1)
	}
}

// applyUnchecked applies each line of data that decodes as a Record to
// a model, then renders its agents.
func applyUnchecked(data []byte) {
	m := NewModel()
	for _, line := range bytes.Split(data, []byte("\n")) {
		var r Record
		r.reset()
		if json.Unmarshal(line, &r) == nil {
			m.Apply(&r)
		}
	}
	for _, id := range m.order {
		if v, ok := m.Agent(id); ok {
			json.Marshal(v)
		}
	}
	m.Agents("", 100)
}

package inspect

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// A run recorded and replayed: at every tick the replay's view of the
// agent (statuses, running path, last ends, blackboard) is the live
// inspector's view at that tick, whether the recording is plain or
// gzip-compressed.
func TestRecordReplayRoundTrip(t *testing.T) {
	h := newGuardHost(t, 4)
	in := Attach(h)
	in.WatchAgents(1) // the page's agent, shown from the start
	path := filepath.Join(t.TempDir(), "run.jsonl.gz")
	rec, err := RecordFile(h, path, Header{Script: "testdata/guard.lua", DT: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	var plain bytes.Buffer
	rec2, err := NewRecorder(h, &plain, Header{})
	if err != nil {
		t.Fatal(err)
	}
	live := map[uint64]string{}
	for tk := uint64(1); tk <= 8; tk++ {
		tick(t, h, 1)
		in.mu.Lock()
		v, _ := in.model.Agent(1)
		in.mu.Unlock()
		js, _ := json.Marshal(v)
		live[tk] = string(js)
	}
	h.Close() // the halts are recorded under tick 8
	in.mu.Lock()
	closed, _ := in.model.Agent(1)
	in.mu.Unlock()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if err := rec2.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(plain.String(), `{"btlua_record":3,`) {
		t.Fatalf("recording starts %.40q", plain.String())
	}
	gz, err := ReadRecordingFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := ReadRecording(&plain)
	if err != nil {
		t.Fatal(err)
	}
	if gz.Header.Script != "testdata/guard.lua" || gz.Header.DT != 0.1 || gz.Len() != pl.Len() || pl.Len() == 0 {
		t.Fatalf("header %+v, %d and %d records", gz.Header, gz.Len(), pl.Len())
	}
	rp := NewReplay(gz)
	// Backwards and forwards, every tick.
	for _, tk := range []uint64{8, 3, 1, 5, 2, 7, 4, 6} {
		rp.Seek(tk)
		var got string
		rp.Model(func(m *Model) {
			v, _ := m.Agent(1)
			// Before the halts of Close (recorded under tick 8), the
			// live view of tick 8 is the view of the replay's tick 8
			// records without them: compare tick 8 after Close below.
			js, _ := json.Marshal(v)
			got = string(js)
		})
		want := live[tk]
		if tk == 8 {
			js, _ := json.Marshal(closed)
			want = string(js)
		}
		if got != want {
			t.Errorf("tick %d:\nreplay %s\nlive   %s", tk, got, want)
		}
	}
	rp.Seek(6)
	rp.Model(func(m *Model) {
		v, _ := m.Agent(1)
		if s := statuses(v); !strings.Contains(s, "Root/Fight[1]/Attack[2]=Running*") {
			t.Errorf("tick 6 (the abort's tick): %s", s)
		}
	})
}

// A recording of another schema version, or without a header, is
// refused with the reason.
func TestReadRecordingRefuses(t *testing.T) {
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write([]byte(`{"btlua_record":4}` + "\n"))
	zw.Close()
	for _, c := range []struct{ in, want string }{
		{`{"btlua_record":4}` + "\n", `field "btlua_record": unsupported version 4, this btlua reads versions 1 to 3`},
		{zipped.String(), "unsupported version 4"},
		{`{"t":1,"k":"tick"}` + "\n", "line 1 is not a btlua recording header"},
		{`{"btlua_record":1}` + "\n" + `{"t":1,"k":` + "\n", "line 2:"},
		{"", "empty"},
	} {
		_, err := ReadRecording(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.in, err, c.want)
		}
	}
}

// A recording of schema version 1 (before BTAI nodes were listed in
// "tree" records) still replays: version 2 only added nodes and a key.
func TestReadRecordingVersion1(t *testing.T) {
	in := `{"btlua_record":1,"script":"guard.lua"}
{"t":1,"k":"tick","n":-1,"by":-1,"w":-1}
{"t":1,"k":"tree","a":1,"n":-1,"by":-1,"name":"guard","src":"guard.lua","nodes":[{"p":-1,"name":"Root","kind":"BTSelector"},{"p":0,"name":"Wait","kind":"BTWait","args":"(1)"}],"w":-1}
{"t":1,"k":"start","a":1,"n":0,"by":-1,"w":-1}
{"t":1,"k":"start","a":1,"n":1,"by":-1,"w":-1}
{"t":1,"k":"status","a":1,"n":1,"s":"Running","by":-1,"w":-1}
{"t":1,"k":"status","a":1,"n":0,"s":"Running","by":-1,"w":-1}
{"t":1,"k":"tickend","n":-1,"by":-1,"w":-1}
`
	rec, err := ReadRecording(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	rp := NewReplay(rec)
	rp.Seek(1)
	rp.Model(func(m *Model) {
		v, ok := m.Agent(1)
		if !ok {
			t.Fatal("no agent 1")
		}
		if got := statuses(v); got != "Root=Running*\nRoot/Wait[1]=Running*\n" {
			t.Errorf("statuses at tick 1:\n%s", got)
		}
	})
}

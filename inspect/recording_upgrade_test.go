package inspect

import (
	"bytes"
	"strings"
	"testing"
)

// A version 2 recording (testdata/recordings, made before paths counted
// from 1) replays with the texts of version 3: the task path in an
// error's message and the step of a GOAP action event renumbered from 1,
// as a run of this btlua records them.
func TestReplayVersion2Recording(t *testing.T) {
	rec, err := ReadRecordingFile("testdata/recordings/faulty_restart.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Header.Record != 2 {
		t.Fatalf("header version %d, want the old version 2", rec.Header.Record)
	}
	var errs []string
	for i := range rec.Len() {
		if r := rec.Record(i); r.K == "error" {
			errs = append(errs, r.Err)
		}
	}
	want := "inspect/testdata/faulty.lua:11: boom at 2 (tree faulty, task Root/Work[2])"
	if len(errs) == 0 || errs[0] != want {
		t.Fatalf("errors %q, want the first %q", errs, want)
	}
	rp := NewReplay(rec)
	rp.Seek(2)
	var shown string
	rp.Model(func(m *Model) {
		v, _ := m.Agent(1)
		shown = v.Error + " | " + v.Path(2)
	})
	if shown != want+" | Root/Work[2]" {
		t.Errorf("replay at tick 2 shows %q, want %q", shown, want+" | Root/Work[2]")
	}

	rec, err = ReadRecordingFile("testdata/recordings/lumberjack.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var events []string
	for i := range rec.Len() {
		if r := rec.Record(i); r.K == "goap" {
			for _, e := range r.Goap.Events {
				if strings.HasPrefix(e.Text, "action ") {
					events = append(events, e.Text)
				}
			}
		}
	}
	if len(events) < 2 || events[0] != "action started GetTool #1" || events[1] != "action ended GetTool #1 (done)" {
		t.Errorf("GOAP action events %q, want them to start with GetTool #1 started and ended", events)
	}
}

// A recording of this btlua is version 3 and its texts are kept as
// written: a path read back is not renumbered again.
func TestRecordingVersion3KeepsPaths(t *testing.T) {
	const text = `{"btlua_record":3}
{"t":1,"k":"tree","a":1,"name":"w","nodes":[{"p":-1,"name":"Root","kind":"BTSequence"},{"p":0,"name":"Work","kind":"Work"}]}
{"t":1,"k":"error","a":1,"n":1,"err":"w.lua:3: boom (tree w, task Root/Work[1])"}
{"t":1,"k":"goap","a":1,"n":1,"goap":{"key":1,"node":1,"state":"Idle","stack":["Idle"],"plan":[],"current":-1,"events":[{"t":1,"text":"action started Chop #1"}]}}
`
	rec, err := ReadRecording(bytes.NewBufferString(text))
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Record(1).Err; got != "w.lua:3: boom (tree w, task Root/Work[1])" {
		t.Errorf("error %q, want it as written", got)
	}
	if got := rec.Record(2).Goap.Events[0].Text; got != "action started Chop #1" {
		t.Errorf("GOAP event %q, want it as written", got)
	}
}

// A version 2 record's paths are renumbered by its agent's tree: each
// path of a task of the tree, the longest first, and nothing else.
func TestUpgradeVersion2Texts(t *testing.T) {
	nodes := []NodeInfo{{Parent: -1, Name: "Root"}, {Parent: 0, Name: "A"}, {Parent: 1, Name: "B"}, {Parent: 1, Name: "C"}, {Parent: 0, Name: "D"}}
	up := newUpgrade(2)
	up.record(&Record{K: "tree", A: 1, Nodes: nodes})
	r := Record{K: "error", A: 1, Err: "x.lua:1: actions[0] bad (task Root/A[0]/C[1]), see Root/D[1] and Root/A[0]; Other/A[0]"}
	up.record(&r)
	want := "x.lua:1: actions[0] bad (task Root/A[1]/C[2]), see Root/D[2] and Root/A[1]; Other/A[0]"
	if r.Err != want {
		t.Errorf("got  %q\nwant %q", r.Err, want)
	}
	r = Record{K: "error", A: 2, Err: "task Root/A[0]"} // an agent without a tree
	up.record(&r)
	if r.Err != "task Root/A[0]" {
		t.Errorf("agent without a tree: %q, want it as written", r.Err)
	}
}

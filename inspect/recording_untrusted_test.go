package inspect

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// agentSlots counts the agents the model keeps room for.
func agentSlots(m *Model) int { return len(m.agents) }

// A tree record whose BTAI node has no parent (node 0, the index -1 of
// its BT.Root task) is refused with the line and field, not a panic;
// the model given it straight (the live inspector's path) ignores the
// node.
func TestReadRecordingBTAINodeWithoutParent(t *testing.T) {
	tree := `{"t":1,"k":"tree","a":1,"nodes":[{"p":-1,"name":"R","kind":"BT.Root","btai":true},{"p":0,"name":"X","kind":"btai.X","btai":true}]}`
	_, err := ReadRecording(strings.NewReader(`{"btlua_record":2}` + "\n" + tree + "\n"))
	want := `recording: line 2: field "nodes": node 0 is a BTAI node without a parent (its BT.Root task)`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
	m := NewModel()
	m.Apply(&Record{T: 1, K: "tree", A: 1, Nodes: []NodeInfo{{Parent: -1, Name: "R", BTAI: true}, {Parent: 0, Name: "X", BTAI: true}}})
	m.Apply(&Record{T: 1, K: "btai", A: 1, N: 0, I: 1, S: "Continue", By: -1, W: -1})
	m.Apply(&Record{T: 1, K: "end", A: 1, N: 0, S: "Success", By: -1, W: -1})
	if v, ok := m.Agent(1); !ok || len(v.Nodes) != 2 || v.Nodes[1].Status != "Inactive" {
		t.Errorf("model of the tree: %+v", v)
	}
}

// A record naming agent 300,000,000 (126 bytes) costs what its content
// does: one agent, not a slot per number below it. An agent number
// past what a recording can hold is refused.
func TestReadRecordingHugeAgentNumber(t *testing.T) {
	line := `{"t":1,"k":"tree","a":300000000,"name":"guard","src":"scripts/guard.lua","nodes":[{"p":-1,"name":"Root","kind":"BTSelector"}]}`
	t.Logf("the record: %d bytes", len(line))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rec, err := ReadRecording(strings.NewReader(`{"btlua_record":2}` + "\n" + line + "\n" + `{"t":2,"k":"start","a":300000000,"n":0}` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	rp := NewReplay(rec)
	runtime.ReadMemStats(&after)
	t.Logf("heap after the replay: %+d KiB", (int64(after.HeapAlloc)-int64(before.HeapAlloc))/1024)
	rp.Model(func(m *Model) {
		if n := agentSlots(m); n != 1 {
			t.Errorf("the model keeps room for %d agents, want 1", n)
		}
		if v, ok := m.Agent(300000000); !ok || v.Name != "guard" || v.Nodes[0].Changed != 2 {
			t.Errorf("agent 300000000: %v %+v", ok, v)
		}
	})
	_, err = ReadRecording(strings.NewReader(`{"btlua_record":2}` + "\n" + strings.Replace(line, "300000000", "3000000000", 1) + "\n"))
	want := `recording: line 2: field "a": agent 3000000000 out of range (agents are numbered 1 to 2147483647)`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
}

// A header whose version is not a number from 1 to Version says so.
func TestReadRecordingUnsupportedVersion(t *testing.T) {
	for _, c := range []struct{ version, want string }{
		{`0`, `0`}, {`"2"`, `"2"`}, {`null`, `null`}, {`4`, `4`}, {`-1`, `-1`}, {`1.5`, `1.5`}, {`true`, `true`}, {`{}`, `{}`},
	} {
		_, err := ReadRecording(strings.NewReader(`{"btlua_record":` + c.version + `,"dt":0.016}` + "\n"))
		want := `recording: line 1: field "btlua_record": unsupported version ` + c.want + `, this btlua reads versions 1 to 3`
		if err == nil || err.Error() != want {
			t.Errorf("version %s: error %v\nwant %s", c.version, err, want)
		}
	}
}

// recordingOf is a recording of the header and lines (line 2 onwards).
func recordingOf(lines ...string) string {
	return `{"btlua_record":2}` + "\n" + strings.Join(lines, "\n") + "\n"
}

// fieldsTree is agent 2's tree: tasks Root, Fight and Brain (a BT.Root
// task), then Brain's 2 BTAI nodes.
const fieldsTree = `{"t":1,"k":"tree","a":2,"nodes":[{"p":-1,"name":"Root","kind":"BTSelector"},{"p":0,"name":"Fight","kind":"BTSequence"},` +
	`{"p":0,"name":"Brain","kind":"BT.Root"},{"p":2,"name":"Log","kind":"btai.Log","btai":true},{"p":2,"name":"Wait","kind":"btai.Wait","btai":true}]}`

// Every field of a record is checked against the recording so far: a
// bad one is refused with its line, field and value.
func TestReadRecordingFieldErrors(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`{"t":1,"k":"status","a":2,"n":7,"s":"Running"}`, `field "n": node 7 out of range (agent 2's tree has 3 tasks and 2 BTAI nodes)`},
		{`{"t":1,"k":"start","a":2,"n":-2}`, `field "n": node -2 out of range (agent 2's tree has 3 tasks and 2 BTAI nodes)`},
		{`{"t":1,"k":"start","a":2,"n":3}`, `field "n": node 3 is a BTAI node of agent 2's tree, not a task`},
		{`{"t":1,"k":"start","a":9,"n":0}`, `field "a": agent 9 has no tree (no "tree" record of it before this line)`},
		{`{"t":1,"k":"start","n":0}`, `field "a": agent 0 out of range (agents are numbered 1 to 2147483647)`},
		{`{"t":1,"k":"status","a":2,"n":0,"s":"Bogus"}`, `field "s": status "Bogus", want Inactive, Success, Failure or Running`},
		{`{"t":1,"k":"state","a":2,"n":0}`, `field "s": status "", want Inactive, Success, Failure or Running`},
		{`{"t":1,"k":"end","a":2,"n":1,"s":"Running","c":"Later","by":0}`, `field "c": cause "Later", want Aborted, TimedOut, Interrupted, ByParent, Halted, Reload or none`},
		{`{"t":1,"k":"end","a":2,"n":1,"s":"Running","c":"Aborted","by":5}`, `field "by": node 5 out of range (agent 2's tree has 3 tasks and 2 BTAI nodes)`},
		{`{"t":1,"k":"var","a":2,"name":"hp","v":1,"w":9}`, `field "w": node 9 out of range (agent 2's tree has 3 tasks and 2 BTAI nodes)`},
		{`{"t":1,"k":"var","a":2,"name":"hp","v":[1]}`, `field "v": a value is a number, string or boolean, got an array`},
		{`{"t":1,"k":"var","name":"hp","v":{"x":1},"g":true}`, `field "v": a value is a number, string or boolean, got an object`},
		{`{"t":1,"k":"var","name":"hp","v":1,"g":true,"w":-2}`, `field "w": node -2 out of range (-1 for none)`},
		{`{"t":1,"k":"btai","a":2,"n":1,"s":"Continue"}`, `field "n": task 1 of agent 2 runs no BTAI tree`},
		{`{"t":1,"k":"btai","a":2,"n":2,"i":2,"s":"Continue"}`, `field "i": BTAI node 2 out of range (task 2 of agent 2 runs BTAI nodes 0 to 1)`},
		{`{"t":1,"k":"btai","a":2,"n":2,"i":-1,"s":"Continue"}`, `field "i": BTAI node -1 out of range (task 2 of agent 2 runs BTAI nodes 0 to 1)`},
		{`{"t":1,"k":"btai","a":2,"n":2,"i":1,"s":"Maybe"}`, `field "s": BTAI state "Maybe", want Continue, Success, Failure or Abort`},
		{`{"t":1,"k":"error","a":2,"n":4,"err":"boom"}`, `field "n": node 4 is a BTAI node of agent 2's tree, not a task`},
		{`{"t":1,"k":"goap","a":2,"n":1}`, `field "goap": missing`},
		{`{"t":1,"k":"goap","a":2,"n":1,"goap":{"key":7,"node":1,"current":-1}}`, `field "goap.key": node 7 out of range (agent 2's tree has 3 tasks and 2 BTAI nodes)`},
		{`{"t":1,"k":"goap","a":2,"n":1,"goap":{"key":1,"node":1,"current":2,"plan":[{"action":"Chop","cost":1}]}}`, `field "goap.current": step 2 out of range (-1 for none, or 0 to 0)`},
		{`{"t":1,"k":"goap","a":2,"n":1,"goap":{"key":1,"node":1,"current":-1,"backoff":-3}}`, `field "goap.backoff": -3 ticks, want 0 or more`},
		{`{"t":1,"k":"removed","a":5}`, `field "a": agent 5 has no tree (no "tree" record of it before this line)`},
		{`{"t":1,"k":"start","a":2}`, `field "n": node -1 out of range (agent 2's tree has 3 tasks and 2 BTAI nodes)`},
		{`{"t":1,"k":"fly"}`, `field "k": unknown kind "fly"`},
		{`{"t":1}`, `field "k": missing`},
		{`{"t":0,"k":"tick"}`, `field "t": tick 0 comes before tick 1 of the line before`},
		{`{"t":1,"k":"start","a":"x","n":0}`, `field "a": got string, want an integer`},
		{`{"t":-1,"k":"tick"}`, `field "t": got number -1, want an integer from 0`},
		{`{"t":1,"k":"tree","a":3,"nodes":[{"p":-1,"name":"R","kind":"K"},{"p":7,"name":"A","kind":"K"}]}`, `field "nodes": node 1's parent 7 is not an earlier node (-1 for none, or 0 to 0)`},
		{`{"t":1,"k":"tree","a":3,"nodes":[{"p":-1,"name":"R","kind":"K"},{"p":0,"name":"B","kind":"btai.B","btai":true},{"p":0,"name":"A","kind":"K"}]}`, `field "nodes": node 2 is a task after the BTAI nodes (they come last)`},
		{`{"t":1,"k":"tree","a":3,"nodes":[{"p":"x"}]}`, `field "nodes.p": got string, want an integer`},
		{`{"t":1,"k":"tree","a":3,"nodes":{}}`, `field "nodes": got object, want a list`},
	} {
		_, err := ReadRecording(strings.NewReader(recordingOf(fieldsTree, c.line)))
		if want := "recording: line 3: " + c.want; err == nil || err.Error() != want {
			t.Errorf("%s:\nerror %v\nwant  %s", c.line, err, want)
		}
	}
	// The same records, right, are read.
	good := []string{fieldsTree, `{"t":1,"k":"start","a":2,"n":1}`, `{"t":1,"k":"status","a":2,"n":1,"s":"Running"}`,
		`{"t":2,"k":"end","a":2,"n":1,"s":"Running","c":"Aborted","by":0}`, `{"t":2,"k":"var","a":2,"name":"hp","v":1,"w":2}`,
		`{"t":2,"k":"var","name":"hp","v":"x","g":true}`, `{"t":2,"k":"var","a":2,"name":"hp"}`, `{"t":2,"k":"btai","a":2,"n":2,"i":1,"s":"Continue"}`,
		`{"t":2,"k":"goap","a":2,"n":1,"goap":{"key":1,"node":1,"current":0,"plan":[{"action":"Chop","cost":1}]}}`,
		`{"t":2,"k":"state","a":2,"n":0,"s":"Running","run":true}`, `{"t":2,"k":"error","a":2,"n":1,"err":"boom"}`, `{"t":2,"k":"error","a":2,"err":"boom"}`,
		`{"t":3,"k":"restart","a":2}`, `{"t":3,"k":"reload","path":"x.lua","rebuilt":["a"]}`, `{"t":3,"k":"removed","a":2}`, `{"t":3,"k":"tickend"}`}
	rec, err := ReadRecording(strings.NewReader(recordingOf(good...)))
	if err != nil || rec.Len() != len(good) {
		t.Fatalf("good records: %v", err)
	}
}

// A line longer than the reader takes is refused with its number.
func TestReadRecordingLineTooLong(t *testing.T) {
	in := recordingOf(fieldsTree, `{"t":1,"k":"var","a":2,"name":"`+strings.Repeat("x", 400)+`","v":1}`)
	limit := len(fieldsTree) + 50
	_, err := readRecording(strings.NewReader(in), limit)
	want := "recording: line 3 is longer than " + strconv.Itoa(limit) + " bytes"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

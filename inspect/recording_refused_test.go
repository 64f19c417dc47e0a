package inspect

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
)

// refusedLines is a recording of one agent's tree of two tasks.
var refusedLines = []string{
	`{"btlua_record":3,"script":"guard.lua","dt":0.1}`,
	`{"t":1,"k":"tick"}`,
	`{"t":1,"k":"tree","a":1,"name":"guard","nodes":[{"p":-1,"name":"Root","kind":"BTSelector"},{"p":0,"name":"Wait","kind":"BTWait"}]}`,
	`{"t":1,"k":"start","a":1,"n":0}`,
	`{"t":1,"k":"tickend"}`,
}

// withLine returns refusedLines with line i (0-based) replaced by text,
// as a file's text.
func withLine(i int, text string) string {
	lines := append([]string(nil), refusedLines...)
	lines[i] = text
	return strings.Join(lines, "\n") + "\n"
}

// Records the host cannot write are refused with their line and field:
// a start or end of no task (n -1), a tick more than one after the line
// before's (each tick opens with its tick record: a gap would make a
// timeline as long as the tick number), a tree with a second root.
func TestReadRecordingRefusesImpossibleRecords(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"start of no task", withLine(3, `{"t": 1, "k": "start", "a": 1, "n": -1}`),
			`recording: line 4: field "n": node -1 out of range (agent 1's tree has 2 tasks)`},
		{"start without n", withLine(3, `{"t": 1, "k": "start", "a": 1}`),
			`recording: line 4: field "n": node -1 out of range (agent 1's tree has 2 tasks)`},
		{"end of no task", withLine(3, `{"t":1,"k":"end","a":1,"n":-1,"s":"Success"}`),
			`recording: line 4: field "n": node -1 out of range (agent 1's tree has 2 tasks)`},
		{"tick 1e18", withLine(4, `{"t": 1000000000000000000, "k": "tickend"}`),
			`recording: line 5: field "t": tick 1000000000000000000 skips ticks after tick 1 of the line before (each tick opens with its "tick" record, one more than the last)`},
		{"tick skipped", withLine(4, `{"t":3,"k":"tick"}`),
			`recording: line 5: field "t": tick 3 skips ticks after tick 1 of the line before (each tick opens with its "tick" record, one more than the last)`},
		{"second root", withLine(2, `{"t":1,"k":"tree","a":1,"nodes":[{"p":-1,"name":"Root","kind":"BTSelector"},{"p":-1,"name":"Other","kind":"BTWait"}]}`),
			`recording: line 3: field "nodes": node 1's parent -1 makes a second root (a tree has one root, node 0)`},
	} {
		rec, err := ReadRecording(strings.NewReader(c.in))
		if rec != nil || err == nil || err.Error() != c.want {
			t.Errorf("%s: recording %v, error %v\nwant  %s", c.name, rec != nil, err, c.want)
		}
	}
	if _, err := ReadRecording(strings.NewReader(strings.Join(refusedLines, "\n") + "\n")); err != nil {
		t.Errorf("the recording itself: %v", err)
	}
}

// A gzip recording followed by bytes that are no gzip stream is refused
// as what it is, not served as a truncated recording; two gzip streams
// one after the other (a file appended to) read as one.
func TestReadRecordingDataAfterGzip(t *testing.T) {
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write([]byte(strings.Join(refusedLines, "\n") + "\n"))
	zw.Close()
	for _, junk := range []string{"x", "junk after the stream\n", "\x1f"} {
		rec, err := ReadRecording(strings.NewReader(zipped.String() + junk))
		want := "recording: data after the end of the gzip stream (after line 5): not part of a recording"
		if rec != nil || err == nil || err.Error() != want {
			t.Errorf("junk %q: recording %v, error %v\nwant  %s", junk, rec != nil, err, want)
		}
	}
	var more bytes.Buffer
	zw = gzip.NewWriter(&more)
	zw.Write([]byte(`{"t":2,"k":"tick"}` + "\n" + `{"t":2,"k":"tickend"}` + "\n"))
	zw.Close()
	rec, err := ReadRecording(strings.NewReader(zipped.String() + more.String()))
	if err != nil || rec.Len() != 6 {
		t.Errorf("two gzip streams: error %v, records %d, want 6", err, rec.Len())
	}
}

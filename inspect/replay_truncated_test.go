package inspect

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// version1Lines is a small recording: a header and 7 records, one a line.
var version1Lines = []string{
	`{"btlua_record":1,"script":"guard.lua","dt":0.1}`,
	`{"t":1,"k":"tick","n":-1,"by":-1,"w":-1}`,
	`{"t":1,"k":"tree","a":1,"n":-1,"by":-1,"name":"guard","src":"guard.lua","nodes":[{"p":-1,"name":"Root","kind":"BTSelector"},{"p":0,"name":"Wait","kind":"BTWait","args":"(1)"}],"w":-1}`,
	`{"t":1,"k":"start","a":1,"n":0,"by":-1,"w":-1}`,
	`{"t":1,"k":"start","a":1,"n":1,"by":-1,"w":-1}`,
	`{"t":1,"k":"status","a":1,"n":1,"s":"Running","by":-1,"w":-1}`,
	`{"t":1,"k":"status","a":1,"n":0,"s":"Running","by":-1,"w":-1}`,
	`{"t":1,"k":"tickend","n":-1,"by":-1,"w":-1}`,
}

// A recording cut short (a run killed before the recorder closed it)
// replays up to the cut: ReadRecording returns the records before it with
// a *TruncatedError naming the last whole line; plain or gzip.
func TestReadRecordingTruncated(t *testing.T) {
	whole := strings.Join(version1Lines, "\n") + "\n"
	cut := strings.Index(whole, `"s":"Running","by":-1,"w":-1}`) // inside line 6
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write([]byte(strings.Join(version1Lines[:4], "\n") + "\n"))
	zw.Flush() // lines 1 to 4 decode from the bytes so far
	flushed := zipped.Len()
	zw.Write([]byte(strings.Join(version1Lines[4:], "\n") + "\n"))
	zw.Close()
	for _, c := range []struct {
		name, in string
		records  int
		last     string // the kind of the last record read
		want     string
	}{
		{"plain, inside a line", whole[:cut], 4, "start", "recording: truncated after line 5 (line 6 is cut short: "},
		{"gzip, at a flush", zipped.String()[:flushed+3], 3, "start", "recording: truncated after line 4 (the gzip stream ends early: unexpected EOF)"},
		{"gzip, without its trailer", zipped.String()[:zipped.Len()-4], 7, "tickend", "recording: truncated after line 8 (the gzip stream ends early: unexpected EOF)"},
	} {
		rec, err := ReadRecording(strings.NewReader(c.in))
		var te *TruncatedError
		if !errors.As(err, &te) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: error %v, want a *TruncatedError %q...", c.name, err, c.want)
			continue
		}
		if rec == nil || rec.Len() != c.records || te.Records != c.records {
			t.Errorf("%s: recording %v (Records %d), want %d records", c.name, rec, te.Records, c.records)
			continue
		}
		if got := rec.Record(c.records - 1); got.K != c.last {
			t.Errorf("%s: last record %+v, want a %q", c.name, got, c.last)
		}
	}
	// A line that is whole (it ends in a newline) and malformed is no cut:
	// the recording is refused.
	bad := strings.Join(version1Lines[:3], "\n") + "\n" + `{"t":1,"k":` + "\n" + strings.Join(version1Lines[3:], "\n") + "\n"
	if rec, err := ReadRecording(strings.NewReader(bad)); rec != nil || err == nil || !strings.HasPrefix(err.Error(), "recording: line 4: ") {
		t.Errorf("malformed line 4: %v, %v", rec, err)
	}
}

// ReadRecordingFile names the file in its errors: a corrupt gzip stream,
// a truncated recording.
func TestReadRecordingFileNamesFile(t *testing.T) {
	dir := t.TempDir()
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write([]byte(strings.Join(version1Lines, "\n") + "\n"))
	zw.Close()
	corrupt := bytes.Clone(zipped.Bytes())
	corrupt[len(corrupt)-6] ^= 0xff // the CRC-32
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"corrupt.jsonl.gz", corrupt, "corrupt.jsonl.gz: recording: gzip: invalid checksum"},
		{"header.jsonl.gz", []byte{0x1f, 0x8b, 0, 0}, "header.jsonl.gz: recording: the gzip stream ends inside its header: nothing was recorded before the cut"},
		{"cut.jsonl", []byte(version1Lines[0] + "\n" + version1Lines[1][:5]), "cut.jsonl: recording: truncated after line 1 (line 2 is cut short: "},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadRecordingFile(path)
		if err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, c.want)) {
			t.Errorf("%s: error %v, want %q...", c.name, err, filepath.Join(dir, c.want))
		}
	}
}

// A header whose dt is not a positive number of seconds is refused: a
// replay would show times from it. A header without dt (unknown) is read.
func TestReadRecordingRefusesBadDT(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"btlua_record":2,"dt":-1}`, "recording: line 1: dt must be a positive number of seconds per tick, got -1"},
		{`{"btlua_record":2,"dt":0}`, "recording: line 1: dt must be a positive number of seconds per tick, got 0"},
		{`{"btlua_record":2,"dt":NaN}`, "recording: line 1 is not a btlua recording header ({\"btlua_record\":3,...}): invalid character 'N'"},
		{`{"btlua_record":2,"dt":"fast"}`, "recording: line 1: dt must be a positive number of seconds per tick, got \"fast\""},
	} {
		_, err := ReadRecording(strings.NewReader(c.in + "\n"))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q...", c.in, err, c.want)
		}
	}
	rec, err := ReadRecording(strings.NewReader(`{"btlua_record":2,"script":"x.lua"}` + "\n"))
	if err != nil || rec.Header.DT != 0 {
		t.Errorf("no dt: %v, %+v", err, rec)
	}
}

// A Recorder refuses a header whose dt ReadRecording would refuse.
func TestNewRecorderRefusesBadDT(t *testing.T) {
	h := newGuardHost(t, 1)
	for _, dt := range []float64{-1, math.NaN(), math.Inf(1)} {
		var out bytes.Buffer
		if _, err := NewRecorder(h, &out, Header{DT: dt}); err == nil || !strings.Contains(err.Error(), "dt must be a positive number of seconds per tick") || out.Len() != 0 {
			t.Errorf("dt %v: error %v, wrote %q", dt, err, out.String())
		}
	}
}

// The truncation message counts the records that replay in words that
// agree with the count.
func TestTruncatedErrorCount(t *testing.T) {
	for n, want := range map[int]string{1: "; the header and the 1 record before it replay", 4: "; the header and the 4 records before it replay"} {
		e := &TruncatedError{Line: n + 1, Cause: "cut", Records: n}
		if !strings.HasSuffix(e.Error(), want) {
			t.Errorf("%d records: %q, want it to end with %q", n, e.Error(), want)
		}
	}
}

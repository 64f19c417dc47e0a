package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// replayOnce runs btlua replay on args with a context already ended, as
// if Ctrl-C came at once: it reads the recording, serves it and stops.
func replayOnce(args ...string) (code int, stderr string) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var errOut bytes.Buffer
	code = runReplay(ctx, append([]string{"--inspect", "127.0.0.1:0"}, args...), io.Discard, &errOut)
	return code, errOut.String()
}

// btlua replay of a recording cut short (the recorded run was killed)
// serves the records before the cut and says, with the file and line,
// that it was truncated; it exits 1 when it ends. A header with a bad dt
// or a corrupt gzip file is refused, naming the file.
func TestReplayTruncatedAndCorrupt(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "run.jsonl")
	code, _, errOut := runCLI("--fast", "--ticks", "3", "--record", rec, seq)
	if code != exitOK {
		t.Fatalf("recording: code %d, stderr %q", code, errOut)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	cut := filepath.Join(dir, "cut.jsonl")
	os.WriteFile(cut, []byte(strings.Join(lines[:5], "")+lines[5][:len(lines[5])/2]), 0o644)
	code, errOut = replayOnce(cut)
	want := "btlua: " + cut + ": recording: truncated after line 5 (line 6 is cut short: "
	if code != exitFailed || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut, "the header and the 4 records before it replay\nbtlua: replay of "+cut+" (4 records) at http://127.0.0.1:") {
		t.Errorf("truncated: code %d, stderr %q; want %d and %q...", code, errOut, exitFailed, want)
	}

	badDT := filepath.Join(dir, "dt.jsonl")
	os.WriteFile(badDT, []byte(`{"btlua_record":2,"dt":-1}`+"\n"), 0o644)
	corrupt := filepath.Join(dir, "corrupt.jsonl.gz")
	os.WriteFile(corrupt, []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 0o644)
	for _, c := range []struct{ path, want string }{
		{badDT, "btlua: " + badDT + ": recording: line 1: dt must be a positive number of seconds per tick, got -1\n"},
		{corrupt, "btlua: " + corrupt + ": recording: flate: corrupt input before offset 5\n"},
	} {
		code, errOut := replayOnce(c.path)
		if code != exitFailed || errOut != c.want {
			t.Errorf("%s: code %d, stderr %q; want %d and %q", c.path, code, errOut, exitFailed, c.want)
		}
	}
}

// btlua replay counts the records it serves in the right number: "(1
// record)" for one; ended by Ctrl-C, it exits 130, as a run does.
func TestReplayCountsOneRecord(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "run.jsonl")
	code, _, errOut := runCLI("--fast", "--ticks", "3", "--record", rec, seq)
	if code != exitOK {
		t.Fatalf("recording: code %d, stderr %q", code, errOut)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	one := filepath.Join(dir, "one.jsonl")
	os.WriteFile(one, []byte(lines[0]+lines[1]), 0o644)
	code, errOut = replayOnce(one)
	want := "btlua: replay of " + one + " (1 record) at http://127.0.0.1:"
	if code != exitInterrupted || !strings.HasPrefix(errOut, want) {
		t.Errorf("code %d, stderr %q; want %d and %q...", code, errOut, exitInterrupted, want)
	}
}

// btlua replay reads a recording of the old version 2 (made before task
// paths counted from 1) as it reads one of this btlua: it serves all its
// records.
func TestReplayVersion2Recording(t *testing.T) {
	old := filepath.Join("..", "..", "inspect", "testdata", "recordings", "faulty_restart.jsonl")
	data, err := os.ReadFile(old)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte(`{"btlua_record":2,`)) {
		t.Fatalf("%s starts %.30q, want a version 2 header", old, data)
	}
	records := bytes.Count(bytes.TrimSpace(data), []byte("\n"))
	code, errOut := replayOnce(old)
	want := "btlua: replay of " + old + " (" + strconv.Itoa(records) + " records) at http://127.0.0.1:"
	if code != exitInterrupted || !strings.HasPrefix(errOut, want) {
		t.Errorf("code %d, stderr %q; want %d and %q...", code, errOut, exitInterrupted, want)
	}
}

// btlua replay of a gzip recording followed by bytes of no gzip stream
// refuses it, naming the file and what follows the stream, and exits 1.
func TestReplayDataAfterGzip(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "run.jsonl.gz")
	if code, _, errOut := runCLI("--fast", "--ticks", "3", "--record", rec, seq); code != exitOK {
		t.Fatalf("recording: code %d, stderr %q", code, errOut)
	}
	f, err := os.OpenFile(rec, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("junk")
	f.Close()
	code, errOut := replayOnce(rec)
	const lines = 14 // the header and 13 records of three ticks of seq
	want := "btlua: " + rec + ": recording: data after the end of the gzip stream (after line " + strconv.Itoa(lines) + "): not part of a recording\n"
	if code != exitFailed || errOut != want {
		t.Errorf("code %d, stderr %q; want 1 and %q", code, errOut, want)
	}
}

package inspect

import (
	"errors"
	"path/filepath"
	"testing"
)

// A run killed before its Recorder closes the file (no Close, no gzip
// trailer) leaves a recording that replays up to its last flush: the end
// of a tick flushes the file at most every flushEvery (here every tick),
// plain and gzip. Before, nothing reached the file until 64 KiB were
// buffered, and a killed run left an empty file.
func TestRecordingOfAKilledRunReplays(t *testing.T) {
	for _, name := range []string{"killed.jsonl", "killed.jsonl.gz"} {
		h := newGuards(t, 1)
		path := filepath.Join(t.TempDir(), name)
		r, err := RecordFile(h, path, Header{DT: 0.1})
		if err != nil {
			t.Fatal(err)
		}
		r.every = 0
		tick(t, h, 3)
		// The run is killed here: the recorder is never closed.
		rec, err := ReadRecordingFile(path)
		var te *TruncatedError
		if err != nil && !errors.As(err, &te) {
			t.Fatalf("%s: %v", name, err)
		}
		if rec == nil || rec.Len() == 0 {
			t.Fatalf("%s: no records (error %v)", name, err)
		}
		if last := rec.Record(rec.Len() - 1); last.K != "tickend" || last.T != 3 {
			t.Errorf("%s: last record %+v (error %v), want tick 3's tickend", name, last, err)
		}
		r.cancel()
		r.file.Close()
		h.Close()
	}
}

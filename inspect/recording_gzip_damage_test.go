package inspect

import (
	"bytes"
	"compress/gzip"
	"os"
	"strings"
	"testing"
)

// A byte changed inside a gzip recording's data decompresses into text
// that is no record; the error says that the gzip data is damaged (its
// checksum, read to the end), not only that line 3 is bad JSON.
func TestReadRecordingGzipDamaged(t *testing.T) {
	text, err := os.ReadFile("testdata/recordings/parallel.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.NoCompression) // stored blocks: a flipped byte is a changed byte
	zw.Write(text)
	zw.Close()
	data := buf.Bytes()
	at := bytes.Index(data, []byte(`"k":"tree"`))
	if at < 0 {
		t.Fatal("no tree record in the stored gzip data")
	}
	data[at+3] = '\\' // "k\":... : a bad escape in line 3
	_, err = ReadRecording(bytes.NewReader(data))
	want := "recording: the gzip data is damaged (gzip: invalid checksum): line 3: "
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want it to begin with %q", err, want)
	}
}

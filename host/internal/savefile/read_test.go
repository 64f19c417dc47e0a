package savefile

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"
)

// endless is an endless stream of one byte (/dev/zero for 0) that counts
// what was read of it.
type endless struct {
	b    byte
	read int
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.b
	}
	e.read += len(p)
	return len(p), nil
}

// What cannot be a save is refused at its first chunk: /dev/zero, a gzip
// bomb of zeros, a text; an endless save-like stream (white space) stops
// at MaxSize+1 bytes.
func TestReadRefusesEarly(t *testing.T) {
	zeros := &endless{}
	_, err := Read(zeros)
	const notSave = "bad save: not a btlua save (it begins with byte 0x00, and a save is a JSON object, begun by {)"
	if err == nil || err.Error() != notSave || !errors.Is(err, ErrBad) || zeros.read > 128<<10 {
		t.Errorf("/dev/zero: %v after %d bytes, want %q in the first chunk", err, zeros.read, notSave)
	}
	var bomb bytes.Buffer
	zw := gzip.NewWriter(&bomb)
	zw.Write(make([]byte, 64<<20))
	zw.Close()
	if _, err := Read(bytes.NewReader(bomb.Bytes())); err == nil || err.Error() != notSave {
		t.Errorf("gzip bomb: %v, want %q", err, notSave)
	}
	if _, err := Decode(bomb.Bytes()); err == nil || !errors.Is(err, ErrBad) {
		t.Errorf("Decode of the gzip bomb: %v, want a bad save", err)
	}
	_, err = Read(strings.NewReader(" \n\thello"))
	if want := "bad save: not a btlua save (it begins with 'h', and a save is a JSON object, begun by {)"; err == nil || err.Error() != want {
		t.Errorf("text: %v, want %q", err, want)
	}
	spaces := &endless{b: ' '}
	if _, err := Read(spaces); err != ErrTooBig || spaces.read > MaxSize+8<<20 {
		t.Errorf("endless spaces: %v after %d bytes, want ErrTooBig after MaxSize", err, spaces.read)
	}
}

// Read returns a save as it was written, plain from plain or gzipped.
func TestReadPlainAndGzip(t *testing.T) {
	save := []byte("  {\"format\":\"btlua-save\"}" + strings.Repeat(" ", 200<<10))
	for name, in := range map[string][]byte{"plain": save, "gzip": Gzip(save)} {
		got, err := Read(bytes.NewReader(in))
		if err != nil || !bytes.Equal(got, save) {
			t.Errorf("%s: %d bytes, %v; want the %d bytes", name, len(got), err, len(save))
		}
	}
	if _, err := Read(bytes.NewReader(Gzip(save)[:20])); err == nil || !errors.Is(err, ErrBad) ||
		!strings.HasSuffix(err.Error(), "(truncated or corrupted)") {
		t.Errorf("cut gzip: %v", err)
	}
	if _, err := Read(io.MultiReader(strings.NewReader("{"), iotest{})); err != errRead {
		t.Errorf("read error: %v, want it as it is", err)
	}
}

var errRead = errors.New("disk on fire")

type iotest struct{}

func (iotest) Read([]byte) (int, error) { return 0, errRead }

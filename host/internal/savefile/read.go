package savefile

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
)

// Read reads a save from r, plain or gzipped, and returns it plain. It
// refuses at once what cannot be a save (its first byte other than JSON
// white space, once gunzipped, is not '{') and stops reading past
// MaxSize bytes (ErrTooBig), holding at most MaxSize+1 bytes while it
// reads. Errors wrap ErrBad, but those of r itself, returned as they are.
func Read(r io.Reader) ([]byte, error) {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(2); !isGzip(head) {
		return readLimited(br, true, nil)
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, gzipError(err, "")
	}
	return readLimited(zr, true, func(err error) error { return gzipError(err, " (truncated or corrupted)") })
}

// gunzip is data, a gzipped save, decompressed, at most MaxSize bytes.
func gunzip(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, gzipError(err, "")
	}
	return readLimited(zr, false, func(err error) error { return gzipError(err, " (truncated or corrupted)") })
}

// isGzip tells whether head begins with gzip's magic bytes.
func isGzip(head []byte) bool { return len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b }

// readLimited reads in to its end, refusing more than MaxSize bytes
// (ErrTooBig). It reads into chunks of at most 4 MiB, never copied while
// it reads, and joins them once at the end: an input over the limit is
// refused holding MaxSize bytes at most (where io.ReadAll's doubling
// would reach more than twice that). With object, it refuses at once a
// text whose first byte other than JSON white space is not '{'. A read
// error goes through wrap when it is not nil.
func readLimited(in io.Reader, object bool, wrap func(error) error) ([]byte, error) {
	var chunks [][]byte
	buf := make([]byte, 0, 64<<10)
	total := 0
	for {
		if len(buf) == cap(buf) {
			chunks = append(chunks, buf)
			buf = make([]byte, 0, min(2*cap(buf), 4<<20))
		}
		n, err := in.Read(buf[len(buf):cap(buf)])
		if object {
			decided, bad := firstByte(buf[len(buf) : len(buf)+n])
			if bad != nil {
				return nil, bad
			}
			object = !decided
		}
		buf = buf[:len(buf)+n]
		total += n
		switch {
		case total > MaxSize:
			return nil, ErrTooBig
		case err == io.EOF && len(chunks) == 0:
			return buf, nil
		case err == io.EOF:
			out := make([]byte, 0, total)
			for _, c := range chunks {
				out = append(out, c...)
			}
			return append(out, buf...), nil
		case err != nil && wrap != nil:
			return nil, wrap(err)
		case err != nil:
			return nil, err
		}
	}
}

// firstByte looks for the first byte of b other than JSON white space:
// decided is whether there is one, and err refuses it when it is not '{'.
func firstByte(b []byte) (decided bool, err error) {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '{':
			return true, nil
		}
		return true, fmt.Errorf("%w: not a btlua save (it begins with %s, and a save is a JSON object, begun by {)", ErrBad, shownByte(c))
	}
	return false, nil
}

// shownByte is c as firstByte's message says it: quoted when printable,
// in hex otherwise.
func shownByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("%q", rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// gzipError is a gzip error as Decode words it, what added after it.
func gzipError(err error, what string) error {
	return fmt.Errorf("%w: gzip: %s%s", ErrBad, strings.TrimPrefix(err.Error(), "gzip: "), what)
}

package inspect

import (
	"bufio"
	"compress/gzip"
	"errors"
	"io"
)

// errDataAfterGzip is gzipMembers' error for bytes after a gzip stream
// that start no other gzip stream.
var errDataAfterGzip = errors.New("data after the end of the gzip stream")

// gzipMembers reads the gzip streams of src one after the other, as one
// (a file appended to holds several), and fails with errDataAfterGzip at
// bytes after a stream that do not begin another (gzip's magic number),
// where gzip.Reader's multistream mode reports a truncated or corrupt
// header.
type gzipMembers struct {
	src *bufio.Reader
	zr  *gzip.Reader
}

// newGzipMembers starts reading src's first gzip stream.
func newGzipMembers(src *bufio.Reader) (*gzipMembers, error) {
	zr, err := gzip.NewReader(src)
	if err != nil {
		return nil, err
	}
	zr.Multistream(false)
	return &gzipMembers{src: src, zr: zr}, nil
}

// Read reads the uncompressed bytes; io.EOF after the last stream.
func (g *gzipMembers) Read(p []byte) (int, error) {
	for {
		n, err := g.zr.Read(p)
		if err != io.EOF {
			return n, err
		}
		if n > 0 {
			return n, nil
		}
		magic, _ := g.src.Peek(2)
		switch {
		case len(magic) == 0:
			return 0, io.EOF
		case len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b:
			return 0, errDataAfterGzip
		}
		if err := g.zr.Reset(g.src); err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF // a stream cut inside its header
			}
			return 0, err
		}
		g.zr.Multistream(false)
	}
}

// Close closes the stream being read.
func (g *gzipMembers) Close() error { return g.zr.Close() }

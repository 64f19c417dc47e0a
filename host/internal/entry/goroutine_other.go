//go:build !amd64 && !arm64

package entry

import (
	"bytes"
	"runtime"
	"strconv"
)

// Curg returns an identity of the calling goroutine (see goroutine.go):
// here its number, read from the first line of its stack trace
// ("goroutine 7 [running]:"), plus 2 so that it is never 0 or 1.
func Curg() uintptr {
	var b [64]byte
	s := b[:runtime.Stack(b[:], false)]
	s = bytes.TrimPrefix(s, []byte("goroutine "))
	if i := bytes.IndexByte(s, ' '); i > 0 {
		s = s[:i]
	}
	id, _ := strconv.ParseUint(string(s), 10, 64)
	return uintptr(id) + 2
}

package host

import (
	"strings"
	"testing"
	"testing/fstest"
)

// A script of 2000000 nested table constructors is refused before
// gopher-lua's compiler, which recurses once per level, overflows the
// Go stack (a fatal error that took the process down), with the line
// where the nesting passes the registers of a function.
func TestLoadNestedTooDeep(t *testing.T) {
	const n = 2000000
	src := "-- deep\nlocal t = " + strings.Repeat("{", n) + strings.Repeat("}", n) + "\n"
	h, err := New(Options{FS: fstest.MapFS{"deep.lua": {Data: []byte(src)}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.LoadFile("deep.lua")
	want := "deep.lua:2: expression nested too deeply (over 200 levels of table constructors, calls or operands; register overflow)"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

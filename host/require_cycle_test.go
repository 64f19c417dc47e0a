package host

import (
	"io"
	"path/filepath"
	"testing"
)

// A require cycle (ra.lua requires rb, which requires ra, which requires
// rb again) fails the load naming the chain of files, at the require that
// closes it, as a reference cycle does; not Lua's "loop or previous
// error loading module" at the first require.
func TestRequireCycleNamesChain(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"ra.lua": "require(\"rb\")\nreturn BTIdle:New()\n",
		"rb.lua": "\nrequire(\"ra\")\nreturn {}\n",
	})
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.LoadFile(filepath.Join(dir, "ra.lua"))
	ra, rb := filepath.Join(dir, "ra.lua"), filepath.Join(dir, "rb.lua")
	want := ra + ":1: require cycle: " + rb + " -> " + ra + " -> " + rb
	if err == nil || err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}
}

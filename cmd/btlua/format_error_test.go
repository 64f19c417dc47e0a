package main

import (
	"os"
	"path/filepath"
	"testing"
)

// An error btlua's own string.format raises, already worded as PUC Lua
// words it ("to 'format'"), is printed with the function's name quoted
// once (it was quoted twice).
func TestFormatErrorQuotedOnce(t *testing.T) {
	script := filepath.Join(t.TempDir(), "fmt.lua")
	if err := os.WriteFile(script, []byte("print(string.format(\"%d\", \"x\"))\nreturn BTLog:New(\"x\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(script)
	want := "btlua: " + script + ":1: bad argument #2 to 'format' (number expected, got string)\n"
	if code != exitFailed || errOut != want {
		t.Errorf("code %d, stderr %q; want %d and %q", code, errOut, exitFailed, want)
	}
}

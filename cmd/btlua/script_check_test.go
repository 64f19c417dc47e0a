package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A script path that is no Lua script fails before any load (exit 1)
// with what it is: missing, a directory, binary (a NUL byte, or first
// bytes that are not UTF-8), or precompiled bytecode, which gopher-lua
// does not load.
func TestScriptPathIsNoLuaScript(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	elf := write("prog", []byte("\x7fELF\x02\x01\x01\x00\x00\x00"))
	png := write("img.lua", []byte("\x89PNG\r\n\x1a\n"))
	luac := write("compiled.lua", []byte("\x1bLuaQ\x00\x01\x04"))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"missing.lua"}, "btlua: missing.lua: no such file\n"},
		{[]string{"--fast", "--watch", "no/such/dir/x.lua"}, "btlua: no/such/dir/x.lua: no such file\n"},
		{[]string{dir}, "btlua: " + dir + " is a directory, not a Lua script\n"},
		{[]string{elf}, "btlua: " + elf + " is not Lua text (a NUL byte at byte 8)\n"},
		{[]string{png}, "btlua: " + png + " is not Lua text (its first bytes are not UTF-8)\n"},
		{[]string{luac}, "btlua: " + luac + " is precompiled Lua bytecode, which btlua does not load: give its source\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitFailed || out != "" || errOut != c.want {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want 1 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// A Lua script with Latin-1 text past its first bytes (a comment) is
// still loaded: only the first bytes must be UTF-8.
func TestScriptWithLatin1CommentLoads(t *testing.T) {
	p := filepath.Join(t.TempDir(), "latin1.lua")
	if err := os.WriteFile(p, []byte("-- caf\xe9\nprint('ok')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("--fast", "--ticks", "1", p)
	if code != exitOK || out != "ok\n" {
		t.Errorf("code %d, stdout %q, stderr %q; want 0 and \"ok\\n\"", code, out, errOut)
	}
}

package host

import (
	"bytes"
	"testing"
)

// In the sandbox, the string metatable's __index does not give a way to
// the string library's own table: ("").__index is nil (in gopher-lua the
// library table is the metatable, whose __index is itself), so a mod
// cannot replace string.upper for every script through it.
func TestSandboxStringMetatableIndex(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local s = ("").__index
print(s, ("").__metatable, ("a"):upper(), ("%d"):format(3), #("ab"):rep(2))
local ok = pcall(function() s.upper = function() return "PWNED" end end)
print(ok, ("a"):upper(), string.upper("b"))
return BTLog:New("ok")
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if want := "nil\tnil\tA\t3\t4\nfalse\tA\tB\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

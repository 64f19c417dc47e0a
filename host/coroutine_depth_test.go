package host

import (
	"bytes"
	"testing"
)

// Coroutines that resume each other without end stop at PUC Lua 5.1's
// depth (LUAI_MAXCCALLS, 200: "C stack overflow"), as a Lua error the
// script can catch: each resume is a Go call, and before, the nesting
// grew the Go stack past its 1 GB limit, a fatal error that took the
// whole process down (found by a newcomer's run, a coroutine.wrap in
// OnUpdate with no memory limit; with one, the error's unwinding through
// 13,800 nested resumes took 25 s).
func TestCoroutineResumeDepth(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local n = 0
local function f() n = n + 1 return coroutine.wrap(f)() end
local ok, err = pcall(f)
print(ok, n, (string.gsub(err, "^.*: ", "")))
n = 0
local last
local function g()
  n = n + 1
  local ok, e = coroutine.resume(coroutine.create(g))
  if not ok then last = e end
end
g()
print(n, last)
print(coroutine.wrap(function() return coroutine.wrap(function() return "two deep" end)() end)())
return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if want := "false\t200\tC stack overflow\n200\tC stack overflow\ntwo deep\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

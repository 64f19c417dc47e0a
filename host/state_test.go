package host

import (
	"bytes"
	"testing"
)

// Deep recursion and huge unpacks end in Lua errors that stop the agent
// at the line of the call; an unpack of 6000 values works; the host goes
// on ticking the other agent.
func TestStackLimits(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local function deep(n) return deep(n + 1) + 1 end
local function unpackN(n) local t = {} for i = 1, n do t[i] = i end return select("#", unpack(t)) end
print(unpackN(6000))
return {
    BTActionUniversal:New(nil, function() return deep(1) end),
    BTActionUniversal:New(nil, function() return unpackN(100000) end),
    BTActionUniversal:New(nil, function() print("other") return BTTaskStatus.Running end),
}
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	err = h.Tick(0.1)
	want := path + ":1: stack overflow (task BTActionUniversal)\n" + path + ":2: registry overflow (task BTActionUniversal)"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n%v\nwant\n%s", err, want)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if out.String() != "6000\nother\nother\n" {
		t.Errorf("output %q", out.String())
	}
}

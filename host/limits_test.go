package host

import (
	"bytes"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
)

// string.rep over the maximum string size ends in a Lua error, not Go's
// fatal out-of-memory; ordinary results are PUC Lua 5.1's.
func TestStringRepCap(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `print(string.rep("ab", 3), string.rep("x", 0), string.rep("x", -1) == "", ("-"):rep(2.9))
local ok, err = pcall(string.rep, "x", 2^32)
print(ok, err)
string.rep("x", 2^32)
`)
	_, err = h.LoadFile(path)
	want := path + ":4: string.rep: the result would be 4 GiB, over the maximum string size of 64 MiB"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n%v\nwant\n%s", err, want)
	}
	if got := "ababab\t\ttrue\t--\nfalse\t" + path + ":2: string.rep: the result would be 4 GiB, over the maximum string size of 64 MiB\n"; out.String() != got {
		t.Errorf("output %q, want %q", out.String(), got)
	}
}

// A table that grows without bound inside one tick stops that agent with
// "memory limit"; the other agent ticks on and the host stays usable.
func TestMemoryLimitTableGrowth(t *testing.T) {
	runtime.GC()
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	limit := s[0].Value.Uint64() + 48<<20
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), Budget: 5 * time.Second, MemoryLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `return {
    BTActionUniversal:New(nil, function()
        local t = {}
        while true do t[#t + 1] = {} end
    end),
    BTActionUniversal:New(nil, function() print("other") return BTTaskStatus.Running end),
}
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	err = h.Tick(0.1)
	want := path + ":4: memory limit of "
	if err == nil || !strings.HasPrefix(err.Error(), want) ||
		!strings.Contains(err.Error(), " exceeded (task BTActionUniversal; tick of agent BTActionUniversal, "+path+" return value 1[1])") {
		t.Fatalf("error\n%v\nwant %s... exceeded (tick of agent ...)", err, want)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if out.String() != "other\nother\n" {
		t.Errorf("output %q", out.String())
	}
}

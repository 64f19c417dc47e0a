package host

import (
	"bytes"
	"testing"
	"time"
)

// The pattern bomb (a backtracking pattern on a 30k-character string, one
// long Go call in gopher-lua's matcher) is cut by the CPU budget: the
// agent stops with the budget's error at the line of the call, the other
// agent ticks on.
func TestBudgetPatternBomb(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), Budget: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local s = string.rep("a", 30000)
return {
    BTActionUniversal:New(nil, function()
        return s:find(string.rep("a*", 20) .. "b") and BTTaskStatus.Success or BTTaskStatus.Failure
    end),
    BTActionUniversal:New(nil, function() print("other") return BTTaskStatus.Running end),
}
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = h.Tick(0.1)
	took := time.Since(start)
	want := path + ":4: CPU budget of 20ms exceeded (task BTActionUniversal; tick of agent BTActionUniversal, " + path +
		" return value 1[1])"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n%v\nwant\n%s", err, want)
	}
	t.Logf("the tick was stopped after %v", took)
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if out.String() != "other\nother\n" {
		t.Errorf("output %q", out.String())
	}
}

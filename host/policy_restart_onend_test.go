package host

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// twoRunningScript runs two tasks in parallel: A's OnEnd raises an error
// (line 4), B's logs; C fails at its second tick (line 9), stopping the
// agent with A and B running.
const twoRunningScript = `log = {}
Hold = BTAction:New()
function Hold:OnUpdate() return BTTaskStatus.Running end
function Hold:OnEnd() if self.name == "A" then error("A's OnEnd fails") end log[#log + 1] = "end " .. self.name end
Once = BTAction:New()
function Once:OnUpdate()
    n = (n or 0) + 1
    log[#log + 1] = "update C " .. n
    if n == 2 then error("C fails") end
    return BTTaskStatus.Running
end
local p = BTParallel:New()
local a, b, c = Hold:New(), Hold:New(), Once:New()
a.name, b.name = "A", "B"
p:AddChild(a) p:AddChild(b) p:AddChild(c)
return p
`

// A restart by the error policy ends every task the error left running,
// as a halt does: an OnEnd that fails (logged) does not keep the next
// task's OnEnd from running.
func TestErrorPolicyRestartRunsEveryOnEnd(t *testing.T) {
	var out, logged bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&logged),
		ErrorPolicy: ErrorPolicy{Action: RestartAgent, RestartDelay: 1, MaxRestartDelay: 1}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, twoRunningScript)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	var got []string
	for tick := 1; tick <= 3; tick++ {
		err := h.Tick(1)
		line := fmt.Sprintf("%d: %s", tick, takeLog(h))
		if err != nil {
			line += " | " + err.Error()
		}
		got = append(got, line)
	}
	want := []string{
		"1: update C 1",
		"2: update C 2 | " + path + ":9: C fails (task BTParallel/Once[3])",
		"3: end B update C 3",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ticks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(logged.String(), "A's OnEnd fails") {
		t.Errorf("log %q, want A's OnEnd error", logged.String())
	}
}

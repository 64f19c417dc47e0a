package host

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// flakyScript's leaf raises an error at every second OnUpdate of its life
// (line 5), counting them across restarts, and logs its lifecycle.
const flakyScript = `log = {}
Flaky = BTAction:New()
function Flaky:OnStart() log[#log + 1] = "start" end
function Flaky:OnUpdate()
    self.n = (self.n or 0) + 1; if self.n % 2 == 0 then error("boom") end
    log[#log + 1] = "update " .. self.n
    return BTTaskStatus.Running
end
function Flaky:OnEnd() log[#log + 1] = "end" end
return Flaky:New()
`

// takeLog returns the script's global log joined with spaces, and empties
// it.
func takeLog(h *Host) string {
	tbl, _ := h.luaVM().L.GetGlobal("log").(*lua.LTable)
	if tbl == nil {
		return ""
	}
	var parts []string
	for i := 1; i <= tbl.Len(); i++ {
		parts = append(parts, tbl.RawGetInt(i).String())
	}
	h.luaVM().L.SetGlobal("log", h.luaVM().L.NewTable())
	return strings.Join(parts, " ")
}

// RestartAgent restarts an agent stopped by an error after its back-off
// (2 s, then 4 s, then 8 s, capped by MaxRestartDelay): the task that was
// running gets its OnEnd, the tree starts again from its start task, and
// the host is not Done while a restart is due.
func TestErrorPolicyRestartAfterBackoff(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out),
		ErrorPolicy: ErrorPolicy{Action: RestartAgent, RestartDelay: 2, MaxRestartDelay: 4}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, flakyScript)
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for tick := 1; tick <= 14; tick++ {
		err := h.Tick(1)
		line := fmt.Sprintf("%d:", tick)
		if l := takeLog(h); l != "" {
			line += " " + l
		}
		if err != nil {
			line += " | " + err.Error()
		}
		if at, due := agents[0].RestartDue(); due {
			line += fmt.Sprintf(" | restart at %v", at)
		}
		got = append(got, line)
		if h.Done() {
			t.Fatalf("tick %d: Done with a restart due", tick)
		}
	}
	boom := " | " + path + ":5: boom (task Flaky)"
	want := []string{
		"1: start update 1",
		"2:" + boom + " | restart at 4",
		"3: | restart at 4",
		"4: end start update 3",
		"5:" + boom + " | restart at 9",
		"6: | restart at 9",
		"7: | restart at 9",
		"8: | restart at 9",
		"9: end start update 5",
		"10:" + boom + " | restart at 14",
		"11: | restart at 14",
		"12: | restart at 14",
		"13: | restart at 14",
		"14: end start update 7",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ticks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// FailTick ends the tick at the first error: Tick returns it as a
// *StrictError naming the agent, and the agents after it are not ticked
// that tick; the failed agent is stopped.
func TestErrorPolicyFailTick(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), ErrorPolicy: ErrorPolicy{Action: FailTick}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `log = {}
Act = BTAction:New()
function Act:OnUpdate()
    log[#log + 1] = self.name
    if self.name == "b" and not self.ok then self.ok = true; error("bad b") end
    return BTTaskStatus.Running
end
local a, b, c = Act:New(), Act:New(), Act:New()
a.name, b.name, c.name = "a", "b", "c"
return { a, b, c }
`)
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	err = h.Tick(1)
	var strict *StrictError
	if !errors.As(err, &strict) || strict.Agent != agents[1] || !IsStrict(err) ||
		err.Error() != path+":5: bad b (task b)" {
		t.Fatalf("Tick: %v, want the StrictError of agent b", err)
	}
	if got := takeLog(h); got != "a b" {
		t.Errorf("ticked %q, want \"a b\" (c not ticked)", got)
	}
	if err := h.Tick(1); err != nil {
		t.Fatal(err)
	}
	if got := takeLog(h); got != "a c" {
		t.Errorf("second tick ticked %q, want \"a c\" (b stopped)", got)
	}
}

// Agent.SetErrorPolicy overrides the host's policy for one agent; bad
// policies are refused.
func TestErrorPolicyPerAgent(t *testing.T) {
	h, _ := newBudgetHost(t, 0)
	agents, err := h.LoadFile(writeScript(t, flakyScript))
	if err != nil {
		t.Fatal(err)
	}
	if err := agents[0].SetErrorPolicy(ErrorPolicy{Action: FailTick}); err != nil {
		t.Fatal(err)
	}
	h.Tick(1)
	if err := h.Tick(1); !IsStrict(err) {
		t.Errorf("Tick: %v, want a StrictError", err)
	}
	if err := agents[0].SetErrorPolicy(ErrorPolicy{Action: 7}); err == nil || err.Error() !=
		"host: ErrorPolicy.Action must be StopAgent, RestartAgent or FailTick, got ErrorAction(7)" {
		t.Errorf("bad action: %v", err)
	}
	if _, err := New(Options{ErrorPolicy: ErrorPolicy{RestartDelay: -1}}); err == nil || err.Error() !=
		"host: ErrorPolicy.RestartDelay must be a number of seconds >= 0, got -1" {
		t.Errorf("bad delay: %v", err)
	}
}

// ErrorLog writes a message repeated every tick once per interval with
// the count of repeats, each message on its own, joined errors split.
func TestErrorLogThrottles(t *testing.T) {
	var out bytes.Buffer
	l := &ErrorLog{W: &out, Prefix: "btlua: ", Interval: 3}
	a, b := errors.New("a failed"), errors.New("b failed")
	for now := 1.0; now <= 8; now++ {
		if now == 2 {
			l.Report(errors.Join(a, b), now)
		} else {
			l.Report(a, now)
		}
	}
	l.Report(b, 9)
	l.Flush()
	want := "btlua: a failed\n" + // 1
		"btlua: b failed\n" + // 2
		"btlua: a failed (×3 since the last report)\n" + // 4: 2, 3, 4
		"btlua: a failed (×3 since the last report)\n" + // 7: 5, 6, 7
		"btlua: b failed\n" + // 9
		"btlua: a failed (×1 since the last report)\n" // 8, at Flush
	if out.String() != want {
		t.Errorf("log:\n%s\nwant:\n%s", out.String(), want)
	}
}

// An agent restarted by its error policy keeps what Go attached to it:
// its observer hears the new run, its OnChange the variables the
// restarted tree writes; an OnEnd that fails at the restart (so its end
// is not reported) goes to the Logger.
func TestErrorPolicyRestartKeepsObserverAndOnChange(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out),
		ErrorPolicy: ErrorPolicy{Action: RestartAgent, RestartDelay: 1}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `
Flaky = BTAction:New()
Flaky.name = "Flaky"
function Flaky:OnUpdate()
    self.n = (self.n or 0) + 1
    self:SetVariable("n", self.n)
    if self.n == 2 then error("boom") end
    return BTTaskStatus.Running
end
function Flaky:OnEnd() error("cannot end") end
return Flaky:New()
`)
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := agents[0]
	var log events
	a.SetObserver(&log)
	a.OnChange(func(name string, old, new any) { log = append(log, fmt.Sprintf("%s %v -> %v", name, old, new)) })
	for range 4 {
		_ = h.Tick(1)
	}
	want := []string{
		"start Flaky", "n <nil> -> 1", "n 1 -> 2",
		"start Flaky", "n 2 -> 3",
		"n 3 -> 4",
	}
	if got := strings.Join(log, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("heard:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	if want := "btlua: OnEnd at restart: " + path + ":10: cannot end (task Flaky)\n"; out.String() != want {
		t.Errorf("log %q, want %q", out.String(), want)
	}
}

// A NaN back-off delay is named as not a number, not as negative.
func TestPolicyRefusesNaNDelay(t *testing.T) {
	for _, c := range []struct {
		p    ErrorPolicy
		want string
	}{
		{ErrorPolicy{RestartDelay: math.NaN()}, "host: ErrorPolicy.RestartDelay must be a number of seconds >= 0, got NaN"},
		{ErrorPolicy{MaxRestartDelay: math.NaN()}, "host: ErrorPolicy.MaxRestartDelay must be a number of seconds >= 0, got NaN"},
		{ErrorPolicy{RestartDelay: -1}, "host: ErrorPolicy.RestartDelay must be a number of seconds >= 0, got -1"},
		{ErrorPolicy{MaxRestartDelay: -2}, "host: ErrorPolicy.MaxRestartDelay must be a number of seconds >= 0, got -2"},
	} {
		if _, err := New(Options{ErrorPolicy: c.p}); err == nil || err.Error() != c.want {
			t.Errorf("New(%+v) = %v, want %q", c.p, err, c.want)
		}
	}
}

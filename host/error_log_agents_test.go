package host

import (
	"bytes"
	"fmt"
	"testing"
	"testing/fstest"
	"time"
)

// ErrorLog writes the errors of a tick that differ only in the agent
// they name once, then one line listing the other agents (runs of
// numbers as "6 to 9"); another error keeps its own line, in order. A
// tick after the interval counts each line's repeats as ever. The CPU
// budget's error, which names the agent in its message, groups too.
func TestErrorLogGroupsAgents(t *testing.T) {
	scripts := fstest.MapFS{"fac.lua": {Data: []byte(`return function(args)
  local a = BTAction:New()
  a.name = "A"
  function a:OnUpdate()
    if args.index == 4 then error("bang") end
    if args.index >= 10 then while true do end end
    error("boom")
  end
  return a
end
`)}}
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards, FS: scripts, Budget: 20 * time.Millisecond,
				ErrorPolicy: ErrorPolicy{Action: RestartAgent, RestartDelay: 1}})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			for i := 1; i <= 11; i++ {
				if _, err := h.Spawn("fac.lua", map[string]any{"index": i}); err != nil {
					t.Fatal(err)
				}
			}
			var out bytes.Buffer
			l := &ErrorLog{W: &out, Prefix: "btlua: ", Interval: 1.5}
			for range 3 { // ticks 1 and 3 fail: a restart after 1 s
				l.Report(h.Tick(1), h.Clock())
			}
			l.Flush()
			want := "btlua: fac.lua:7: boom (agent 1, task A)\n" +
				"btlua: (the same error in 7 more agents: 2, 3, 5 to 9)\n" +
				"btlua: fac.lua:5: bang (agent 4, task A)\n" +
				"btlua: fac.lua:6: CPU budget of 20ms exceeded (task A; tick of agent 10, fac.lua factory return value 1)\n" +
				"btlua: (the same error in 1 more agent: 11)\n" +
				"btlua: fac.lua:7: boom (agent 1, task A) (×1 since the last report)\n" +
				"btlua: (the same error in 7 more agents: 2, 3, 5 to 9) (×1 since the last report)\n" +
				"btlua: fac.lua:5: bang (agent 4, task A) (×1 since the last report)\n" +
				"btlua: fac.lua:6: CPU budget of 20ms exceeded (task A; tick of agent 10, fac.lua factory return value 1) (×1 since the last report)\n" +
				"btlua: (the same error in 1 more agent: 11) (×1 since the last report)\n"
			if out.String() != want {
				t.Errorf("log:\n%s\nwant:\n%s", out.String(), want)
			}
		})
	}
}

package host

import (
	"bytes"
	"fmt"
	"testing"
	"testing/fstest"
)

// endErrorScripts: a factory whose agents' OnEnd raises an error; agent 2
// raises one in its second tick too, so that it is restarted.
var endErrorScripts = fstest.MapFS{
	"fac.lua": {Data: []byte(`return function(args)
  local a = BTAction:New()
  a.name = "A"
  local n = 0
  function a:OnUpdate()
    n = n + 1
    if args.index == 2 and n == 2 then error("boom") end
    return BTTaskStatus.Running
  end
  function a:OnEnd() error("end " .. args.index) end
  return a
end
`)},
}

// An OnEnd error while an agent restarts, is halted (Agent.Halt) or at
// Close names the agent as its tick's error does: by its number when
// several agents of one script have unnamed trees. Classic and sharded
// hosts alike.
func TestEndErrorNamesAgent(t *testing.T) {
	for _, shards := range []int{0, 1, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			var log bytes.Buffer
			h, err := New(Options{Shards: shards, FS: endErrorScripts, Logger: lineLogger(&log),
				ErrorPolicy: ErrorPolicy{Action: RestartAgent, RestartDelay: 1}})
			if err != nil {
				t.Fatal(err)
			}
			for i := 1; i <= 3; i++ {
				if _, err := h.Spawn("fac.lua", map[string]any{"index": i}); err != nil {
					t.Fatal(err)
				}
			}
			if err := h.Tick(1); err != nil {
				t.Fatal(err)
			}
			if err := h.Tick(1); err == nil || err.Error() != "fac.lua:7: boom (agent 2, task A)" {
				t.Fatalf("tick 2: %v", err)
			}
			log.Reset()
			if err := h.Tick(1); err != nil {
				t.Fatal(err)
			}
			if want := "btlua: OnEnd at restart: fac.lua:10: end 2 (agent 2, task A)\n"; log.String() != want {
				t.Errorf("restart logged %q, want %q", log.String(), want)
			}
			h.Agents()[0].Halt()
			if got := h.Agents()[0].Err(); got == nil || got.Error() != "fac.lua:10: end 1 (agent 1, task A)" {
				t.Errorf("agent 1's Err after Halt: %v", got)
			}
			want := "fac.lua:10: end 2 (agent 2, task A)\nfac.lua:10: end 3 (agent 3, task A)"
			if err := h.Close(); err == nil || err.Error() != want {
				t.Errorf("Close: got\n%v\nwant\n%s", err, want)
			}
		})
	}
}

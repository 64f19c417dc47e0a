package host

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// A table read from a global variable of a sharded host is read-only: an
// agent that changes it in place (tbl.a = tbl.a + 10, at any depth, a key
// added or removed) makes Tick return, at the frame boundary, an error
// naming the variable, the same for 1, 2 and 4 shards, and every shard's
// copy is put back, so the next frame reads the frame-start value
// everywhere: the output of the frames that change nothing (the agents
// print before they change it) is the same for every shard count. A new
// table written with SetGlobalVariable is the way to change it.
func TestShardsGlobalTableChangedInPlace(t *testing.T) {
	const script = `local bt = require("bt")
W = BTAction:New()
function W:OnStart() self.n = 0 end
function W:OnUpdate()
  self.n = self.n + 1
  if self.n == 1 and self.idx == 1 then bt.SetGlobalVariable("tbl", { a = 1, deep = { b = { 1, 2 } } }) end
  local t = bt.GetGlobalVariable("tbl")
  if self.n == 2 or self.n >= 6 then
    print("tick " .. self.n .. " agent " .. self.idx .. ": " .. t.a .. " " .. #t.deep.b)
  end
  if self.n == 3 then t.a = t.a + 10 end
  if self.n == 4 and self.idx == 2 then t.deep.b[3] = 3 end
  if self.n == 5 and self.idx == 3 then t.deep.b = nil end
  if self.n == 6 and self.idx == 4 then bt.SetGlobalVariable("tbl", { a = t.a + 100, deep = t.deep }) end
  return BTTaskStatus.Running
end
return function(args)
  local t = BTBehaviorTree:New()
  local w = W:New(); w.idx = args.index
  t:SetStartTask(w)
  return t
end
`
	changed := `host: global variable "tbl": a table read from it was changed in place; on a sharded host (Options.Shards >= 1) each shard reads its own copy, so a table read from a global variable is read-only: write a new table with bt.SetGlobalVariable (the change was undone)`
	wantErrs := []string{"<nil>", "<nil>", changed, changed, changed, "<nil>", "<nil>"}
	var want string
	for _, shards := range []int{1, 2, 4} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			var out bytes.Buffer
			h := shardedHost(t, shards, &out, fstest.MapFS{"w.lua": {Data: []byte(script)}})
			for i := 1; i <= 4; i++ {
				if _, err := h.Spawn("w.lua", map[string]any{"index": i}); err != nil {
					t.Fatal(err)
				}
			}
			var got []string
			for tick, wantErr := range wantErrs {
				err := h.Tick(0.1)
				if fmt.Sprint(err) != wantErr {
					t.Errorf("tick %d: %v, want %s", tick+1, err, wantErr)
				}
				got = append(got, out.String())
				out.Reset()
			}
			all := strings.Join(got, "")
			if want == "" {
				want = all
			} else if all != want {
				t.Errorf("output:\n%s\nwant (as with 1 shard):\n%s", all, want)
			}
			if g := fmt.Sprint(h.Globals().Get("tbl")); g != "map[a:101 deep:map[b:[1 2]]]" {
				t.Errorf("tbl = %s", g)
			}
		})
	}
	if !strings.Contains(want, "tick 6 agent 1: 1 2\n") || !strings.Contains(want, "tick 7 agent 4: 101 2\n") {
		t.Errorf("output:\n%s", want)
	}
}

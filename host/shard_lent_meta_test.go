package host

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// setmetatable on a table read from a global variable of a sharded host,
// at the top or deeper, is a change in place like a field's: Tick returns
// the error naming the variable and the copy is put back without the
// metatable, so from the next frame every agent reads the plain table,
// the same output for 1 and 3 shards (the last agent changes it, after
// printing: within the frame of a change, the agents after the changer in
// its shard would see it).
func TestShardsGlobalTableMetatableIsChange(t *testing.T) {
	const script = `local bt = require("bt")
bt.SetGlobalVariable("cfg", { a = 1, deep = { b = 2 } })
M = BTAction:New()
function M:OnUpdate()
  self.n = (self.n or 0) + 1
  local c = bt.GetGlobalVariable("cfg")
  if self.n >= 2 then print("tick " .. self.n .. " agent " .. self.idx .. " zz=" .. tostring(c.zz) .. " deep.zz=" .. tostring(c.deep.zz)) end
  if self.idx == 3 and self.n == 1 then setmetatable(c, {__index = function() return "meta" end}) end
  if self.idx == 3 and self.n == 3 then setmetatable(c.deep, {__index = function() return "meta" end}) end
  return BTTaskStatus.Running
end
return function(args) local t = BTBehaviorTree:New(); local m = M:New(); m.idx = args.index; t:SetStartTask(m); return t end
`
	changed := `host: global variable "cfg": a table read from it was changed in place; on a sharded host (Options.Shards >= 1) each shard reads its own copy, so a table read from a global variable is read-only: write a new table with bt.SetGlobalVariable (the change was undone)`
	wantErrs := []string{changed, "<nil>", changed, "<nil>"}
	var want string
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			var out bytes.Buffer
			h := shardedHost(t, shards, &out, fstest.MapFS{"w.lua": {Data: []byte(script)}})
			for i := 1; i <= 3; i++ {
				if _, err := h.Spawn("w.lua", map[string]any{"index": i}); err != nil {
					t.Fatal(err)
				}
			}
			var got []string
			for tick, wantErr := range wantErrs {
				if err := h.Tick(0.1); fmt.Sprint(err) != wantErr {
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
		})
	}
	if !strings.Contains(want, "tick 2 agent 3 zz=nil deep.zz=nil\n") || !strings.Contains(want, "tick 4 agent 3 zz=nil deep.zz=nil\n") {
		t.Errorf("output:\n%s", want)
	}
}

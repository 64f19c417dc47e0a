package host

import (
	"bytes"
	"fmt"
	"testing"
	"testing/fstest"
)

// A restore refills a table-valued global variable the script had set at
// load in place: on a sharded host the global variables (Globals) and
// every shard then hold the saved table, and the next tick neither finds
// it "changed in place" nor prints the script's value.
func TestRestoreRefilledGlobalTable(t *testing.T) {
	files := fstest.MapFS{"g.lua": {Data: []byte(`local bt = require("bt")
bt.SetGlobalVariable("cfg", {n = 1})
Show = BTAction:New()
function Show:OnUpdate()
  print("n " .. bt.GetGlobalVariable("cfg").n)
  return BTTaskStatus.Running
end
return Show:New()
`)}}
	for _, shards := range []int{0, 1, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			var out bytes.Buffer
			h := saveHostShards(t, files, &out, shards)
			for range 2 {
				if _, err := h.LoadFile("g.lua"); err != nil {
					t.Fatal(err)
				}
			}
			h.Globals().Set("cfg", map[string]any{"n": 2})
			data, err := h.SnapshotAll()
			if err != nil {
				t.Fatal(err)
			}
			out.Reset()
			h2 := saveHostShards(t, files, &out, shards)
			if _, err := h2.RestoreAll(data); err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(h2.Globals().Get("cfg")); got != "map[n:2]" {
				t.Errorf("Globals cfg after restore = %s, want map[n:2]", got)
			}
			if err := h2.Tick(0.1); err != nil {
				t.Errorf("tick after restore: %v", err)
			}
			if got := out.String(); got != "n 2\nn 2\n" {
				t.Errorf("printed %q, want %q", got, "n 2\nn 2\n")
			}
		})
	}
}

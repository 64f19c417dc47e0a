package host

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// gomapScript's agents read the global variables "shared" (given from Go
// as a Go map), "list" (a Go slice) and "viaLua" (a Go map a script wrote
// with bt.SetGlobalVariable from a field of the Lua global world, a Go
// struct), print what they see, and at their second tick write into
// "shared" in place, as repro2/embed3 does (which killed the process with
// "concurrent map writes" when the shards shared one Go map), and into
// the Lua global lmap (a Go map given to SetGlobal: a table per shard).
const gomapScript = `local bt = require("bt")
if world then bt.SetGlobalVariable("viaLua", world.M) end
W = BTAction:New()
function W:OnUpdate()
  self.n = (self.n or 0) + 1
  local m, l, v = bt.GetGlobalVariable("shared"), bt.GetGlobalVariable("list"), bt.GetGlobalVariable("viaLua")
  local n = 0; for _ in ipairs(l) do n = n + 1 end
  print(self.idx .. ": " .. type(m) .. " " .. tostring(m.a) .. " " .. type(l) .. " #" .. #l .. " ipairs " .. n .. " " .. type(v) .. " " .. tostring(v.b))
  if self.n == 2 then for i = 1, 200 do m["k" .. self.idx .. "_" .. i] = i; lmap["k" .. self.idx .. "_" .. i] = i end end
  if self.n == 3 then print(self.idx .. ": lmap " .. type(lmap)) end
  return BTTaskStatus.Running
end
return function(args) local t = BTBehaviorTree:New(); local w = W:New(); w.idx = args.idx; t:SetStartTask(w); return t end
`

// On a sharded host, a Go map or slice given as a global variable
// (Globals.Set, SetVariable(nil, ...), or bt.SetGlobalVariable of a Go
// value) is copied into each shard as a Lua table, read-only like any
// table global: scripts index it and ipairs it as a table, a write into
// it is undone with the "changed in place" error instead of racing on one
// Go map, and Globals.Get gives its Go form (a copy, not the map given).
// The same output for 1, 2 and 4 shards.
func TestShardsGlobalGoMapIsCopied(t *testing.T) {
	changed := `host: global variable "shared": a table read from it was changed in place; on a sharded host (Options.Shards >= 1) each shard reads its own copy, so a table read from a global variable is read-only: write a new table with bt.SetGlobalVariable (the change was undone)`
	wantErrs := []string{"<nil>", changed, "<nil>"}
	var want string
	for _, shards := range []int{1, 2, 4} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			var out bytes.Buffer
			h := shardedHost(t, shards, &out, fstest.MapFS{"w.lua": {Data: []byte(gomapScript)}})
			given := map[string]any{"a": 1}
			h.Globals().Set("shared", given)
			if err := h.SetVariable(nil, "list", []int{10, 20, 30}); err != nil {
				t.Fatal(err)
			}
			h.SetGlobal("world", &struct{ M map[string]any }{M: map[string]any{"b": "x"}})
			h.SetGlobal("lmap", map[string]any{})
			for i := 1; i <= 4; i++ {
				if _, err := h.Spawn("w.lua", map[string]any{"idx": i}); err != nil {
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
			if len(given) != 1 {
				t.Errorf("the Go map given was written into: %v", given)
			}
			for name, w := range map[string]string{"shared": "map[string]interface {} map[a:1]", "list": "[]interface {} [10 20 30]", "viaLua": "map[string]interface {} map[b:x]"} {
				if g := h.Globals().Get(name); fmt.Sprintf("%T %v", g, g) != w {
					t.Errorf("Globals().Get(%q) = %T %v, want %s", name, g, g, w)
				}
			}
		})
	}
	if line := "4: table 1 table #3 ipairs 3 table x\n"; strings.Count(want, line) != 3 || !strings.Contains(want, "4: lmap table\n") {
		t.Errorf("output:\n%s\nwant 3 times %q", want, line)
	}
}

// Globals().Get of a table global gives its Go form ([]any for a
// sequence); written back with Set, scripts read a Lua table again, on the
// classic host and the sharded one (repro2/embed6).
func TestGlobalTableRoundTrip(t *testing.T) {
	const script = `local bt = require("bt")
if not bt.GetGlobalVariable("list") then bt.SetGlobalVariable("list", {10, 20, 30}) end
R = BTAction:New()
function R:OnUpdate()
  local l = bt.GetGlobalVariable("list")
  local n = 0; for _ in ipairs(l) do n = n + 1 end
  print(type(l) .. " #" .. #l .. " ipairs " .. n .. " l[1] " .. tostring(l[1]))
  return BTTaskStatus.Running
end
return function() local t = BTBehaviorTree:New(); t:SetStartTask(R:New()); return t end
`
	for _, shards := range []int{0, 1, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			var out bytes.Buffer
			h := shardedHost(t, shards, &out, fstest.MapFS{"r.lua": {Data: []byte(script)}})
			if _, err := h.Spawn("r.lua", nil); err != nil {
				t.Fatal(err)
			}
			v := h.Globals().Get("list")
			if fmt.Sprintf("%T %v", v, v) != "[]interface {} [10 20 30]" {
				t.Errorf("Get = %T %v", v, v)
			}
			h.Globals().Set("list", v)
			if _, err := h.Spawn("r.lua", nil); err != nil {
				t.Fatal(err)
			}
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
			if got, want := out.String(), strings.Repeat("table #3 ipairs 3 l[1] 10\n", 2); got != want {
				t.Errorf("output:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

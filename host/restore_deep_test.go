package host

import (
	"github.com/btlua/btlua/host/internal/persist/values"

	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// chainScript: a Lua task whose field chain is a linked list of n tables.
func chainScript(n int) string {
	return fmt.Sprintf(`
Chain = BTAction:New()
function Chain:New()
  local o = {chain = {i = 0}}
  local c = o.chain
  for i = 1, %d do c.next = {i = i}; c = c.next end
  setmetatable(o, self); self.__index = self
  return o
end
function Chain:OnUpdate()
  local n, c = 0, self.chain
  while c.next do n = n + 1; c = c.next end
  print("chain " .. n .. " last " .. c.i)
  return BTTaskStatus.Running
end
local s = BTSequence:New()
s.name = "root"
s:AddChild(Chain:New())
return s
`, n)
}

// deepSave snapshots the agent of chainScript(n), with the depth cap
// raised so that the save can be written.
func deepSave(t *testing.T, n int) (fstest.MapFS, []byte) {
	t.Helper()
	files := fstest.MapFS{"d.lua": {Data: []byte(chainScript(n))}}
	old := values.MaxDepth
	values.MaxDepth = n + 10
	defer func() { values.MaxDepth = old }()
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	agents, err := h.LoadFile("d.lua")
	if err != nil {
		t.Fatal(err)
	}
	data, err := agents[0].Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	return files, data
}

// A 32,000-deep chain restores in linear work (with the cap raised), and
// is refused by the default cap at save and at restore, naming the agent,
// the task and the field.
func TestRestoreDeepChain(t *testing.T) {
	const n = 32000
	files, data := deepSave(t, n)

	old := values.MaxDepth
	values.MaxDepth = n + 10
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	agents, err := h.Restore(data)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	values.MaxDepth = old
	if err != nil {
		t.Fatal(err)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("restore of a %d-deep chain: %v, %d MB allocated", n, took, alloc>>20)
	// Quadratic field paths allocated 5.6 GB here; linear work is some
	// tens of MB (the script's own build included).
	if alloc > 512<<20 {
		t.Errorf("restore allocated %d MB, want under 512", alloc>>20)
	}
	_ = agents
	ticks(t, h, 1)
	if want := fmt.Sprintf("chain %d last %d\n", n, n); out.String() != want {
		t.Errorf("restored output %q, want %q", out.String(), want)
	}

	// The default cap refuses the same save, and the same state at save.
	_, err = saveHost(t, files, &out).Restore(data)
	want := "host: restoring agent root: bad save: task root/Chain[1] (Chain) field chain" + strings.Repeat(".next", 5) + ".(188 more)" + strings.Repeat(".next", 6) + ": nested deeper than 200 tables"
	if err == nil || err.Error() != want {
		t.Errorf("Restore with the cap:\n%v\nwant\n%s", err, want)
	}
	h = saveHost(t, files, &out)
	loaded, err := h.LoadFile("d.lua")
	if err != nil {
		t.Fatal(err)
	}
	_, err = loaded[0].Snapshot()
	want = "host: saving agent root (d.lua): task root/Chain[1] (Chain) field chain" + strings.Repeat(".next", 5) + ".(188 more)" + strings.Repeat(".next", 6) + " holds tables nested deeper than 200, which a save cannot hold"
	if err == nil || err.Error() != want {
		t.Errorf("Snapshot with the cap:\n%v\nwant\n%s", err, want)
	}
}

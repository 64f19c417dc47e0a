package host

import (
	"bytes"
	"testing"
	"testing/fstest"
)

// A task field set at run time to a function the build did not put
// there (a local function, print, string.rep) is refused by the save,
// naming agent, task and field: a restore could not find it again. A
// function the build gave (a method set in New) still saves and
// restores; saveSkip leaves the field out.
func TestSnapshotRefusesRuntimeFunction(t *testing.T) {
	script := func(set, skip string) string {
		return `
Holder = BTAction:New()
Holder.name = "Holder"
` + skip + `
local function helper() return 1 end
local function built() return 2 end
function Holder:New() local o = {keep = built}; setmetatable(o, self); self.__index = self; return o end
function Holder:OnStart() ` + set + ` end
function Holder:OnUpdate() return BTTaskStatus.Running end
local t = BTBehaviorTree:New(); t.name = "h"; t:SetStartTask(Holder:New()); return t
`
	}
	for _, c := range []struct{ set, want string }{
		{"self.cb = helper", "host: saving agent h (f.lua): task Holder (Holder) field cb holds the function defined at f.lua:5, set after the tree was built (a restore cannot find it again; list the field in saveSkip, or save it with OnSave and OnLoad), which a save cannot hold"},
		{"self.cb = print", "host: saving agent h (f.lua): task Holder (Holder) field cb holds a Go function set after the tree was built (a restore cannot find it again; list the field in saveSkip, or save it with OnSave and OnLoad), which a save cannot hold"},
		{"self.cb = string.rep", "host: saving agent h (f.lua): task Holder (Holder) field cb holds a Go function set after the tree was built (a restore cannot find it again; list the field in saveSkip, or save it with OnSave and OnLoad), which a save cannot hold"},
		{"self.keep = helper", "host: saving agent h (f.lua): task Holder (Holder) field keep holds the function defined at f.lua:5, set after the tree was built (a restore cannot find it again; list the field in saveSkip, or save it with OnSave and OnLoad), which a save cannot hold"},
	} {
		var out bytes.Buffer
		h := saveHost(t, fstest.MapFS{"f.lua": {Data: []byte(script(c.set, ""))}}, &out)
		agents, err := h.LoadFile("f.lua")
		if err != nil {
			t.Fatal(err)
		}
		ticks(t, h, 1)
		if _, err := agents[0].Snapshot(); err == nil || err.Error() != c.want {
			t.Errorf("%s: Snapshot: %v\nwant %s", c.set, err, c.want)
		}
	}
	// The build's own function, and a runtime one under saveSkip.
	files := fstest.MapFS{"f.lua": {Data: []byte(script("self.cb = helper", `Holder.saveSkip = {"cb"}`))}}
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	if _, err := h.LoadFile("f.lua"); err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 1)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	h2 := saveHost(t, files, &out)
	if _, err := h2.RestoreAll(data); err != nil {
		t.Fatalf("RestoreAll: %v", err)
	}
}

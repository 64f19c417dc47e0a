package host

import (
	"bytes"
	"testing"
	"testing/fstest"
)

// A function in a table below a task field is held to the rule of a
// function directly in a field: the one the build put at that place
// saves (and the restore finds it again); another, set at run time, is
// refused naming the task path and the field's path.
func TestSnapshotRefusesNestedRuntimeFunction(t *testing.T) {
	script := func(set string) string {
		return `
Holder = BTAction:New()
Holder.name = "Holder"
local function helper() return 1 end
local function built() return 2 end
function Holder:New() local o = {on = {hit = built, deep = {f = built}}}; setmetatable(o, self); self.__index = self; return o end
function Holder:OnStart() ` + set + ` end
function Holder:OnUpdate() return BTTaskStatus.Running end
local t = BTBehaviorTree:New(); t.name = "h"; t:SetStartTask(Holder:New()); return t
`
	}
	const tail = ", set after the tree was built (a restore cannot find it again; list the field in saveSkip, or save it with OnSave and OnLoad), which a save cannot hold"
	for _, c := range []struct{ set, want string }{
		{"self.on.hit = helper", "host: saving agent h (f.lua): task Holder (Holder) field on.hit holds the function defined at f.lua:4" + tail},
		{"self.on.deep.f = helper", "host: saving agent h (f.lua): task Holder (Holder) field on.deep.f holds the function defined at f.lua:4" + tail},
		{"self.more = {list = {built}}", "host: saving agent h (f.lua): task Holder (Holder) field more.list[1] holds the function defined at f.lua:5" + tail},
		{"self.on.miss = built", "host: saving agent h (f.lua): task Holder (Holder) field on.miss holds the function defined at f.lua:5" + tail},
	} {
		var out bytes.Buffer
		h := saveHost(t, fstest.MapFS{"f.lua": {Data: []byte(script(c.set))}}, &out)
		agents, err := h.LoadFile("f.lua")
		if err != nil {
			t.Fatal(err)
		}
		ticks(t, h, 1)
		if _, err := agents[0].Snapshot(); err == nil || err.Error() != c.want {
			t.Errorf("%s: Snapshot: %v\nwant %s", c.set, err, c.want)
		}
	}
	// The build's own functions, below fields, save and restore.
	files := fstest.MapFS{"f.lua": {Data: []byte(script("self.on.n = 3"))}}
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

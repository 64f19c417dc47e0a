package host

import (
	"bytes"
	"testing"
)

// bagScript gives its task, in OnStart (after the tree is built), a
// table holding a table: a restore makes both anew.
const bagScript = `
Walker = BTAction:New()
Walker.name = "Walker"
function Walker:OnStart() self.bag = {items = {"a", "b"}} end
function Walker:OnUpdate() return BTTaskStatus.Running end
local tree = BTBehaviorTree:New()
tree:SetStartTask(Walker:New())
return tree
`

// A resealed save cannot give a table the restore makes anew (one below
// a task's field) a global table the script did not define as its class
// (string, _G), nor hold a Lua key twice in a table's "kv".
func TestRestoreNestedTableEdits(t *testing.T) {
	path := writeScript(t, bagScript)
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	h.Tick(1)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	items := []byte(`{"kv":[1,"a",2,"b"]}`)
	if !bytes.Contains(data, items) {
		t.Fatalf("no table of items in\n%s", data)
	}
	for _, c := range []struct{ edit, want string }{
		{`{"mt":"string","kv":[1,"a",2,"b"]}`, `host: restoring agent BTBehaviorTree: bad save: task Walker (Walker) field bag.items: the saved table's class "string" is no class the script defined`},
		{`{"mt":"_G","kv":[1,"a",2,"b"]}`, `host: restoring agent BTBehaviorTree: bad save: task Walker (Walker) field bag.items: the saved table's class "_G" is no class the script defined`},
		{`{"kv":[1,"a",1,"b"]}`, `host: restoring agent BTBehaviorTree: bad save: task Walker (Walker) field bag.items: the key 1 is repeated ("kv" keys 1 and 2)`},
	} {
		bad := resealed(bytes.Replace(data, items, []byte(c.edit), 1))
		b, err := New(Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = b.RestoreAll(bad)
		b.Close()
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %s", c.edit, err, c.want)
		}
	}
	// The save itself restores.
	b, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.RestoreAll(data); err != nil {
		t.Fatal(err)
	}
}

// A save refuses a table whose metatable is a library's global table
// (string), which its restore would refuse: only a class the script
// defined is saved as a table's class.
func TestSaveRefusesLibraryClass(t *testing.T) {
	path := writeScript(t, `
Walker = BTAction:New()
Walker.name = "Walker"
function Walker:OnStart() self.bag = setmetatable({}, string) end
function Walker:OnUpdate() return BTTaskStatus.Running end
local tree = BTBehaviorTree:New()
tree:SetStartTask(Walker:New())
return tree
`)
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	h.Tick(1)
	_, err = h.SnapshotAll()
	want := "host: saving agent BTBehaviorTree (" + path + "): task Walker (Walker) field bag holds a table whose metatable is the global table string, no class the script defined, which a save cannot hold"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

package loader

import (
	"testing"
	"testing/fstest"

	"github.com/btlua/btlua/host/internal/reload"
)

// A reload's run that no longer defines a class the file defined is
// refused, naming the file; one that keeps it merges the new method in
// place (the class table is the same) and returns the new trees; a
// syntax error is reported at its line by Compile.
func TestRerun(t *testing.T) {
	const v1 = `Guard = BTAction:New()
function Guard:OnExecute() return BTSuccess end
`
	const tree = `local t = BTBehaviorTree:New(); t.name = "g"; t:SetStartTask(Guard:New()); return t`
	l, _ := open(t, fstest.MapFS{"g.lua": {Data: []byte(v1 + tree)}})
	rec, _ := load(t, l, "g.lua")
	f := File{Rec: rec, Path: "g.lua", Kind: Script}
	L := l.vm.L
	guard := L.GetGlobal("Guard")
	before := reload.ClassesOf(L, l.vm.Lib, rec.(*file).defined, "")

	proto, err := l.Compile("g.lua", []byte(`local t = BTBehaviorTree:New(); t:SetStartTask(BTIdle:New()); return t`))
	if err != nil {
		t.Fatal(err)
	}
	var hint reload.Hint
	snap := reload.Take(L, l.vm.Lib, &hint)
	_, _, err = l.Rerun(f, false, proto, before, snap, &reload.Report{})
	want := "g.lua: Guard is no longer defined here; running tasks may use it, so nothing is reloaded (restart to remove a class)"
	if err == nil || err.Error() != want {
		t.Errorf("a class dropped: %v, want %q", err, want)
	}
	snap.Restore()

	proto, err = l.Compile("g.lua", []byte(v1+"function Guard:OnEnd() end\n"+tree))
	if err != nil {
		t.Fatal(err)
	}
	rep := &reload.Report{}
	fresh, factory, err := l.Rerun(f, false, proto, before, reload.Take(L, l.vm.Lib, &hint), rep)
	if err != nil || factory != nil || len(fresh) != 1 || TreeName(fresh[0]) != "g" {
		t.Fatalf("Rerun: %v, %v, %v; want one tree g", fresh, factory, err)
	}
	if L.GetGlobal("Guard") != guard || len(rep.Changed) != 1 || rep.Changed[0] != "Guard.OnEnd" {
		t.Errorf("Guard merged: same table %v, changed %v; want the same table and Guard.OnEnd", L.GetGlobal("Guard") == guard, rep.Changed)
	}

	_, err = l.Compile("g.lua", []byte("local x = \n"))
	if want := "g.lua:1: syntax error at end of file"; err == nil || err.Error() != want {
		t.Errorf("syntax error: %v, want %q", err, want)
	}
}

package loader

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// book is a host's record of files and trees for the tests: files by
// path, and the script whose agent ticks each tree.
type book struct {
	files  map[string]*file
	order  []*file
	ticked map[*btlib.Tree]*file
}

type file struct {
	path    string
	kind    Kind
	defined []string
	ran     bool
}

func (f *file) Define(name string) { f.defined = append(f.defined, name) }
func (f *file) FirstRun() bool     { first := !f.ran; f.ran = true; return first }

func (b *book) Track(path string, kind Kind, _ string) Record {
	if f := b.files[path]; f != nil {
		return f
	}
	f := &file{path: path, kind: kind}
	b.files[path] = f
	b.order = append(b.order, f)
	return f
}

func (b *book) Definer(name string) Record {
	for _, f := range b.order {
		for _, n := range f.defined {
			if n == name {
				return f
			}
		}
	}
	return nil
}

func (b *book) Reloading(string) *lua.FunctionProto { return nil }

func (b *book) Ticker(tr *btlib.Tree, skip Record) string {
	if f := b.ticked[tr]; f != nil && (skip == nil || Record(f) != skip) {
		return f.path
	}
	return ""
}

// open returns a loader over a VM reading fsys, with its book.
func open(t *testing.T, fsys fstest.MapFS) (*Loader, *book) {
	t.Helper()
	b := &book{files: map[string]*file{}, ticked: map[*btlib.Tree]*file{}}
	var l *Loader
	v, err := vm.Open(vm.Options{Stdout: &strings.Builder{}, FS: fsys, MaxStringSize: -1,
		Install: func(v *vm.VM) { l = New(v, b, b); l.Install() }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(v.Close)
	return l, b
}

// load opens and runs the script at path as a first run, committed, and
// returns its return values.
func load(t *testing.T, l *Loader, path string) (Record, []lua.LValue) {
	t.Helper()
	rec, fn, err := l.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	rets, commit, err := l.Run(path, rec, fn, false)
	if err != nil {
		t.Fatal(err)
	}
	commit()
	return rec, rets
}

// A first run records the global tables the script and the module it
// requires define, each by the file that defined it; the trees it returns
// come back with the return value that gave each.
func TestRunRecordsDefinedAndTrees(t *testing.T) {
	l, b := open(t, fstest.MapFS{
		"ai/main.lua": {Data: []byte(`local m = require("walk")
Guard = BTAction:New()
function Guard:OnExecute() return BTSuccess end
local a = BTBehaviorTree:New(); a.name = "a"; a:SetStartTask(Guard:New())
return a, {m.tree()}`)},
		"ai/walk.lua": {Data: []byte(`Walk = BTAction:New()
function Walk:OnExecute() return BTSuccess end
return {tree = function() local t = BTBehaviorTree:New(); t.name = "w"; t:SetStartTask(Walk:New()); return t end}`)},
	})
	rec, rets := load(t, l, "ai/main.lua")
	trees, wheres, err := l.TreesOf("ai/main.lua", rets, nil, "return value")
	if err != nil {
		t.Fatal(err)
	}
	if len(trees) != 2 || TreeName(trees[0]) != "a" || TreeName(trees[1]) != "w" {
		t.Fatalf("trees %v", trees)
	}
	if got := strings.Join(wheres, ","); got != "return value 1,return value 2[1]" {
		t.Errorf("wheres %q", got)
	}
	if got := strings.Join(rec.(*file).defined, ","); got != "Guard" {
		t.Errorf("main.lua defined %q, want Guard", got)
	}
	walk := b.files["ai/walk.lua"]
	if walk == nil || walk.kind != Module || strings.Join(walk.defined, ",") != "Walk" {
		t.Errorf("walk.lua recorded as %+v, want a module that defined Walk", walk)
	}
}

// TreesOf refuses a tree another script's agent ticks, and a tree
// returned twice, naming the file and the return values; a function
// returned to LoadFile is an error wrapping ErrFactoryScript.
func TestTreesOfRefusals(t *testing.T) {
	l, b := open(t, fstest.MapFS{
		"t.lua": {Data: []byte(`T = BTBehaviorTree:New(); T.name = "t"; T:SetStartTask(BTIdle:New()); return T`)},
	})
	_, rets := load(t, l, "t.lua")
	other := &file{path: "other.lua"}
	tr, err := l.vm.Lib.TreeOf(rets[0])
	if err != nil {
		t.Fatal(err)
	}
	b.ticked[tr] = other
	_, _, err = l.TreesOf("t.lua", rets, nil, "return value")
	want := "t.lua: return value 1: the behavior tree t is ticked already, returned by other.lua; " + oneAgent
	if err == nil || err.Error() != want {
		t.Errorf("ticked by another script: %v, want %q", err, want)
	}
	if _, _, err := l.TreesOf("t.lua", rets, other, "return value"); err != nil {
		t.Errorf("reloading the ticking script: %v, want no error", err)
	}
	delete(b.ticked, tr)
	_, _, err = l.TreesOf("t.lua", []lua.LValue{rets[0], rets[0]}, nil, "return value")
	want = "t.lua: return value 2: the behavior tree t is return value 1 already; " + oneAgent
	if err == nil || err.Error() != want {
		t.Errorf("returned twice: %v, want %q", err, want)
	}
	_, _, err = l.TreesOf("t.lua", []lua.LValue{l.vm.L.NewFunction(func(*lua.LState) int { return 0 })}, nil, "return value")
	var le *luaerr.Error
	if !errors.Is(err, ErrFactoryScript) || !errors.As(err, &le) || le.File != "t.lua" {
		t.Errorf("a function: %v, want a *luaerr.Error of t.lua wrapping ErrFactoryScript", err)
	}
}

// A factory that returns two trees is refused at the line where it is
// defined; one that returns a tree gets it back.
func TestCallFactory(t *testing.T) {
	l, _ := open(t, fstest.MapFS{
		"f.lua": {Data: []byte(`
return function(args)
  local t = BTBehaviorTree:New(); t.name = args.name; t:SetStartTask(BTIdle:New())
  if args.two then return t, BTIdle:New() end
  return t
end`)},
	})
	rec, rets := load(t, l, "f.lua")
	f, err := FactoryOf("f.lua", rets)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := l.CallFactory("f.lua", rec, f, map[string]any{"name": "npc"})
	if err != nil || TreeName(tr) != "npc" {
		t.Fatalf("CallFactory: %v, %v; want the tree npc", tr, err)
	}
	_, err = l.CallFactory("f.lua", rec, f, map[string]any{"name": "npc", "two": true})
	want := "f.lua:2: Spawn: the factory returned 2 behavior trees; an agent ticks one (return a tree or a task)"
	if err == nil || err.Error() != want {
		t.Errorf("two trees: %v, want %q", err, want)
	}
	_, err = FactoryOf("f.lua", []lua.LValue{lua.LNumber(3)})
	want = "f.lua: Spawn: the script returns 3 (a number), not a factory function (end it with return function(args) ... return tree end)"
	if err == nil || err.Error() != want {
		t.Errorf("FactoryOf a number: %v, want %q", err, want)
	}
}

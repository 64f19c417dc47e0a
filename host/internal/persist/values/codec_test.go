package values

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/btlua/btlua/host/internal/savefile"
	lua "github.com/yuin/gopher-lua"
)

func newState(t *testing.T, src string) *lua.LState {
	t.Helper()
	L := lua.NewState()
	t.Cleanup(L.Close)
	if err := L.DoString(src); err != nil {
		t.Fatal(err)
	}
	return L
}

// A table two fields share and a table that holds itself are saved once,
// by reference, and load back shared and cyclic in a fresh state.
func TestSharedAndCyclicTablesRoundTrip(t *testing.T) {
	L := newState(t, `a = {n = 1.5, s = "x"}; a.me = a; b = {a, a, nan = 0/0}`)
	var ss Savers
	s := ss.New(L)
	v, err := s.At("global variable b", L.GetGlobal("b"))
	if err != nil {
		t.Fatal(err)
	}
	if want := (savefile.Ref{Key: "t", N: 0}); v != want {
		t.Fatalf("b saved as %#v, want %#v", v, want)
	}
	t1 := savefile.Ref{Key: "t", N: 1}
	want := []savefile.Table{
		{KV: []any{1.0, t1, 2.0, t1, "nan", map[string]any{"num": "nan"}}},
		{KV: []any{"me", t1, "n", 1.5, "s", "x"}},
	}
	if got := s.Tables(); !reflect.DeepEqual(got, want) {
		t.Fatalf("tables %#v, want %#v", got, want)
	}

	L2 := newState(t, "")
	d := NewLoader(L2, s.Tables(), false)
	lv, err := d.Value(v, lua.LNil, "global variable b")
	if err != nil {
		t.Fatal(err)
	}
	b := lv.(*lua.LTable)
	a, ok := b.RawGetInt(1).(*lua.LTable)
	if !ok || b.RawGetInt(2) != a || a.RawGetString("me") != a {
		t.Fatalf("b[1] %v, b[2] %v, b[1].me %v: want one table, holding itself", b.RawGetInt(1), b.RawGetInt(2), a.RawGetString("me"))
	}
	if n, s := a.RawGetString("n"), a.RawGetString("s"); n != lua.LNumber(1.5) || s != lua.LString("x") {
		t.Fatalf("a.n %v, a.s %v, want 1.5 and x", n, s)
	}
	if nan, ok := b.RawGetString("nan").(lua.LNumber); !ok || !math.IsNaN(float64(nan)) {
		t.Fatalf("b.nan %v, want NaN", b.RawGetString("nan"))
	}
	if err := d.Unreferenced(2); err != nil {
		t.Fatal(err)
	}
}

// A function with upvalues holds state a save cannot see: refused, at
// its place.
func TestSaverRefusesUpvalues(t *testing.T) {
	L := newState(t, `local u = 1; f = function() return u end`)
	var ss Savers
	_, err := ss.New(L).At("global variable f", L.GetGlobal("f"))
	var ve *ValueError
	if !errors.As(err, &ve) || ve.Where != "global variable f" {
		t.Fatalf("error %v, want a *ValueError at global variable f", err)
	}
	if want := "global variable f holds a function with upvalues (state a save cannot see; keep it in fields, or list the field in saveSkip), which a save cannot hold"; err.Error() != want {
		t.Fatalf("error %q, want %q", err, want)
	}
}

// A saved table met where the state holds a table refills it in place
// (other fields removed); the journal puts it back; a dry pass writes
// nothing.
func TestLoaderRefillsInPlaceUnderJournal(t *testing.T) {
	L := newState(t, `keep = {x = 1, y = 2}`)
	keep := L.GetGlobal("keep").(*lua.LTable)
	tables := []savefile.Table{{KV: []any{"x", 5.0}}}
	ref := savefile.Ref{Key: "t", N: 0}
	fields := func() (lua.LValue, lua.LValue) { return keep.RawGetString("x"), keep.RawGetString("y") }

	if _, err := NewLoader(L, tables, true).Value(ref, keep, "keep"); err != nil {
		t.Fatal(err)
	}
	if x, y := fields(); x != lua.LNumber(1) || y != lua.LNumber(2) {
		t.Fatalf("after a dry pass x %v, y %v, want 1 and 2", x, y)
	}

	var j Journal
	d := NewLoader(L, tables, false)
	d.Journal = &j
	got, err := d.Value(ref, keep, "keep")
	if err != nil {
		t.Fatal(err)
	}
	if got != keep {
		t.Fatalf("loaded %v, want the table in place", got)
	}
	if x, y := fields(); x != lua.LNumber(5) || y != lua.LNil {
		t.Fatalf("after the load x %v, y %v, want 5 and nil", x, y)
	}
	j.Undo()
	if x, y := fields(); x != lua.LNumber(1) || y != lua.LNumber(2) {
		t.Fatalf("after Undo x %v, y %v, want 1 and 2", x, y)
	}
}

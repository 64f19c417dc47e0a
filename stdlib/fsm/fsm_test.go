package fsm

import (
	"reflect"
	"strings"
	"testing"
)

// recorder is a State that logs its hooks into a shared log.
type recorder struct {
	name string
	log  *[]string
	upd  func(m *FSM, owner any)
}

func (r *recorder) Name() string { return r.name }
func (r *recorder) Enter(owner any) {
	*r.log = append(*r.log, "enter "+r.name+" "+owner.(string))
}
func (r *recorder) Exit(owner any) {
	*r.log = append(*r.log, "exit "+r.name+" "+owner.(string))
}
func (r *recorder) Update(m *FSM, owner any) {
	*r.log = append(*r.log, "update "+r.name+" "+owner.(string))
	if r.upd != nil {
		r.upd(m, owner)
	}
}

func TestEmptyFSM(t *testing.T) {
	var m FSM
	if m.Update("o") {
		t.Fatal("Update on empty stack reported that a state ran")
	}
	if got := m.PopState(); got != nil {
		t.Fatalf("PopState on empty = %v, want nil", got)
	}
	if m.Top() != nil || m.Len() != 0 {
		t.Fatalf("Top=%v Len=%d, want nil 0", m.Top(), m.Len())
	}
	m.PushState(nil)
	if m.Len() != 0 {
		t.Fatalf("PushState(nil) grew the stack to %d", m.Len())
	}
}

func TestPushPopEnterExit(t *testing.T) {
	var log []string
	a := &recorder{name: "a", log: &log}
	b := &recorder{name: "b", log: &log}
	m := New("init")
	m.PushState(a)
	if m.Top() != a || m.Len() != 1 {
		t.Fatalf("Top=%v Len=%d", m.Top(), m.Len())
	}
	m.Update("o1")
	m.PushState(b)
	m.Update("o2")
	if got := m.PopState(); got != b {
		t.Fatalf("PopState = %v, want b", got)
	}
	m.Update("o3")
	want := []string{"enter a init", "update a o1", "enter b o1", "update b o2", "exit b o2", "update a o3"}
	if !reflect.DeepEqual(log, want) {
		t.Fatalf("log =\n%s\nwant\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	if m.Owner() != "o3" {
		t.Fatalf("Owner = %v", m.Owner())
	}
}

func TestReplaceAndClear(t *testing.T) {
	var log []string
	a := &recorder{name: "a", log: &log}
	b := &recorder{name: "b", log: &log}
	c := &recorder{name: "c", log: &log}
	m := New("o")
	m.PushState(a)
	m.PushState(b)
	if old := m.ReplaceState(c); old != b {
		t.Fatalf("ReplaceState returned %v, want b", old)
	}
	if m.Len() != 2 || m.Top() != c {
		t.Fatalf("Len=%d Top=%v, want 2 c", m.Len(), m.Top())
	}
	m.Clear()
	if m.Len() != 0 {
		t.Fatalf("Len after Clear = %d", m.Len())
	}
	want := []string{"enter a o", "enter b o", "exit b o", "enter c o", "exit c o", "exit a o"}
	if !reflect.DeepEqual(log, want) {
		t.Fatalf("log = %q, want %q", log, want)
	}
	// ReplaceState on an empty stack just pushes.
	if old := m.ReplaceState(a); old != nil || m.Len() != 1 {
		t.Fatalf("ReplaceState on empty: old=%v len=%d", old, m.Len())
	}
}

// A state that transitions during Update: the new top runs on the next tick
// only, and the owner of that Update reaches Enter/Exit.
func TestTransitionDuringUpdate(t *testing.T) {
	var log []string
	b := &recorder{name: "b", log: &log}
	a := &recorder{name: "a", log: &log}
	a.upd = func(m *FSM, owner any) { m.ReplaceState(b) }
	b.upd = func(m *FSM, owner any) { m.PopState() }
	m := New("x")
	m.PushState(a)
	if !m.Update("t1") {
		t.Fatal("Update returned false")
	}
	if m.Top() != b {
		t.Fatalf("Top = %v, want b", StateName(m.Top()))
	}
	m.Update("t2")
	if m.Update("t3") {
		t.Fatal("Update after b popped itself should be a no-op")
	}
	want := []string{"enter a x", "update a t1", "exit a t1", "enter b t1", "update b t2", "exit b t2"}
	if !reflect.DeepEqual(log, want) {
		t.Fatalf("log = %q, want %q", log, want)
	}
}

func TestStateFuncAndFuncs(t *testing.T) {
	n := 0
	var sf State = StateFunc(func(m *FSM, owner any) { n += owner.(int) })
	m := New(nil)
	m.PushState(sf)
	m.Update(2)
	m.Update(3)
	if n != 5 {
		t.Fatalf("StateFunc ran with total %d, want 5", n)
	}
	if got := StateName(sf); got != "fsm.StateFunc" {
		t.Fatalf("StateName(StateFunc) = %q", got)
	}
	var events []string
	f := &Funcs{
		StateName: "Walk",
		OnEnter:   func(owner any) { events = append(events, "in") },
		OnExit:    func(owner any) { events = append(events, "out") },
	}
	m.PushState(f) // OnUpdate nil: Update is a no-op
	m.Update(1)
	m.PopState()
	if !reflect.DeepEqual(events, []string{"in", "out"}) {
		t.Fatalf("events = %q", events)
	}
	if n != 5 {
		t.Fatalf("state below Funcs ran while covered: n=%d", n)
	}
	if StateName(f) != "Walk" || StateName(nil) != "" {
		t.Fatalf("StateName: %q %q", StateName(f), StateName(nil))
	}
	(&Funcs{}).Enter(nil) // all-nil Funcs must not panic
	(&Funcs{}).Update(m, nil)
	(&Funcs{}).Exit(nil)
}

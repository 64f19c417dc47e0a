package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// run runs src in a new state and returns the state.
func run(t *testing.T, src string) *lua.LState {
	t.Helper()
	L := lua.NewState()
	t.Cleanup(L.Close)
	if err := L.DoString(src); err != nil {
		t.Fatal(err)
	}
	return L
}

func global(L *lua.LState, name string) *lua.LTable { return L.GetGlobal(name).(*lua.LTable) }

// A Go object is a table's own; instances find their class's through
// Inherited, the nearest one on the chain.
func TestBindOwnInherited(t *testing.T) {
	L := run(t, `
Base = {}
function Base:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
Mid = Base:New()
Leaf = Mid:New()
inst = Leaf:New()
`)
	Bind(L, global(L, "Base"), "base")
	Bind(L, global(L, "Mid"), "mid")
	if v := Own(global(L, "inst")); v != nil {
		t.Errorf("Own(inst) = %v, want nil", v)
	}
	if v, from := Inherited(global(L, "inst")); v != "mid" || from != global(L, "Mid") {
		t.Errorf("Inherited(inst) = %v from %p, want mid from Mid", v, from)
	}
	if v, _ := Inherited(global(L, "Mid")); v != "base" {
		t.Errorf("Inherited(Mid) = %v, want base (itself excluded)", v)
	}
	if !IsKey(lua.LString(key)) || IsKey(lua.LString("__index")) {
		t.Error("IsKey is wrong")
	}
}

// One epoch per Lua state: a cache keeps its lookups until any binding of
// the state invalidates or a script writes a method's name, built-in
// defaults count as no override, and an
// alias answers when the first name is not defined.
func TestHooksEpochDefaultsAlias(t *testing.T) {
	L := run(t, `
Class = {}
Class.__index = Class
function Class:Check() return 1 end
inst = setmetatable({}, Class)
`)
	def := L.NewFunction(func(*lua.LState) int { return 0 })
	global(L, "Class").RawSetString("Perform", def)
	set := NewMethodSet("Perform", "CheckProceduralPrecondition")
	set.Default(def)
	set.Alias(1, "Check")
	st := For(L)
	if For(L) != st {
		t.Fatal("For returns another State for the same Lua state")
	}
	var h Hooks
	self := global(L, "inst")
	if h.Get(st, self, set, 0) != nil {
		t.Error("a default counts as an override")
	}
	check := h.Get(st, self, set, 1)
	if check == nil || check != global(L, "Class").RawGetString("Check") {
		t.Fatalf("alias not found: %v", check)
	}
	perform := L.NewFunction(func(*lua.LState) int { return 0 })
	global(L, "Class").RawSetString("Perform", perform) // from Go: not seen
	if h.Get(st, self, set, 0) != nil {
		t.Error("the cache changed before Invalidate")
	}
	st.Invalidate()
	if h.Get(st, self, set, 0) != perform {
		t.Error("the new method is not seen after Invalidate")
	}
	if err := L.DoString(`function Class:Perform() return true end`); err != nil {
		t.Fatal(err)
	}
	if h.Get(st, self, set, 0) != global(L, "Class").RawGetString("Perform") {
		t.Error("a method a script writes is not seen at its next lookup")
	}
}

// Merge updates the running class in place, keeps its Go object and its
// table fields, reports the methods that changed, and invalidates the
// state's method caches.
func TestMerge(t *testing.T) {
	L := run(t, `
Old = { state = { n = 1 }, speed = 1 }
function Old:Keep() return 1 end
function Old:Change() return 1 end
function Old:Gone() end
New = { state = { n = 2 }, speed = 2 }
function New:Keep() return 1 end
function New:Change() return 2 end
function New:Added() end
`)
	ot, nt := global(L, "Old"), global(L, "New")
	Bind(L, ot, "old object")
	Bind(L, nt, "new object")
	epoch := For(L).Epoch()
	changed := Merge(L, ot, nt)
	if got := join(changed); got != "Added,Change,Gone" {
		t.Errorf("changed = %s, want Added,Change,Gone", got)
	}
	if Own(ot) != "old object" || Own(nt) != "new object" {
		t.Errorf("objects after merge: %v, %v", Own(ot), Own(nt))
	}
	if err := L.DoString(`assert(Old.state.n == 1 and Old.speed == 2 and Old.Gone == nil and Old:Change() == 2 and New.Added == Old.Added)`); err != nil {
		t.Error(err)
	}
	if For(L).Epoch() == epoch {
		t.Error("Merge did not invalidate the method caches")
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ","
		}
		out += x
	}
	return out
}

// Merge of two classes bound before they had keys (task classes made by
// New) keeps each one's Go object once, outside their fields: pairs over
// either lists no binding, and the forwarding table lists only __index.
func TestMergeLightBindings(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	ot, nt := L.NewTable(), L.NewTable()
	Bind(L, ot, "old object")
	Bind(L, nt, "new object")
	L.SetGlobal("Old", ot)
	L.SetGlobal("New", nt)
	if err := L.DoString(`
function Old:Keep() return 1 end
function Old:Gone() end
Old.__index = Old
function New:Keep() return 2 end
function New:Added() end
New.__index = New`); err != nil {
		t.Fatal(err)
	}
	if got := join(Merge(L, ot, nt)); got != "Added,Gone,Keep" {
		t.Errorf("changed = %s, want Added,Gone,Keep", got)
	}
	if Own(ot) != "old object" || Own(nt) != "new object" {
		t.Errorf("objects after merge: %v, %v", Own(ot), Own(nt))
	}
	if lightBinding(ot) == nil || lightBinding(nt) == nil {
		t.Error("a light binding became a field")
	}
	if got, want := fields(ot), "Keep="+ot.RawGetString("Keep").String()+" __index="+ot.String()+" Added="+ot.RawGetString("Added").String()+" "; got != want {
		t.Errorf("fields of the merged class %q, want %q", got, want)
	}
	if got, want := fields(nt), "__index="+ot.String()+" "; got != want {
		t.Errorf("fields of the forwarding table %q, want %q", got, want)
	}
}

package host

import (
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

const valuesScript = `
Write = BTAction:New()
function Write:OnUpdate()
    local big = {}
    for i = 1, 20 do big[i] = i end
    self:SetVariable("n", 2.5)
    self:SetVariable("s", "hi")
    self:SetVariable("b", true)
    self:SetVariable("seq", {1, "two", {3}})
    self:SetVariable("map", {x = 1, y = {z = {deep = true}}})
    self:SetVariable("big", big)
    self:SetVariable("f", print)
    self:SetVariable("n", nil)
    return BTTaskStatus.Running
end
local tree = BTBehaviorTree:New()
tree.name = "w"
tree:SetStartTask(Write:New())
tree:SetVariable("n", 1)
return tree
`

// The event stream carries Go values, not Lua's: numbers, strings,
// booleans, tables as []any or map[string]any bounded to 16 fields and 2
// levels (More marks what was left out, Opaque a deeper table), a
// function as an Opaque; the old value of a write too.
func TestEventValuesAreGoValues(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(writeScript(t, valuesScript)); err != nil {
		t.Fatal(err)
	}
	var got []string
	h.Subscribe(func(ev *Event) {
		if ev.Kind == EventVariable {
			got = append(got, fmt.Sprintf("%s %T(%v) -> %T(%v)", ev.Name, ev.Old, ev.Old, ev.New, ev.New))
			if ev.Name == "f" {
				o, ok := ev.New.(Opaque)
				if !ok || o.Type != "function" || !strings.HasPrefix(o.Text, "function: ") {
					t.Errorf("f: %#v, want an Opaque function", ev.New)
				}
			}
			if ev.Name == "big" {
				s, _ := ev.New.([]any)
				if len(s) != 17 || s[0] != 1.0 || s[15] != 16.0 || s[16] != (More{}) {
					t.Errorf("big: %#v, want 1..16 and More", ev.New)
				}
			}
			if ev.Name == "map" {
				want := map[string]any{"x": 1.0, "y": map[string]any{"z": Opaque{Type: "table", Text: ev.New.(map[string]any)["y"].(map[string]any)["z"].(Opaque).Text}}}
				if !reflect.DeepEqual(ev.New, want) {
					t.Errorf("map: %#v, want %#v", ev.New, want)
				}
			}
		}
	})
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"n <nil>(<nil>) -> float64(1)",
		"n float64(1) -> float64(2.5)",
		"s <nil>(<nil>) -> string(hi)",
		"b <nil>(<nil>) -> bool(true)",
		"seq <nil>(<nil>) -> []interface {}([1 two [3]])",
	}
	if len(got) != 9 || strings.Join(got[:5], "\n") != strings.Join(want, "\n") ||
		!strings.HasPrefix(got[8], "n float64(2.5) -> <nil>(<nil>)") {
		t.Errorf("writes:\n%s\nwant first:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// LuaType names the type a script sees for a Go value.
func TestLuaType(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{{nil, "nil"}, {1.5, "number"}, {3, "number"}, {"x", "string"}, {true, "boolean"},
		{[]any{1.0}, "table"}, {map[string]any{}, "table"}, {Opaque{Type: "function"}, "function"},
		{struct{}{}, "userdata"}} {
		if got := LuaType(c.v); got != c.want {
			t.Errorf("LuaType(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
}

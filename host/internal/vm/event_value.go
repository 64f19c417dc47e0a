package vm

import (
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Opaque (host.Opaque) describes, in an event's value, a Lua value that has no Go form:
// a function, a coroutine, userdata, a channel, or a table nested deeper
// than EventDepth. Type is its Lua type name ("function", "thread",
// "userdata", "channel", "table"), Text what tostring gives
// ("function: 0x...").
type Opaque struct {
	Type string
	Text string
}

// String returns o.Text.
func (o Opaque) String() string { return o.Text }

// More (host.More) stands, as the last element of a []any or under the key "..." of
// a map[string]any in an event's value, for the fields of a Lua table
// left out: one past eventTableFields.
type More struct{}

// String returns "...".
func (More) String() string { return "..." }

const (
	// eventTableFields is how many fields of a Lua table an Event's value
	// holds.
	eventTableFields = 16
	// EventDepth is how many levels of nested Lua tables an event's
	// value holds (the variable's table is level 1).
	EventDepth = 2
)

// EventValue returns a blackboard value as an event carries it (see
// host.Event.New): Lua's nil, booleans, numbers and strings as nil, bool,
// float64 and string; a table as a []any (keys 1..n, in order) or a
// map[string]any (keys as tostring spells them) of its first
// eventTableFields fields, EventDepth levels deep, with More when
// fields were left out; any other Lua value (functions, coroutines,
// userdata, Go values a script received through gopher-luar) as an
// Opaque. A value set from Go, not a Lua value, is returned as it is.
func EventValue(v any) any {
	lv, ok := v.(lua.LValue)
	if !ok {
		return v
	}
	return EventLua(lv, EventDepth)
}

// EventLua is EventValue for a Lua value, with depth levels of tables
// still to convert.
func EventLua(v lua.LValue, depth int) any {
	switch x := v.(type) {
	case *lua.LNilType:
		return nil
	case lua.LBool:
		return bool(x)
	case lua.LNumber:
		return retype[float64](v)
	case lua.LString:
		return retype[string](v)
	case *lua.LTable:
		if depth > 0 {
			return eventTable(x, depth-1)
		}
	}
	return Opaque{Type: v.Type().String(), Text: v.String()}
}

// eventTable converts t's first eventTableFields fields, in the table's
// own order (lua.LTable.Next: the array part, then the others in the
// order they were added).
func eventTable(t *lua.LTable, depth int) any {
	var keys []lua.LValue
	var vals []any
	seq := true // the keys so far are 1, 2, ...
	more := false
	for k, v := t.Next(lua.LNil); k != lua.LNil; k, v = t.Next(k) {
		if len(keys) == eventTableFields {
			more = true
			break
		}
		if n, ok := k.(lua.LNumber); !ok || float64(n) != float64(len(keys)+1) {
			seq = false
		}
		keys = append(keys, k)
		vals = append(vals, EventLua(v, depth))
	}
	if seq && len(keys) > 0 {
		if more {
			vals = append(vals, More{})
		}
		return vals
	}
	m := make(map[string]any, len(keys)+1)
	for i, k := range keys {
		m[k.String()] = vals[i]
	}
	if more {
		m["..."] = More{}
	}
	return m
}

// retype returns the Lua number or string boxed in v as the Go value of
// its underlying type T (float64, string) without a new allocation: the
// interface shares v's boxed data, which Go never changes.
func retype[T float64 | string](v lua.LValue) any {
	type iface struct{ tab, data unsafe.Pointer }
	type eface struct{ typ, data unsafe.Pointer }
	var t any = *new(T)
	out := (*eface)(unsafe.Pointer(&t))
	out.data = (*iface)(unsafe.Pointer(&v)).data
	return t
}

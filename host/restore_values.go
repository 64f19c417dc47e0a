package host

import (
	"encoding/base64"
	"fmt"
	"math"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// valueLoader decodes the saved values of one scope (see save_values.go)
// into Lua values. A saved table met where the freshly built state holds
// a table (a task's field, a variable, a field of such a table) is
// refilled in place: it keeps its identity and metatable, so a table the
// script shares with its closures stays shared. Other saved tables are
// made anew, with their class as metatable.
//
// With dry set nothing is written: the pass checks the whole save (its
// references, classes and table shapes) so that a bad save changes
// nothing.
type valueLoader struct {
	L      *lua.LState
	tables []savedTable
	made   map[int]*lua.LTable
	seen   map[int]bool // tables decoded in a dry pass
	tasks  []lua.LValue // saved task index -> the fresh task table (nil when unmatched)
	agents []*lua.LTable
	dry    bool
}

func newValueLoader(L *lua.LState, tables []savedTable, dry bool) *valueLoader {
	return &valueLoader{L: L, tables: tables, made: map[int]*lua.LTable{}, seen: map[int]bool{}, dry: dry}
}

// ref reads {"key": N} with N a whole number in [0, n).
func ref(m map[string]any, key string, n int) (int, bool, error) {
	x, ok := m[key]
	if !ok {
		return 0, false, nil
	}
	f, isNum := x.(float64)
	if !isNum || f != math.Trunc(f) || f < 0 || f >= float64(n) {
		return 0, true, fmt.Errorf("%q reference %v is not one of the %d saved", key, x, n)
	}
	return int(f), true, nil
}

// value decodes v; target is what the fresh state holds at that place.
func (d *valueLoader) value(v any, target lua.LValue, where string) (lua.LValue, error) {
	switch x := v.(type) {
	case keepValue:
		return x.v, nil
	case nil:
		return lua.LNil, nil
	case bool:
		return lua.LBool(x), nil
	case float64:
		return lua.LNumber(x), nil
	case string:
		return lua.LString(x), nil
	case map[string]any:
		if len(x) != 1 {
			return nil, fmt.Errorf("%s: a value object has %d keys, want 1", where, len(x))
		}
		if s, ok := x["num"].(string); ok {
			switch s {
			case "nan":
				return lua.LNumber(math.NaN()), nil
			case "inf":
				return lua.LNumber(math.Inf(1)), nil
			case "-inf":
				return lua.LNumber(math.Inf(-1)), nil
			}
			return nil, fmt.Errorf("%s: number %q, want nan, inf or -inf", where, s)
		}
		if s, ok := x["bytes"].(string); ok {
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return nil, fmt.Errorf("%s: bytes: %v", where, err)
			}
			return lua.LString(b), nil
		}
		if s, ok := x["fn"].(string); ok {
			fn, isFn := target.(*lua.LFunction)
			// The script's code now: like a reload, a changed script
			// gives its new function.
			if !isFn || fn.IsG != (s == "go") || !fn.IsG && len(fn.Upvalues) > 0 {
				return nil, fmt.Errorf("%s: the save holds the function defined at %s; the script now gives %s", where, s, luaerr.Describe(target))
			}
			return fn, nil
		}
		if i, ok, err := ref(x, "task", len(d.tasks)); ok || err != nil {
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			if d.tasks[i] == nil {
				return nil, fmt.Errorf("%s: refers to saved task %d, which the tree no longer has", where, i)
			}
			return d.tasks[i], nil
		}
		if i, ok, err := ref(x, "goap", len(d.agents)); ok || err != nil {
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			return d.agents[i], nil
		}
		if i, ok, err := ref(x, "t", len(d.tables)); ok || err != nil {
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			return d.table(i, target, where)
		}
		return nil, fmt.Errorf("%s: unknown value object %v", where, x)
	}
	return nil, fmt.Errorf("%s: a %T is no saved value", where, v)
}

// table decodes saved table i, into target when it is a table.
func (d *valueLoader) table(i int, target lua.LValue, where string) (lua.LValue, error) {
	if t, ok := d.made[i]; ok {
		return t, nil
	}
	st := d.tables[i]
	if len(st.KV)%2 != 0 {
		return nil, fmt.Errorf("%s: saved table %d has an odd number of keys and values", where, i)
	}
	into, _ := target.(*lua.LTable)
	if into != nil && luaclass.Bound(into) == nil && st.Obj {
		into = nil
	}
	if into == nil {
		if st.Obj {
			return nil, fmt.Errorf("%s: the saved table is a Go object (a GOAP action) the script no longer builds there", where)
		}
		var mt lua.LValue = lua.LNil
		if st.MT != "" {
			cls, ok := d.L.GetGlobal(st.MT).(*lua.LTable)
			if !ok {
				return nil, fmt.Errorf("%s: the saved table's class %s is no global table", where, st.MT)
			}
			mt = cls
		}
		into = d.L.NewTable()
		into.Metatable = mt
	}
	if d.dry {
		if d.seen[i] {
			return into, nil
		}
		d.seen[i] = true
	}
	d.made[i] = into
	if err := d.fill(into, st.KV, where); err != nil {
		return nil, err
	}
	return into, nil
}

// fill gives t the saved fields kv (key, value, ...), decoding each
// value against the field t had; other fields are removed.
func (d *valueLoader) fill(t *lua.LTable, kv []any, where string) error {
	if len(kv)%2 != 0 {
		return fmt.Errorf("%s: an odd number of keys and values", where)
	}
	keys := make([]lua.LValue, 0, len(kv)/2)
	vals := make([]lua.LValue, 0, len(kv)/2)
	for j := 0; j < len(kv); j += 2 {
		k, err := d.value(kv[j], lua.LNil, where+" (key)")
		if err != nil {
			return err
		}
		if k == lua.LNil {
			return fmt.Errorf("%s: a nil key", where)
		}
		if n, ok := k.(lua.LNumber); ok && math.IsNaN(float64(n)) {
			return fmt.Errorf("%s: a NaN key", where)
		}
		v, err := d.value(kv[j+1], t.RawGet(k), where+"."+keyText(k))
		if err != nil {
			return err
		}
		keys, vals = append(keys, k), append(vals, v)
	}
	if d.dry {
		return nil
	}
	var drop []lua.LValue
	keep := make(map[lua.LValue]bool, len(keys))
	for _, k := range keys {
		keep[k] = true
	}
	t.ForEach(func(k, v lua.LValue) {
		if keep[k] || btlib.IsChildView(v) {
			return
		}
		if luaclass.IsKey(k) && v == luaclass.Bound(t) {
			return // the table's Go object
		}
		drop = append(drop, k)
	})
	for _, k := range drop {
		t.RawSet(k, lua.LNil)
	}
	for j, k := range keys {
		if t.RawGet(k) != vals[j] {
			t.RawSet(k, vals[j])
		}
	}
	return nil
}

package values

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Loader decodes the saved values of one scope (see saver.go)
// into Lua values. A saved table met where the freshly built state holds
// a table (a task's field, a variable, a field of such a table) is
// refilled in place: it keeps its identity and metatable, so a table the
// script shares with its closures stays shared. Other saved tables are
// made anew, with their class as metatable.
//
// With dry set nothing is written: the pass checks the whole save (its
// references, classes and table shapes) so that a bad save changes
// nothing. Make it with NewLoader; it is not safe for concurrent use.
type Loader struct {
	L      *lua.LState
	tables []savefile.Table
	// made holds, by saved table number, each table decoded so far (nil
	// for one not met yet); seen, in a dry pass, the tables checked.
	made []*lua.LTable
	seen []bool
	// Tasks holds, by saved task index, the fresh tree's task table that
	// {"task": N} decodes to (nil for a saved task the tree no longer
	// has); Agents, by saved GOAP agent index, the GOAP agent's table.
	Tasks  []lua.LValue
	Agents []*lua.LTable
	dry    bool
	// Journal, when set, keeps each existing table's fields before the
	// loader refills it (see Journal).
	Journal *Journal
	// pairs is a stack of the keys and values decoded (key, value, ...)
	// by the fillIn calls under way, each above its caller's.
	pairs []lua.LValue
	// base and keys say where the value being decoded is, for errors:
	// built into text only when an error needs it (a text per level
	// made a deep chain quadratic). A nil key stands for " (key)".
	base string
	keys []lua.LValue
	// name follows base in the place's text (valueAt); task, when set,
	// is the task whose fields are decoded, named in place of base
	// (FillTask).
	name string
	task *bt.TaskState
	// SharedNote, when set, says why a table's class is a later load's
	// copy (two loads of one script that the save puts in one Lua state).
	SharedNote string
	// ScriptClass, when set, says which global tables a table made anew
	// may have as its class (persist.RestoreRun.ScriptClass).
	ScriptClass func(L *lua.LState, name string) bool
	// kseen is a stack of the keys decoded by the fillIn calls under
	// way, each above its caller's, to find a key repeated in a "kv".
	kseen []lua.LValue
}

// keyOfKey marks, in Loader.keys, the decoding of a key.
var keyOfKey lua.LValue

// where returns the text of the place being decoded.
func (d *Loader) where() string {
	var b strings.Builder
	if d.task != nil {
		b.WriteString("task " + d.task.Path + " (" + d.task.Kind + ") field")
	} else {
		b.WriteString(d.base)
		b.WriteString(d.name)
	}
	for i, k := range d.keys {
		if m, skip := elided(i, len(d.keys)); skip {
			b.WriteString(m)
			continue
		}
		if k == keyOfKey {
			b.WriteString(" (key)")
			continue
		}
		if _, ok := k.(lua.LString); ok && i == 0 {
			b.WriteString(" ")
		} else if ok {
			b.WriteString(".")
		}
		b.WriteString(KeyText(k))
	}
	return b.String()
}

// NewLoader returns the loader of a scope of the Lua state L whose saved
// tables are tables; with dry set it writes nothing (Loader).
func NewLoader(L *lua.LState, tables []savefile.Table, dry bool) *Loader {
	return &Loader{L: L, tables: tables, dry: dry}
}

// Dry reports whether d only checks (NewLoader).
func (d *Loader) Dry() bool { return d.dry }

// Reset readies d, a loader of an earlier agent, for the tables of
// another agent in L, keeping its stacks' memory.
func (d *Loader) Reset(L *lua.LState, tables []savefile.Table) {
	clear(d.made)
	clear(d.Tasks)
	clear(d.Agents)
	clear(d.pairs)
	*d = Loader{L: L, tables: tables, made: d.made[:0], Tasks: d.Tasks[:0], Agents: d.Agents[:0], pairs: d.pairs[:0], keys: d.keys[:0], kseen: d.kseen[:0]}
}

// valueObjectKeys are the keys of the value objects, most met first.
var valueObjectKeys = [...]string{"t", "task", "goap", "fn", "num", "bytes"}

// oneKey returns the key and value of x, an object of one key, looked up
// among valueObjectKeys before a range over x (which draws a random
// start).
func oneKey(x map[string]any) (string, any) {
	for _, k := range valueObjectKeys {
		if v, ok := x[k]; ok {
			return k, v
		}
	}
	for k, v := range x {
		return k, v
	}
	return "", nil
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

// Value decodes v, found at where (for errors); target is what the
// fresh state holds at that place (a table there is refilled in place).
func (d *Loader) Value(v any, target lua.LValue, where string) (lua.LValue, error) {
	return d.ValueAt(v, target, where, "")
}

// ValueAt is Value at the place base+name, a text joined only when an
// error needs it.
func (d *Loader) ValueAt(v any, target lua.LValue, base, name string) (lua.LValue, error) {
	d.base, d.name, d.task, d.keys = base, name, nil, d.keys[:0]
	return d.val(v, target)
}

// FillTask gives t, the table of a Lua task of the agent being restored
// (fresh: the agent is dropped if the restore fails), the saved fields kv
// (key, value, ...), decoding each value against the field t had; other
// fields are removed. ts is the saved task, named in errors.
func (d *Loader) FillTask(t *lua.LTable, kv []any, ts *bt.TaskState) error {
	d.base, d.name, d.task, d.keys = "", "", ts, d.keys[:0]
	return d.fillIn(t, kv, tableFresh)
}

// val decodes v, at d.where(); target is what the fresh state holds there.
func (d *Loader) val(v any, target lua.LValue) (lua.LValue, error) {
	switch x := v.(type) {
	case Keep:
		return x.V, nil
	case nil:
		return lua.LNil, nil
	case bool:
		return lua.LBool(x), nil
	case float64:
		if x >= 0 && x <= 1024 && x == math.Trunc(x) && !math.Signbit(x) {
			if n, ok := luaclass.BoxedNumber(int(x)); ok {
				return n, nil
			}
		}
		return lua.LNumber(x), nil
	case string:
		return lua.LString(x), nil
	case savefile.Ref:
		return d.ref(x.Key, x.N, target)
	case map[string]any:
		if len(x) != 1 {
			return nil, fmt.Errorf("%s: a value object has %d keys, want 1", d.where(), len(x))
		}
		key, xv := oneKey(x)
		switch key {
		case "num":
			if s, ok := xv.(string); ok {
				switch s {
				case "nan":
					return lua.LNumber(math.NaN()), nil
				case "inf":
					return lua.LNumber(math.Inf(1)), nil
				case "-inf":
					return lua.LNumber(math.Inf(-1)), nil
				}
				return nil, fmt.Errorf("%s: number %q, want nan, inf or -inf", d.where(), s)
			}
		case "bytes":
			if s, ok := xv.(string); ok {
				b, err := base64.StdEncoding.DecodeString(s)
				if err != nil {
					return nil, fmt.Errorf("%s: bytes: %v", d.where(), err)
				}
				return lua.LString(b), nil
			}
		case "fn":
			if s, ok := xv.(string); ok {
				fn, isFn := target.(*lua.LFunction)
				// The script's code now: like a reload, a changed script
				// gives its new function.
				if !isFn || fn.IsG != (s == "go") || !fn.IsG && len(fn.Upvalues) > 0 {
					return nil, fmt.Errorf("%s: the save holds the function defined at %s; the script now gives %s", d.where(), s, luaerr.Describe(target))
				}
				return fn, nil
			}
		case "task":
			i, _, err := ref(x, "task", len(d.Tasks))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", d.where(), err)
			}
			if d.Tasks[i] == nil {
				return nil, fmt.Errorf("%s: refers to saved task %d, which the tree no longer has", d.where(), i)
			}
			return d.Tasks[i], nil
		case "goap":
			i, _, err := ref(x, "goap", len(d.Agents))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", d.where(), err)
			}
			return d.Agents[i], nil
		case "t":
			i, _, err := ref(x, "t", len(d.tables))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", d.where(), err)
			}
			return d.table(i, target)
		}
		return nil, fmt.Errorf("%s: unknown value object %s, want one of {\"t\": N}, {\"task\": N}, {\"goap\": N}, {\"fn\": \"file:line\"}, {\"num\": \"nan\"}, {\"bytes\": base64}", d.where(), SavedText(x))
	}
	return nil, fmt.Errorf("%s: is %s, want nil, true or false, a number, a string or a value object such as {\"t\": N}", d.where(), jsonKind(v))
}

// ref decodes the reference {key: n} (savefile.Ref, n >= 0), target
// what the fresh state holds there.
func (d *Loader) ref(key string, n int, target lua.LValue) (lua.LValue, error) {
	var of int
	switch key {
	case "t":
		of = len(d.tables)
	case "task":
		of = len(d.Tasks)
	case "goap":
		of = len(d.Agents)
	default:
		return nil, fmt.Errorf("%s: unknown value object {%q: %d}", d.where(), key, n)
	}
	if n >= of {
		// (worded as ref words it)
		return nil, fmt.Errorf("%s: %q reference %v is not one of the %d saved", d.where(), key, float64(n), of)
	}
	switch key {
	case "t":
		return d.table(n, target)
	case "task":
		if d.Tasks[n] == nil {
			return nil, fmt.Errorf("%s: refers to saved task %d, which the tree no longer has", d.where(), n)
		}
		return d.Tasks[n], nil
	}
	return d.Agents[n], nil
}

// table decodes saved table i, into target when it is a table.
func (d *Loader) table(i int, target lua.LValue) (lua.LValue, error) {
	if i < len(d.made) && d.made[i] != nil {
		return d.made[i], nil
	}
	st := &d.tables[i]
	if len(st.KV)%2 != 0 {
		return nil, fmt.Errorf("%s: saved table %d has an odd number of keys and values", d.where(), i)
	}
	into, _ := target.(*lua.LTable)
	own := tableShared
	if into != nil && luaclass.Bound(into) == nil && st.Obj {
		into = nil
	}
	if into != nil && !st.Obj {
		if err := d.sameClass(into, st.MT); err != nil {
			return nil, err
		}
	}
	if into == nil {
		if st.Obj {
			return nil, fmt.Errorf("%s: the saved table is a Go object (a GOAP action) the script no longer builds there", d.where())
		}
		var mt lua.LValue = lua.LNil
		if st.MT != "" {
			cls, ok := d.L.GetGlobal(st.MT).(*lua.LTable)
			if !ok {
				return nil, fmt.Errorf("%s: the saved table's class %s is no global table", d.where(), st.MT)
			}
			if d.ScriptClass != nil && !d.ScriptClass(d.L, st.MT) {
				return nil, fmt.Errorf("%s: the saved table's class %s is no class the script defined", d.where(), savefile.Quote(st.MT))
			}
			mt = cls
		}
		into = d.L.NewTable()
		into.Metatable = mt
		own = tableNew
	}
	if d.dry {
		if i < len(d.seen) && d.seen[i] {
			return into, nil
		}
		if len(d.seen) < len(d.tables) {
			d.seen = make([]bool, len(d.tables))
		}
		d.seen[i] = true
	}
	if len(d.made) < len(d.tables) {
		d.made = slices.Grow(d.made[:0], len(d.tables))[:len(d.tables)]
	}
	d.made[i] = into
	if len(d.keys) >= MaxDepth {
		return nil, fmt.Errorf("%s: nested deeper than %d tables", d.where(), MaxDepth)
	}
	if err := d.fillIn(into, st.KV, own); err != nil {
		return nil, err
	}
	return into, nil
}

// sameClass checks that the table the script built, which the restore
// refills in place, has the saved class mt ("" for none).
func (d *Loader) sameClass(into *lua.LTable, mt string) error {
	has, _ := into.Metatable.(*lua.LTable)
	if mt == "" {
		if has != nil {
			return fmt.Errorf("%s: the saved table has no class; the script's table there has one", d.where())
		}
		return nil
	}
	cls, ok := d.L.GetGlobal(mt).(*lua.LTable)
	if !ok {
		return fmt.Errorf("%s: the saved table's class %s is no global table", d.where(), savefile.Quote(mt))
	}
	if cls != has {
		if has != nil && has.RawGetString("__index") == cls && d.SharedNote != "" {
			return fmt.Errorf("%s: the saved table's class is %s; the script's table there is of a copy of it, which a later load of the script in the same Lua state made: %s", d.where(), savefile.Quote(mt), d.SharedNote)
		}
		if has != nil && has.RawGetString("__index") == cls {
			return fmt.Errorf("%s: the saved table's class is %s; the script's table there is of a copy of it, which a later load of the script in the same Lua state made (the loads do not share Lua states as they did when saved: restore on the shard count the save was made on)", d.where(), savefile.Quote(mt))
		}
		return fmt.Errorf("%s: the saved table's class is %s; the script's table there is not of that class", d.where(), savefile.Quote(mt))
	}
	return nil
}

// tableOwner says whose is a table a restore fills: whether it needs the
// journal, and whether it may hold fields to remove.
type tableOwner uint8

const (
	tableShared tableOwner = iota // built by the script, maybe shared: journaled
	tableFresh                    // the fresh agent's own (a task's table)
	tableNew                      // made empty by the loader
)

// shortKV is the number of keys of a "kv" up to which fillIn looks for
// a repeated key by a scan of the keys before it.
const shortKV = 16

// seenKey returns the place (from 0) among the keys of the "kv" being
// decoded (big, else d.kseen[kbase:]) of the key k, or -1 when k is not
// there. Keys compare as Lua keys do (a number, a string, a boolean, the
// same table).
func (d *Loader) seenKey(kbase int, big map[lua.LValue]int, k lua.LValue) int {
	if big != nil {
		if i, ok := big[k]; ok {
			return i
		}
		return -1
	}
	for i, s := range d.kseen[kbase:] {
		if s == k {
			return i
		}
	}
	return -1
}

// repeatedKeyText words a Lua key in an error: a string quoted, a table
// as such, else as Lua prints it.
func repeatedKeyText(k lua.LValue) string {
	switch k := k.(type) {
	case lua.LString:
		return savefile.Quote(string(k))
	case *lua.LTable:
		return "a table"
	}
	return k.String()
}

// fillIn is fill at d.where(); own says whose t is.
func (d *Loader) fillIn(t *lua.LTable, kv []any, own tableOwner) error {
	if len(kv)%2 != 0 {
		return fmt.Errorf("%s: an odd number of keys and values", d.where())
	}
	base, kbase := len(d.pairs), len(d.kseen)
	defer func() { d.pairs, d.kseen = d.pairs[:base], d.kseen[:kbase] }()
	depth := len(d.keys)
	d.keys = append(d.keys, keyOfKey)
	defer func() { d.keys = d.keys[:depth] }()
	// The keys seen: on the stack d.kseen for a short "kv", else in a
	// map, so that a long list stays linear.
	var big map[lua.LValue]int
	if len(kv) > 2*shortKV {
		big = make(map[lua.LValue]int, len(kv)/2)
	}
	for j := 0; j < len(kv); j += 2 {
		if _, isList := kv[j].([]any); isList {
			d.keys = d.keys[:depth]
			return fmt.Errorf("%s (key %d): is a list, want a string, a number or a boolean", d.where(), j/2+1)
		}
		d.keys[depth] = keyOfKey
		k, err := d.val(kv[j], lua.LNil)
		if err != nil {
			return err
		}
		if k == lua.LNil {
			d.keys = d.keys[:depth]
			return fmt.Errorf("%s: a nil key", d.where())
		}
		if n, ok := k.(lua.LNumber); ok && math.IsNaN(float64(n)) {
			d.keys = d.keys[:depth]
			return fmt.Errorf("%s: a NaN key", d.where())
		}
		if first := d.seenKey(kbase, big, k); first >= 0 {
			d.keys = d.keys[:depth]
			return fmt.Errorf("%s: the key %s is repeated (\"kv\" keys %d and %d)", d.where(), repeatedKeyText(k), first+1, j/2+1)
		}
		if big != nil {
			big[k] = j / 2
		} else {
			d.kseen = append(d.kseen, k)
		}
		if d.dry {
			switch kv[j+1].(type) {
			case nil, bool, float64, string:
				continue // fits anywhere: checked, not made
			}
		}
		d.keys[depth] = k
		v, err := d.val(kv[j+1], t.RawGet(k))
		if err != nil {
			return err
		}
		if !d.dry {
			d.pairs = append(d.pairs, k, v)
		}
	}
	if d.dry {
		return nil
	}
	pairs := d.pairs[base:]
	if d.Journal != nil && own == tableShared {
		d.Journal.keep(t)
	}
	if own != tableNew {
		dropOthers(t, pairs)
	}
	for j := 0; j < len(pairs); j += 2 {
		if k, v := pairs[j], pairs[j+1]; t.RawGet(k) != v {
			t.RawSet(k, v)
		}
	}
	return nil
}

// dropOthers removes from t the fields whose keys pairs (key, value,
// ...) does not hold, but for child views and the table's Go object.
func dropOthers(t *lua.LTable, pairs []lua.LValue) {
	var keep map[lua.LValue]bool
	if len(pairs) > 32 {
		keep = make(map[lua.LValue]bool, len(pairs)/2)
		for j := 0; j < len(pairs); j += 2 {
			keep[pairs[j]] = true
		}
	}
	kept := func(k lua.LValue) bool {
		if keep != nil {
			return keep[k]
		}
		for j := 0; j < len(pairs); j += 2 {
			if pairs[j] == k {
				return true
			}
		}
		return false
	}
	var drop []lua.LValue
	t.ForEach(func(k, v lua.LValue) {
		if kept(k) || btlib.IsChildView(v) {
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
}

// jsonKind names the JSON kind of v, a value encoding/json decoded, as
// an error about a saved value says it.
func jsonKind(v any) string {
	switch v.(type) {
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("the value %v", v)
}

// Keep is a field value a restore keeps as it is (a saveSkip field): put
// in the saved fields FillTask is given, it decodes to V.
type Keep struct{ V lua.LValue }

// Unreferenced refuses the saved tables of the scope that no value
// decoded by d referred to: a save holds only the tables its values
// refer to, so one left over is the mark of an edited reference (its
// table then restores nowhere). n is the number of the scope's tables.
func (d *Loader) Unreferenced(n int) error {
	for i := range n {
		if i >= len(d.made) || d.made[i] == nil {
			return fmt.Errorf("\"tables\"[%d] ({\"t\": %d}) is referred to by no value: a save holds only the tables its values refer to", i+1, i)
		}
	}
	return nil
}

// SavedText is a saved value as a message shows it: JSON, cut at 60
// bytes.
func SavedText(v any) string {
	if v == nil {
		return "null"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 60 {
		return string(b[:60]) + "..."
	}
	return string(b)
}

package goap

import (
	"slices"
	"strings"
)

// StateReader is read access to a world state by string key. *WorldState
// implements it; so does the view handed to Action.CostFunc and
// Goal.PriorityFunc during planning (valid only during that call).
type StateReader interface {
	// Get returns the value of key and whether it is present.
	Get(key string) (Value, bool)
}

// WorldState maps string keys to Values (the seed's
// HashSet<KeyValuePair<string, object>>, which could hold one key twice; here
// a key has at most one value). The zero value is not usable: call
// NewWorldState. A WorldState is not safe for concurrent mutation.
//
// The planner does not search over WorldStates: it interns keys into small
// integer ids per planning problem and works on compact slot arrays; a
// WorldState is the public, string-keyed form.
type WorldState struct {
	m map[string]Value
}

// NewWorldState returns an empty WorldState.
func NewWorldState() *WorldState { return &WorldState{m: make(map[string]Value)} }

// Set stores v under key and returns ws for chaining. Setting the zero Value
// (KindNone) deletes key.
func (ws *WorldState) Set(key string, v Value) *WorldState {
	if v.kind == KindNone {
		delete(ws.m, key)
		return ws
	}
	ws.m[key] = v
	return ws
}

// Get returns the value of key and whether it is present.
func (ws *WorldState) Get(key string) (Value, bool) {
	if ws == nil {
		return Value{}, false
	}
	v, ok := ws.m[key]
	return v, ok
}

// Delete removes key.
func (ws *WorldState) Delete(key string) { delete(ws.m, key) }

// Len returns the number of keys.
func (ws *WorldState) Len() int {
	if ws == nil {
		return 0
	}
	return len(ws.m)
}

// Keys returns the keys in ascending byte order.
func (ws *WorldState) Keys() []string {
	if ws == nil {
		return nil
	}
	keys := make([]string, 0, len(ws.m))
	for k := range ws.m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Clone returns an independent copy (a nil ws clones to an empty state).
func (ws *WorldState) Clone() *WorldState {
	c := &WorldState{m: make(map[string]Value, ws.Len())}
	if ws != nil {
		for k, v := range ws.m {
			c.m[k] = v
		}
	}
	return c
}

// Equal reports whether ws and o hold the same keys with Equal values.
func (ws *WorldState) Equal(o *WorldState) bool {
	if ws.Len() != o.Len() {
		return false
	}
	if ws == nil {
		return true
	}
	for k, v := range ws.m {
		w, ok := o.m[k]
		if !ok || !v.Equal(w) {
			return false
		}
	}
	return true
}

// String formats the state with keys sorted, e.g. `{food=true, money=false,
// name="bob", wood=3}`; the output is stable.
func (ws *WorldState) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range ws.Keys() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(ws.m[k].String())
	}
	b.WriteByte('}')
	return b.String()
}

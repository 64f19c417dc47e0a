package savefile

import "math"

// The references of a saved value, {"t": N}, {"task": N} and {"goap":
// N} with N a whole number in [0, 2^31), decode as a Ref (both decoders:
// refsIn turns encoding/json's maps into Refs), boxed once per number
// for the small ones; any other object decodes as a map[string]any.
// Only the values a save holds are so read (variables, fields, tables'
// keys and values, OnSave's value, a GOAP agent's provider and actions),
// not spawn arguments, which the factory gets as they are.

// refKeys are the keys of the references, as a Ref holds them.
var refKeys = [...]string{"t", "task", "goap"}

// asRef returns the Ref that m, a decoded object, stands for.
func asRef(m map[string]any) (Ref, bool) {
	if len(m) != 1 {
		return Ref{}, false
	}
	for _, k := range refKeys {
		if x, ok := m[k]; ok {
			f, isNum := x.(float64)
			if !isNum || f != math.Trunc(f) || f < 0 || f > math.MaxInt32 {
				return Ref{}, false
			}
			return Ref{Key: k, N: int(f)}, true
		}
	}
	return Ref{}, false
}

// refsIn turns the references of f's saved values into Refs, as the
// fast decoder reads them.
func refsIn(f *File) {
	scope := func(vars []Var, tables []Table) {
		for i := range vars {
			vars[i].Value = refIn(vars[i].Value)
		}
		for i := range tables {
			refsInList(tables[i].KV)
		}
	}
	if f.Globals != nil {
		scope(f.Globals.Vars, f.Globals.Tables)
	}
	for li := range f.Loads {
		for ai := range f.Loads[li].Agents {
			a := &f.Loads[li].Agents[ai]
			scope(a.Vars, a.Tables)
			for i := range a.Refs {
				scope(a.Refs[i].Vars, nil)
			}
			for i := range a.Fields {
				refsInList(a.Fields[i].KV)
				a.Fields[i].Hook = refIn(a.Fields[i].Hook)
			}
			for i := range a.Goap {
				a.Goap[i].Provider = refIn(a.Goap[i].Provider)
				refsInList(a.Goap[i].Actions)
			}
		}
	}
}

func refsInList(vs []any) {
	for i, v := range vs {
		vs[i] = refIn(v)
	}
}

// refIn returns v, or the Ref it stands for.
func refIn(v any) any {
	if m, ok := v.(map[string]any); ok {
		if r, ok := asRef(m); ok {
			return r
		}
	}
	return v
}

// savedValue reads a value a save holds (see above).
func (p *parser) savedValue() (any, bool) {
	if p.Next() == '{' {
		if v, ok := p.ref(); ok {
			return v, true
		}
	}
	v, ok := p.Value()
	if m, isMap := v.(map[string]any); ok && isMap {
		if r, isRef := asRef(m); isRef {
			return p.boxRef(r), true
		}
	}
	return v, ok
}

// ref reads a reference written as Encode writes it, {"t":N} (spaces
// allowed, N digits); ok is false, with nothing read, for anything else.
func (p *parser) ref() (any, bool) {
	start := p.Offset()
	if p.Eat('{') {
		if k, ok := p.RawKey(); ok && p.Eat(':') {
			key := refKey(k)
			if lit, ok := p.NumberLit(); ok && key != "" && len(lit) <= 9 && p.Eat('}') {
				n := 0
				for _, c := range lit {
					if c < '0' || c > '9' {
						n = -1
						break
					}
					n = n*10 + int(c-'0')
				}
				if n >= 0 {
					return p.boxRef(Ref{Key: key, N: n}), true
				}
			}
		}
	}
	p.Rewind(start)
	return nil, false
}

// refKey returns the key of a reference that k spells, or "".
func refKey(k []byte) string {
	for _, r := range refKeys {
		if string(k) == r {
			return r
		}
	}
	return ""
}

// boxRef returns r as a value, boxed once for an N under 1024.
func (p *parser) boxRef(r Ref) any {
	if r.N >= 1024 {
		return r
	}
	var kind int
	for kind = range refKeys {
		if refKeys[kind] == r.Key {
			break
		}
	}
	boxes := &p.refs[kind]
	if r.N >= len(*boxes) {
		*boxes = append(*boxes, make([]any, r.N+1-len(*boxes))...)
	}
	if (*boxes)[r.N] == nil {
		(*boxes)[r.N] = r
	}
	return (*boxes)[r.N]
}

package bt

// Slot is the index of a variable in one [Blackboard], from
// [Blackboard.Slot]. It is valid for that blackboard only, for its whole
// life: deleting the variable leaves the slot in place, unset.
type Slot int32

// slotKind says what a slot holds.
type slotKind uint8

const (
	kindUnset  slotKind = iota // no value: lookups fall back to the parent
	kindNumber                 // num holds the number; box may hold it boxed
	kindBool                   // num is 1 or 0; box may hold it boxed
	kindValue                  // box holds the value
)

// slot is the value of one variable (its name is in Blackboard.names).
// box is the value as it was given to Set (a float64, a bool, or the Lua
// binding's boxed Lua value), so that Get hands it back without
// allocating; SetNumber and SetBool clear it.
type slot struct {
	kind slotKind
	num  float64
	box  any
}

// value returns the slot's value as Get returns it.
func (s *slot) value() any {
	if s.box != nil || s.kind == kindValue {
		return s.box
	}
	if s.kind == kindBool {
		return s.num != 0
	}
	return s.num
}

// current returns the slot's value as Get returns it, or nil when unset.
func (s *slot) current() any {
	if s.kind == kindUnset {
		return nil
	}
	return s.value()
}

// Slot returns the slot of name in b itself, making an unset one when b
// has none. Resolve names once, when the tree is built, and read and write
// through the slot in the tick.
func (b *Blackboard) Slot(name string) Slot {
	if i, ok := b.index[name]; ok {
		return i
	}
	i := Slot(len(b.slots))
	b.index[name] = i
	if b.slots == nil {
		b.slots = b.inline[:0:len(b.inline)]
	}
	b.slots = append(b.slots, slot{})
	b.names = append(b.names, name)
	return i
}

// SlotName returns the name of slot s.
func (b *Blackboard) SlotName(s Slot) string { return b.names[s] }

// Value returns the value of slot s and whether it is set; an unset slot
// falls back to the parent blackboard by name (see Get).
func (b *Blackboard) Value(s Slot) (any, bool) {
	sl := &b.slots[s]
	if sl.kind == kindUnset {
		if b.parent == nil {
			return nil, false
		}
		return b.parent.Get(b.names[s])
	}
	return sl.value(), true
}

// Number returns the value of slot s as a number. ok is false when the
// variable is not set (here or in a parent); isNum is false when it is
// set to something else than a number (a float64, any Go integer, or a
// number given with SetNumber or SetBoxedNumber).
func (b *Blackboard) Number(s Slot) (v float64, ok, isNum bool) {
	sl := &b.slots[s]
	switch sl.kind {
	case kindNumber:
		return sl.num, true, true
	case kindUnset:
		if b.parent == nil {
			return 0, false, false
		}
		x, ok := b.parent.Get(b.names[s])
		if !ok {
			return 0, false, false
		}
		v, isNum = toNumber(x)
		return v, true, isNum
	case kindValue:
		v, isNum = toNumber(sl.box)
		return v, true, isNum
	}
	return 0, true, false
}

// toNumber converts the Go number types to float64.
func toNumber(x any) (float64, bool) {
	switch n := x.(type) {
	case float64:
		return n, true
	case float32:
		return float64(n), true
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case int32:
		return float64(n), true
	case uint:
		return float64(n), true
	case uint64:
		return float64(n), true
	case uint32:
		return float64(n), true
	}
	return 0, false
}

// SetNumber stores v in slot s unboxed (no allocation). Like Set, it
// writes to the parent instead when the slot is unset here and a parent
// has the name set.
func (b *Blackboard) SetNumber(s Slot, v float64) {
	b.SetBoxedNumber(s, v, nil)
}

// SetBoxedNumber is SetNumber for a number the caller already holds boxed
// (the Lua binding's lua.LNumber): Get returns box, Number returns v. box
// may be nil.
func (b *Blackboard) SetBoxedNumber(s Slot, v float64, box any) {
	o, ts := b.target(s)
	t := &o.slots[ts]
	old, heard := o.before(t)
	t.kind, t.num, t.box = kindNumber, v, box
	if heard {
		o.onSet(o.names[ts], old, t.current())
	}
}

// SetBool stores v in slot s unboxed, with Set's scoping.
func (b *Blackboard) SetBool(s Slot, v bool) {
	b.SetBoxedBool(s, v, nil)
}

// SetBoxedBool is SetBool for a bool the caller holds boxed (a
// lua.LBool); box may be nil.
func (b *Blackboard) SetBoxedBool(s Slot, v bool, box any) {
	o, ts := b.target(s)
	t := &o.slots[ts]
	old, heard := o.before(t)
	t.kind, t.num, t.box = kindBool, 0, box
	if v {
		t.num = 1
	}
	if heard {
		o.onSet(o.names[ts], old, t.current())
	}
}

// Bool returns the value of slot s as a bool: ok is false when it is not
// set, isBool false when it is set to something else than a bool (or a
// value stored with SetBoxedBool).
func (b *Blackboard) Bool(s Slot) (v, ok, isBool bool) {
	sl := &b.slots[s]
	switch sl.kind {
	case kindBool:
		return sl.num != 0, true, true
	case kindUnset:
		if b.parent == nil {
			return false, false, false
		}
		x, ok := b.parent.Get(b.names[s])
		v, isBool = x.(bool)
		return v, ok, isBool
	case kindValue:
		v, isBool = sl.box.(bool)
		return v, true, isBool
	}
	return false, true, false
}

// SetValue stores any value in slot s with Set's scoping: a float64 or a
// bool, or a value the blackboard's Classifier says is one, is also kept
// unboxed; nil deletes the variable (the slot stays).
func (b *Blackboard) SetValue(s Slot, value any) {
	o, ts := b.target(s)
	t := &o.slots[ts]
	old, heard := o.before(t)
	switch v := value.(type) {
	case nil:
		t.kind, t.num, t.box = kindUnset, 0, nil
	case float64:
		t.kind, t.num, t.box = kindNumber, v, value
	case bool:
		t.kind, t.num, t.box = kindBool, 0, value
		if v {
			t.num = 1
		}
	default:
		t.kind, t.num, t.box = kindValue, 0, value
		if b.classify != nil {
			if n, isNum, isBool := b.classify(value); isNum {
				t.kind, t.num = kindNumber, n
			} else if isBool {
				t.kind, t.num = kindBool, n
			}
		}
	}
	if heard {
		o.onSet(o.names[ts], old, t.current())
	}
}

// before returns the value of t, a slot of b, before a write (nil when
// unset), and whether b's OnSet hook is to hear the write.
func (b *Blackboard) before(t *slot) (any, bool) {
	if b.onSet == nil {
		return nil, false
	}
	return t.current(), true
}

// target returns the slot a write to s goes to, with its blackboard: s
// itself, unless it is unset here and the parent chain has the name set.
func (b *Blackboard) target(s Slot) (*Blackboard, Slot) {
	if b.slots[s].kind != kindUnset || b.parent == nil {
		return b, s
	}
	name := b.names[s]
	p := b.parent.scopeOf(name)
	if !p.has(name) {
		return b, s
	}
	return p, p.Slot(name)
}

// has reports whether name is set in b itself.
func (b *Blackboard) has(name string) bool {
	i, ok := b.index[name]
	return ok && b.slots[i].kind != kindUnset
}

package bt

// Blackboard is a scope of named variables shared by the tasks of a tree
// (Behavior Designer's shared variables; BehaviorTree.CPP's blackboard).
// A tree's blackboard may have a parent, the global variables: Get looks a
// name up locally, then in the parent; Set writes locally unless the name
// exists only in the parent. Values are any Go value; the Lua binding
// stores Lua values. A Blackboard is not safe for concurrent use.
//
// Variables live in slots: [Blackboard.Slot] resolves a name to its index
// once (when a tree is built), and the slot accessors ([Blackboard.Number],
// [Blackboard.SetNumber], [Blackboard.Value], ...) then read and write
// without hashing the name. Numbers are stored unboxed. A slot, once made,
// keeps its index for the life of the blackboard, set or not, so resolved
// slots stay valid across deletes. Get and Set by name use the same slots.
type Blackboard struct {
	parent *Blackboard
	index  map[string]Slot
	// slots are the values, names their names (slot i is named names[i]):
	// a tick reads values, rarely names.
	slots    []slot
	names    []string
	classify Classifier
	onSet    func(name string, old, new any)
	// inline holds the first slots, in the blackboard's own allocation
	// (a tree's blackboard is in the tree's: a tick reads the tree and
	// its first variables from one place).
	inline [inlineSlots]slot
}

// inlineSlots is how many slots a blackboard holds in its own allocation.
const inlineSlots = 4

// Classifier tells a blackboard which values of a foreign type are numbers
// or booleans (the Lua binding's lua.LNumber and lua.LBool), so that Set
// stores them unboxed as well, whoever sets them (a script, a reload that
// carries variables over, a rollback).
type Classifier func(v any) (num float64, isNum, isBool bool)

// SetClassifier installs c (nil for none).
func (b *Blackboard) SetClassifier(c Classifier) { b.classify = c }

// NewBlackboard returns an empty blackboard whose lookups fall back to
// parent (nil for none).
func NewBlackboard(parent *Blackboard) *Blackboard {
	return &Blackboard{parent: parent, index: map[string]Slot{}}
}

// Parent returns the fallback blackboard, or nil.
func (b *Blackboard) Parent() *Blackboard { return b.parent }

// SetParent changes the fallback blackboard.
func (b *Blackboard) SetParent(p *Blackboard) { b.parent = p }

// Get returns the value of name and whether it is set here or in a parent.
// A number stored with [Blackboard.SetNumber] comes back as a float64.
func (b *Blackboard) Get(name string) (any, bool) {
	for s := b; s != nil; s = s.parent {
		if i, ok := s.index[name]; ok && s.slots[i].kind != kindUnset {
			return s.slots[i].value(), true
		}
	}
	return nil, false
}

// Set stores value under name: in the nearest scope that has name, else in
// b itself. A nil value deletes the name from that scope. A float64 or a
// bool is stored unboxed as well, so [Blackboard.Number] and
// [Blackboard.Bool] read it without a type switch; Get returns value as
// given.
func (b *Blackboard) Set(name string, value any) {
	b.SetValue(b.Slot(name), value)
}

// scopeOf returns the nearest scope where name is set, else b.
func (b *Blackboard) scopeOf(name string) *Blackboard {
	for s := b; s != nil; s = s.parent {
		if i, ok := s.index[name]; ok && s.slots[i].kind != kindUnset {
			return s
		}
	}
	return b
}

// OnSet makes every write into this scope (not a parent's), by Set or
// through a slot (SetNumber, SetBool, SetValue and their boxed forms),
// call fn after the write, with the value before (nil when it was unset)
// and after (nil when deleted), as Get returns them, also when they are
// equal; nil removes it. It is called on the goroutine that writes,
// during a tick when a task sets the variable. Without it, a write costs
// one nil check more and allocates nothing.
func (b *Blackboard) OnSet(fn func(name string, old, new any)) { b.onSet = fn }

// Names returns the names set in b itself (not its parents), in no order.
func (b *Blackboard) Names() []string {
	out := make([]string, 0, len(b.slots))
	for i := range b.slots {
		if b.slots[i].kind != kindUnset {
			out = append(out, b.names[i])
		}
	}
	return out
}

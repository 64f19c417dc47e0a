package bt

// Blackboard is a scope of named variables shared by the tasks of a tree
// (Behavior Designer's shared variables; BehaviorTree.CPP's blackboard).
// A tree's blackboard may have a parent, the global variables: Get looks a
// name up locally, then in the parent; Set writes locally unless the name
// exists only in the parent. Values are any Go value; the Lua binding
// stores Lua values. A Blackboard is not safe for concurrent use.
type Blackboard struct {
	parent *Blackboard
	vars   map[string]any
	onSet  func(name string, old, new any)
}

// NewBlackboard returns an empty blackboard whose lookups fall back to
// parent (nil for none).
func NewBlackboard(parent *Blackboard) *Blackboard {
	return &Blackboard{parent: parent, vars: map[string]any{}}
}

// Parent returns the fallback blackboard, or nil.
func (b *Blackboard) Parent() *Blackboard { return b.parent }

// SetParent changes the fallback blackboard.
func (b *Blackboard) SetParent(p *Blackboard) { b.parent = p }

// Get returns the value of name and whether it is set here or in a parent.
func (b *Blackboard) Get(name string) (any, bool) {
	for s := b; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// Set stores value under name: in the nearest scope that has name, else in
// b itself. A nil value deletes the name from that scope.
func (b *Blackboard) Set(name string, value any) {
	target := b
	for s := b; s != nil; s = s.parent {
		if _, ok := s.vars[name]; ok {
			target = s
			break
		}
	}
	var old any
	if target.onSet != nil {
		old = target.vars[name]
	}
	if value == nil {
		delete(target.vars, name)
	} else {
		target.vars[name] = value
	}
	if target.onSet != nil {
		target.onSet(name, old, value)
	}
}

// OnSet makes every Set that writes into this scope (not a parent's) call
// fn after the write, with the value before (nil when it was unset) and
// after (nil when deleted), also when they are equal; nil removes it.
// It is called on the goroutine that calls Set, during a tick when a
// task sets the variable. Without it, Set costs nothing more.
func (b *Blackboard) OnSet(fn func(name string, old, new any)) { b.onSet = fn }

// Names returns the names set in b itself (not its parents), in no order.
func (b *Blackboard) Names() []string {
	out := make([]string, 0, len(b.vars))
	for k := range b.vars {
		out = append(out, k)
	}
	return out
}

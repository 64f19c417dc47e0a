package bt

import "unsafe"

// This file holds a tree's warm set: the addresses of the memory a tick of
// the tree reads (its tasks, their children lists and conditions, its
// variables), gathered once per structure epoch, so that a program ticking
// thousands of trees in turn can load the next tree's memory with
// independent reads (which the processor overlaps) before that tree's tick
// chases its pointers one by one (issue 23, cache locality: with 1000
// agents a frame's trees do not fit in the processor's cache).

// maxWarm bounds a tree's warm set: a big tree warms its first tasks in
// preorder (the root's side of the tree, which every tick reads).
// maxGather bounds the addresses gathered before their lines are
// deduplicated (a task's fields share lines).
const (
	maxWarm   = 128
	maxGather = 3 * maxWarm
)

// warmSet is the warm set of a tree for structure epoch epoch and the
// blackboard slots slots (their array's first element: variables added
// since may have moved it).
type warmSet struct {
	epoch uint64
	slots unsafe.Pointer
	// obs is the tree's Observer when the set was gathered, its two
	// words (an observer's dynamic type need not be comparable).
	obs  [2]unsafe.Pointer
	ptrs []unsafe.Pointer
}

// observerWords returns the two words of t's Observer (type and data).
func (t *BehaviorTree) observerWords() [2]unsafe.Pointer {
	return *(*[2]unsafe.Pointer)(unsafe.Pointer(&t.Observer))
}

// slotsAt returns the address of the first of bb's slots, nil for none.
func slotsAt(bb *Blackboard) unsafe.Pointer {
	if bb == nil || len(bb.slots) == 0 {
		return nil
	}
	return unsafe.Pointer(&bb.slots[0])
}

// Warm reads one byte of each cache line the tree's next tick is likely to
// read, so that they are in the processor's cache when it runs; it changes
// nothing. Call it on the tree to be ticked after the one about to tick.
// The set is gathered again after a structure change (see
// [StructureChanged]); it costs no allocation after the tree's first.
// It returns a value of no meaning, to be kept so that the reads are made.
func (t *BehaviorTree) Warm() uintptr {
	t.refreshWarm()
	var s uintptr
	for _, p := range t.warm.ptrs {
		s += uintptr(*(*byte)(p))
	}
	return s
}

// gatherWarm appends the warm set of t to dst.
func (t *BehaviorTree) gatherWarm(dst []unsafe.Pointer) []unsafe.Pointer {
	dst = append(dst, unsafe.Pointer(&t.ticks), unsafe.Pointer(&t.Profiler))
	bb := t.Blackboard
	dst = append(dst, unsafe.Pointer(&bb.slots))
	for i := 0; i < len(bb.slots) && i < 8; i += 2 {
		dst = append(dst, unsafe.Pointer(&bb.slots[i]))
	}
	if w, ok := t.Observer.(Warmer); ok {
		dst = w.AppendWarm(dst) // what its calls read at each start and end
	}
	if t.root != nil {
		dst = warmTask(dst, t.root)
	}
	return dst
}

// warmTask appends the warm set of task t and its descendants to dst. It
// follows only the built-in children of composites and decorators (their
// lists, not a ParentTask's Children, which a script's task may answer by
// running Lua code).
func warmTask(dst []unsafe.Pointer, t Task) []unsafe.Pointer {
	if len(dst) >= maxGather {
		return dst
	}
	// The task's own memory (a wrapper's, as the binding's scripted task),
	// then the bookkeeping that Tick reads.
	dst = append(dst, (*[2]unsafe.Pointer)(unsafe.Pointer(&t))[1], unsafe.Pointer(t.Base()))
	var kids []Task
	if c := asComposite(t); c != nil {
		dst = append(dst, unsafe.Pointer(&c.children), unsafe.Pointer(&c.conds), unsafe.Pointer(&c.watch))
		if len(c.conds) > len(c.vconds) {
			// Conditions other than the declarative ones: the list, and
			// what each names.
			dst = append(dst, unsafe.Pointer(&c.conds[0]))
			for _, cd := range c.conds {
				if w, ok := cd.(Warmer); ok {
					dst = w.AppendWarm(dst)
				}
			}
		}
		if len(c.vconds) > 0 {
			end := uintptr(len(c.vconds)) * unsafe.Sizeof(c.vconds[0])
			for off := uintptr(0); off < end; off += 64 {
				dst = append(dst, unsafe.Add(unsafe.Pointer(&c.vconds[0]), off))
			}
		}
		kids = c.children
	} else if d := asDecorator(t); d != nil {
		dst = append(dst, unsafe.Pointer(&d.children))
		kids = d.children
	} else if w, ok := t.(Warmer); ok {
		dst = w.AppendWarm(dst) // a leaf's own memory
	}
	if len(kids) > 0 {
		dst = append(dst, unsafe.Pointer(&kids[0]))
	}
	for _, k := range kids {
		dst = warmTask(dst, k)
	}
	return dst
}

// A Warmer is a leaf task, a condition or a tree's Observer whose tick
// reads memory that the warm set cannot see from the task's own fields (a
// scripted condition's tables, a scripted leaf's instance table, the host
// event stream's bookkeeping of the tree). AppendWarm appends the
// addresses of that memory to dst, as gathered now; the tree gathers them
// once per structure epoch (see Warm), so a Warmer names memory whose
// place does not change while the structure stays (a stale address costs
// a useless read, never a wrong result).
type Warmer interface {
	AppendWarm(dst []unsafe.Pointer) []unsafe.Pointer
}

// dedupeLines drops from ptrs each address in the same 64-byte line as an
// earlier one, keeping the order of the rest.
func dedupeLines(ptrs []unsafe.Pointer) []unsafe.Pointer {
	out := ptrs[:0]
	for i, p := range ptrs {
		line, seen := uintptr(p)>>6, false
		for _, q := range ptrs[:i] {
			if uintptr(q)>>6 == line {
				seen = true
				break
			}
		}
		if !seen {
			out = append(out, p)
		}
	}
	return out
}

// WarmHead reads what [BehaviorTree.Warm] reads before the lines of the
// set (the tree's own fields, the set's bookkeeping and its list of
// addresses, gathering it first when the structure changed), so that a
// later Warm issues its reads at once instead of after a chain of cache
// misses. Call it on the tree two turns ahead; it changes nothing and
// returns a value of no meaning, to be kept so that the reads are made.
func (t *BehaviorTree) WarmHead() uintptr {
	t.refreshWarm()
	ptrs := t.warm.ptrs
	var s uintptr
	for i := 0; i < len(ptrs); i += 8 { // eight addresses a line
		s += uintptr(ptrs[i])
	}
	return s
}

// WarmLines returns the number of cache lines in the tree's warm set (see
// Warm), gathering it first when the structure changed.
func (t *BehaviorTree) WarmLines() int {
	t.refreshWarm()
	return len(t.warm.ptrs)
}

// refreshWarm gathers the warm set again after a structure change or a
// move of the blackboard's slots.
func (t *BehaviorTree) refreshWarm() {
	w := t.warm
	if w == nil {
		w = &warmSet{}
		t.warm = w
	}
	if e, at, obs := structureEpoch.Load(), slotsAt(t.Blackboard), t.observerWords(); w.epoch != e || w.slots != at || w.obs != obs {
		w.epoch, w.slots, w.obs = e, at, obs
		w.ptrs = dedupeLines(t.gatherWarm(w.ptrs[:0]))
		if len(w.ptrs) > maxWarm {
			w.ptrs = w.ptrs[:maxWarm]
		}
		clear(w.ptrs[len(w.ptrs):cap(w.ptrs)]) // let go of what the old set named
	}
}

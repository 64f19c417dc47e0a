package persist

import (
	"encoding/binary"

	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// shapeSigs gives, for one restore, the structure signature (reload.Of)
// of each fresh tree, hashing once per tree shape: the agents of one
// spawn factory have the same shape. A shape is what the signature
// covers (each task's kind, constructor signature, name and children, in
// preorder) with a Lua task's kind taken as its class table (the kind is
// that class's global name, which no restore changes while it applies
// the save: no Lua code runs then), so that two trees of one shape have
// the same signature. A task whose table is itself a global value, or
// whose wrapped Go task names its own kind, is keyed by its kind's text.
type shapeSigs struct {
	bySig   map[string]reload.Signature
	classes map[*lua.LTable]int
	named   map[*lua.LState]map[*lua.LTable]bool
	// seen holds the tasks met in the tree being keyed, in preorder:
	// searched in order while few, then in seenAt.
	seen   []bt.Task
	seenAt map[bt.Task]int
	key    []byte
}

// met returns the preorder number of t when it was met already in the
// tree being keyed, else records it.
func (c *shapeSigs) met(t bt.Task) (int, bool) {
	if c.seenAt != nil {
		if n, ok := c.seenAt[t]; ok {
			return n, true
		}
		c.seenAt[t] = len(c.seen)
		c.seen = append(c.seen, t)
		return 0, false
	}
	for n, u := range c.seen {
		if u == t {
			return n, true
		}
	}
	c.seen = append(c.seen, t)
	if len(c.seen) > 32 {
		c.seenAt = make(map[bt.Task]int, 2*len(c.seen))
		for n, u := range c.seen {
			c.seenAt[u] = n
		}
	}
	return 0, false
}

// of returns the signature of tr, a tree of the Lua state L.
func (c *shapeSigs) of(L *lua.LState, tr *btlib.Tree) reload.Signature {
	if c.bySig == nil {
		c.bySig = map[string]reload.Signature{}
		c.classes = map[*lua.LTable]int{}
		c.named = map[*lua.LState]map[*lua.LTable]bool{}
	}
	named := c.named[L]
	if named == nil {
		named = map[*lua.LTable]bool{}
		L.G.Global.ForEach(func(_, v lua.LValue) {
			if t, ok := v.(*lua.LTable); ok {
				named[t] = true
			}
		})
		c.named[L] = named
	}
	clear(c.seen)
	c.seen, c.seenAt = c.seen[:0], nil
	c.key = c.key[:0]
	if r := tr.Root(); r != nil {
		c.task(r, named)
	}
	if sig, ok := c.bySig[string(c.key)]; ok {
		return sig
	}
	sig := reload.Of(tr)
	c.bySig[string(c.key)] = sig
	return sig
}

func (c *shapeSigs) uint(n int) { c.key = binary.AppendUvarint(c.key, uint64(n)) }

func (c *shapeSigs) str(s string) {
	c.uint(len(s))
	c.key = append(c.key, s...)
}

// task writes t's shape, as reload's signer walks it.
func (c *shapeSigs) task(t bt.Task, named map[*lua.LTable]bool) {
	if n, ok := c.met(t); ok {
		c.uint(1)
		c.uint(n)
		return
	}
	c.uint(0)
	if cls := kindClass(t, named); cls != nil {
		id, ok := c.classes[cls]
		if !ok {
			id = len(c.classes)
			c.classes[cls] = id
		}
		c.uint(1)
		c.uint(id)
	} else {
		c.uint(0)
		c.str(bt.Kind(t))
	}
	c.str(reload.Extra(t))
	c.str(t.Base().Name)
	p, ok := t.(bt.ParentTask)
	if !ok {
		c.uint(0)
		return
	}
	kids := p.Children()
	c.uint(len(kids))
	for _, k := range kids {
		c.task(k, named)
	}
}

// kindClass returns the class table whose global name is t's kind, or
// nil when t's kind is not (only) its class's name.
func kindClass(t bt.Task, named map[*lua.LTable]bool) *lua.LTable {
	lt, ok := t.(*btlib.Task)
	if !ok || named[lt.Self] {
		return nil
	}
	return lt.KindClass()
}

// shapeKinds holds, for one restore, the kinds of the tasks (in preorder)
// of each tree structure met, by signature; as shapePaths, a tree
// holding a tree reference is not cached.
type shapeKinds map[reload.Signature][]string

// of returns the kinds of tasks, the preorder of a tree whose signature
// is sig.
func (c shapeKinds) of(sig reload.Signature, tasks []bt.Task) []string {
	if k, ok := c[sig]; ok && len(k) == len(tasks) {
		return k
	}
	kinds := make([]string, len(tasks))
	cache := true
	for i, t := range tasks {
		if t != nil {
			kinds[i] = bt.Kind(t)
		}
		if bt.AsTreeReference(t) != nil {
			cache = false
		}
	}
	if cache {
		c[sig] = kinds
	}
	return kinds
}

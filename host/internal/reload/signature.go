package reload

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// Signature is a SHA-256 hash of the structure of a tree or subtree.
type Signature [sha256.Size]byte

// Of hashes the structure of a tree, at every depth: each task's
// class, name and structure signature (constructor arguments, see Signer)
// with its children in order. Two trees with the same signature differ at
// most in the code of their classes, which a class-level reload swaps in
// place; any other difference (children added, removed, reordered, a task
// of another class, an edited argument), however deep, asks for the tree
// to be rebuilt. A task met a second time on the walk (a Lua composite
// that lists a task twice in its childTasks, or a cycle) is hashed as a
// reference to its first place, so the walk ends.
func Of(tr *btlib.Tree) Signature {
	s := signer{h: sha256.New(), seen: map[bt.Task]int{}}
	if r := tr.Root(); r != nil {
		s.task(r)
	}
	var out Signature
	s.h.Sum(out[:0])
	return out
}

// Signer is implemented by tasks with more to compare across a reload than
// their class and name: constructor arguments, or a whole structure of
// their own (a BTAI root).
type Signer interface{ StructureSignature() string }

// Extra returns the StructureSignature of t, or of the first task a
// chain of up to 8 bt.Wrappers around t wraps that is a Signer; "" when
// none is.
func Extra(t bt.Task) string {
	for u, n := t, 0; u != nil && n < 8; n++ {
		if sg, ok := u.(Signer); ok {
			return sg.StructureSignature()
		}
		w, ok := u.(bt.Wrapper)
		if !ok {
			break
		}
		u = w.Unwrap()
	}
	return ""
}

// signer writes a tree walk into a hash; every string is length-prefixed
// and every list counted, so that different trees never write the same
// bytes.
type signer struct {
	h    hash.Hash
	seen map[bt.Task]int // preorder number of each task met
	buf  [binary.MaxVarintLen64]byte
}

func (s *signer) uint(n int) {
	s.h.Write(s.buf[:binary.PutUvarint(s.buf[:], uint64(n))])
}

func (s *signer) str(v string) {
	s.uint(len(v))
	s.h.Write([]byte(v))
}

func (s *signer) task(t bt.Task) {
	if n, ok := s.seen[t]; ok {
		s.uint(1) // a reference to task n
		s.uint(n)
		return
	}
	s.seen[t] = len(s.seen)
	s.uint(0)
	s.str(bt.Kind(t))
	s.str(Extra(t))
	s.str(t.Base().Name)
	p, ok := t.(bt.ParentTask)
	if !ok {
		s.uint(0)
		return
	}
	kids := p.Children()
	s.uint(len(kids))
	for _, c := range kids {
		s.task(c)
	}
}

// OfTask is Of for the subtree under t.
func OfTask(t bt.Task) Signature {
	s := signer{h: sha256.New(), seen: map[bt.Task]int{}}
	s.task(t)
	var out Signature
	s.h.Sum(out[:0])
	return out
}

package jsonread

// maxDepth bounds the nesting of values Value reads.
const maxDepth = 1000

// Value reads any JSON value as encoding/json reads it into an any: nil,
// a bool, a float64 (Number), a string, a []any (empty, not nil, for
// []) or a map[string]any (a key twice gives up).
func (r *Reader) Value() (any, bool) {
	switch c := r.Next(); {
	case c == 'n':
		return nil, r.Null()
	case c == 't' || c == 'f':
		return r.Bool()
	case c == '"':
		s, n, ok := r.strAt()
		if !ok || n < 0 {
			return s, ok
		}
		e := &r.interned[n]
		if e.v == nil {
			e.v = e.s
		}
		return e.v, true
	case c == '[':
		if r.depth++; r.depth > maxDepth {
			return nil, false
		}
		out, ok := r.elems()
		r.depth--
		return out, ok
	case c == '{':
		if r.depth++; r.depth > maxDepth {
			return nil, false
		}
		m := make(map[string]any, 1)
		if !r.Eat('{') {
			return nil, false
		}
		if r.Eat('}') {
			r.depth--
			return m, true
		}
		for {
			k, ok := r.Str()
			if !ok || !r.Eat(':') {
				return nil, false
			}
			if _, dup := m[k]; dup {
				return nil, false
			}
			v, ok := r.Value()
			if !ok {
				return nil, false
			}
			m[k] = v
			if r.Eat(',') {
				continue
			}
			r.depth--
			return m, r.Eat('}')
		}
	}
	f, ok := r.Float()
	return Number(f), ok
}

// Number returns f as a value, boxed once for the whole numbers 0 to
// 1023: a document's values are mostly such counters and indices.
func Number(f float64) any {
	if f >= 0 && f < float64(len(smallNumbers)) && f == float64(int(f)) && !(f == 0 && 1/f < 0) {
		return smallNumbers[int(f)]
	}
	return f
}

// elems reads a list of values into a list of its size.
func (r *Reader) elems() ([]any, bool) {
	return r.ElemsOf(r.Value)
}

// ElemsOf reads a list of values, each by value, into a list of its
// size.
func (r *Reader) ElemsOf(value func() (any, bool)) ([]any, bool) {
	start := len(r.scratch)
	ok := r.List(func() bool {
		v, ok := value()
		r.scratch = append(r.scratch, v)
		return ok
	})
	out := r.anyList(len(r.scratch) - start)
	copy(out, r.scratch[start:])
	clear(r.scratch[start:])
	r.scratch = r.scratch[:start]
	return out, ok
}

// anyList returns a list of n values, cut from a block for a short one
// (its capacity n: an append copies it); empty, not nil, for 0.
func (r *Reader) anyList(n int) []any {
	if n == 0 {
		return []any{}
	}
	if n > 64 {
		return make([]any, n)
	}
	if len(r.anys) < n {
		r.anys = make([]any, 1024)
	}
	out := r.anys[:n:n]
	r.anys = r.anys[n:]
	return out
}

// Floats reads a list of numbers into a list of its size (empty, not
// nil, for []).
func (r *Reader) Floats() ([]float64, bool) {
	r.floatScratch = r.floatScratch[:0]
	ok := r.List(func() bool {
		x, ok := r.Float()
		r.floatScratch = append(r.floatScratch, x)
		return ok
	})
	out := r.floatList(len(r.floatScratch))
	copy(out, r.floatScratch)
	return out, ok
}

// floatList is anyList for numbers.
func (r *Reader) floatList(n int) []float64 {
	if n == 0 {
		return []float64{}
	}
	if n > 64 {
		return make([]float64, n)
	}
	if len(r.floats) < n {
		r.floats = make([]float64, 1024)
	}
	out := r.floats[:n:n]
	r.floats = r.floats[n:]
	return out
}

// Skip eats a value and returns its bytes.
func (r *Reader) Skip() ([]byte, bool) {
	r.ws()
	start := r.i
	if _, ok := r.Value(); !ok {
		return nil, false
	}
	return r.d[start:r.i], true
}

// Objects reads null (nil) or a list of objects into a []T, each
// object's keys read by field into the element (as ObjectNeed's fields,
// need the bits of the keys each must have).
func Objects[T any](r *Reader, scratch *[]T, need uint32, field func(e *T, k []byte) (uint32, bool)) ([]T, bool) {
	if r.Null() {
		return nil, true
	}
	return ListOf(r, scratch, func(e *T) bool {
		return r.ObjectNeed(need, func(k []byte) (uint32, bool) { return field(e, k) })
	})
}

// ListOf reads a list, each element into a T by elem, and returns it
// as a list of its size (empty, not nil, for []); the elements are
// read in place in scratch, the caller's own for T, left as it was (so
// a T holds no list of T).
func ListOf[T any](r *Reader, scratch *[]T, elem func(e *T) bool) ([]T, bool) {
	start := len(*scratch)
	ok := r.List(func() bool {
		var zero T
		*scratch = append(*scratch, zero)
		return elem(&(*scratch)[len(*scratch)-1])
	})
	out := make([]T, len(*scratch)-start)
	copy(out, (*scratch)[start:])
	clear((*scratch)[start:])
	*scratch = (*scratch)[:start]
	return out, ok
}

package jsonread

import (
	"bytes"
	"unicode/utf8"
)

// Reader reads JSON from the bytes it was made with (New), one value at
// a time, as the caller's code for the document's shape asks for it:
// the caller says which value comes next (Str, Int, Object, List ...),
// and each method returns false to give up (anything unexpected, an
// escape or a form it does not read), leaving the document to a slower
// reader that words the error.
type Reader struct {
	d     []byte
	i     int
	depth int
	// interned holds the short strings read, each once: a document
	// repeats its keys and names for every record; strs gives each
	// one's place in interned.
	interned []interned
	strs     map[string]int32
	// guess holds the place in interned of the string read at each
	// string position of the last record (slot counts them in the
	// record being read, from NewRecord): a record of the same shape
	// has the same strings in the same order, found without hashing.
	guess []int32
	slot  int
	// scratch holds the elements of the lists being read, copied out to
	// a list of the right size at each list's end.
	scratch      []any
	floatScratch []float64
	// anys and floats are blocks that small lists are cut from (one
	// allocation for many)
	anys   []any
	floats []float64
}

// interned is one string read, and the same boxed as a value once
// (nil until a value needs it).
type interned struct {
	s string
	v any
}

// New returns a Reader of data at its first byte.
func New(data []byte) Reader {
	return Reader{d: data, strs: map[string]int32{}}
}

// End skips spaces and reports whether the reader is at the end of its
// data.
func (r *Reader) End() bool {
	r.ws()
	return r.i == len(r.d)
}

// Offset is the reader's place in its data, in bytes, for Rewind.
func (r *Reader) Offset() int { return r.i }

// Rewind moves the reader back to the place Offset gave.
func (r *Reader) Rewind(offset int) { r.i = offset }

// NewRecord starts a record (an element of a long list whose elements
// share a shape): its strings are guessed to be the last record's, in
// the same order.
func (r *Reader) NewRecord() { r.slot = 0 }

// ws skips spaces.
func (r *Reader) ws() {
	for r.i < len(r.d) {
		switch r.d[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// Next skips spaces and returns the next byte (0 at the end).
func (r *Reader) Next() byte {
	r.ws()
	if r.i < len(r.d) {
		return r.d[r.i]
	}
	return 0
}

// Eat eats the byte c, when next (after spaces).
func (r *Reader) Eat(c byte) bool {
	if r.Next() == c {
		r.i++
		return true
	}
	return false
}

// Null eats a null, when next.
func (r *Reader) Null() bool {
	if r.Next() == 'n' && bytes.HasPrefix(r.d[r.i:], []byte("null")) {
		r.i += 4
		return true
	}
	return false
}

// Object reads an object, calling field for each key (its bit in the
// returned set must be new: a key twice gives up).
func (r *Reader) Object(field func(key []byte) (bit uint32, ok bool)) bool {
	return r.ObjectNeed(0, field)
}

// ObjectNeed is Object for an object that must have the keys of the
// bits of need (a missing one gives up).
func (r *Reader) ObjectNeed(need uint32, field func(key []byte) (bit uint32, ok bool)) bool {
	if !r.Eat('{') {
		return false
	}
	if r.Eat('}') {
		return need == 0
	}
	var seen uint32
	for {
		k, ok := r.RawKey()
		if !ok || !r.Eat(':') {
			return false
		}
		bit, ok := field(k)
		if !ok || seen&bit != 0 {
			return false
		}
		seen |= bit
		if r.Eat(',') {
			continue
		}
		return r.Eat('}') && seen&need == need
	}
}

// List reads a list, calling elem for each element.
func (r *Reader) List(elem func() bool) bool {
	if !r.Eat('[') {
		return false
	}
	if r.Eat(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if r.Eat(',') {
			continue
		}
		return r.Eat(']')
	}
}

// RawKey reads a key without escapes, as bytes of the data (ASCII
// only: any other key gives up).
func (r *Reader) RawKey() ([]byte, bool) {
	if !r.Eat('"') {
		return nil, false
	}
	start := r.i
	for r.i < len(r.d) {
		c := r.d[r.i]
		if c == '"' {
			r.i++
			return r.d[start : r.i-1], true
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			return nil, false
		}
		r.i++
	}
	return nil, false
}

// Bool reads true or false.
func (r *Reader) Bool() (bool, bool) {
	switch r.Next() {
	case 't':
		if bytes.HasPrefix(r.d[r.i:], []byte("true")) {
			r.i += 4
			return true, true
		}
	case 'f':
		if bytes.HasPrefix(r.d[r.i:], []byte("false")) {
			r.i += 5
			return false, true
		}
	}
	return false, false
}

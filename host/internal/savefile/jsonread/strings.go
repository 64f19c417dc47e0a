package jsonread

import (
	"strconv"
	"unicode/utf8"
)

// Str reads a string (a short one interned: the same string read twice
// is the one string).
func (r *Reader) Str() (string, bool) {
	s, _, ok := r.strAt()
	return s, ok
}

// strAt reads a string, and gives its place in r.interned (-1 for a
// string not interned).
func (r *Reader) strAt() (string, int32, bool) {
	if !r.Eat('"') {
		return "", -1, false
	}
	start := r.i
	ascii := true
	for r.i < len(r.d) {
		c := r.d[r.i]
		switch {
		case c == '"':
			b := r.d[start:r.i]
			r.i++
			if !ascii && !utf8.Valid(b) {
				return "", -1, false
			}
			if len(b) <= 128 {
				n := r.intern(b)
				return r.interned[n].s, n, true
			}
			return string(b), -1, true
		case c == '\\':
			s, ok := r.escaped(start)
			return s, -1, ok
		case c < 0x20:
			return "", -1, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
		r.i++
	}
	return "", -1, false
}

// intern returns the place in r.interned of the string b, guessed from
// the last agent's string at this slot, else looked up, else added.
func (r *Reader) intern(b []byte) int32 {
	slot := r.slot
	r.slot++
	if slot < len(r.guess) {
		if n := r.guess[slot]; r.interned[n].s == string(b) {
			return n
		}
	}
	n, ok := r.strs[string(b)]
	if !ok {
		n = int32(len(r.interned))
		s := string(b)
		r.interned = append(r.interned, interned{s: s})
		r.strs[s] = n
	}
	if slot < len(r.guess) {
		r.guess[slot] = n
	} else if slot == len(r.guess) {
		r.guess = append(r.guess, n)
	}
	return n
}

// escaped reads the rest of a string with escapes, from start; a \u of a
// surrogate gives up.
func (r *Reader) escaped(start int) (string, bool) {
	b := append([]byte(nil), r.d[start:r.i]...)
	for r.i < len(r.d) {
		c := r.d[r.i]
		switch {
		case c == '"':
			r.i++
			if !utf8.Valid(b) {
				return "", false
			}
			return string(b), true
		case c < 0x20:
			return "", false
		case c != '\\':
			b = append(b, c)
			r.i++
			continue
		}
		if r.i+1 >= len(r.d) {
			return "", false
		}
		e := r.d[r.i+1]
		r.i += 2
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			if r.i+4 > len(r.d) {
				return "", false
			}
			u, err := strconv.ParseUint(string(r.d[r.i:r.i+4]), 16, 32)
			if err != nil || u >= 0xD800 && u < 0xE000 {
				return "", false
			}
			b = utf8.AppendRune(b, rune(u))
			r.i += 4
		default:
			return "", false
		}
	}
	return "", false
}

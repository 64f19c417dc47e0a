package jsonread

import (
	"strconv"
	"strings"
	"unsafe"
)

// NumberLit returns the literal of the JSON number next, and eats it.
func (r *Reader) NumberLit() ([]byte, bool) {
	r.ws()
	start, d := r.i, r.d
	i := r.i
	if i < len(d) && d[i] == '-' {
		i++
	}
	if i >= len(d) {
		return nil, false
	}
	if d[i] == '0' {
		i++
	} else if d[i] >= '1' && d[i] <= '9' {
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	} else {
		return nil, false
	}
	if i < len(d) && d[i] == '.' {
		i++
		j := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		if i == j {
			return nil, false
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		j := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		if i == j {
			return nil, false
		}
	}
	r.i = i
	return d[start:i], true
}

// Float reads a number.
func (r *Reader) Float() (float64, bool) {
	lit, ok := r.NumberLit()
	if !ok {
		return 0, false
	}
	if len(lit) <= 15 && lit[0] != '-' {
		n := 0.0
		whole := true
		for _, c := range lit {
			if c < '0' || c > '9' {
				whole = false
				break
			}
			n = n*10 + float64(c-'0')
		}
		if whole {
			return n, true
		}
	}
	f, err := strconv.ParseFloat(unsafe.String(&lit[0], len(lit)), 64)
	return f, err == nil
}

// Uint reads a whole number in [0, most] (20.0 too, see WholeLit).
func (r *Reader) Uint(most uint64) (uint64, bool) {
	lit, ok := r.NumberLit()
	if !ok || lit[0] == '-' {
		return 0, false
	}
	n, err := strconv.ParseUint(unsafe.String(&lit[0], len(lit)), 10, 64)
	if err != nil {
		w, ok := WholeLit(lit) // 20.0
		return uint64(w), ok && w >= 0 && uint64(w) <= most
	}
	return n, n <= most
}

// Int reads a whole number of an int (20.0 too, see WholeLit).
func (r *Reader) Int() (int, bool) {
	lit, ok := r.NumberLit()
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(unsafe.String(&lit[0], len(lit)), 10, 64)
	if err != nil {
		w, ok := WholeLit(lit) // 20.0
		return int(w), ok
	}
	return int(n), true
}

// NumberBefore returns the number literal of data that ends at byte off
// (an error's offset): "" when none does.
func NumberBefore(data []byte, off int64) string {
	end := min(int(off), len(data))
	start := end
	for start > 0 && strings.IndexByte("+-0123456789.eE", data[start-1]) >= 0 {
		start--
	}
	return string(data[start:end])
}

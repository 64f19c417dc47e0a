package jsonread

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
)

// JSON has one kind of number: a whole number written with a fraction or
// an exponent (20.0, 2e1) is that whole number where a document holds a
// count or an index. Reader.Int and Uint read it so, and WholeNumbers
// rewrites it for encoding/json, up to 2^53 in size (past that a float64
// is no longer exact) and but -0.

// maxWhole bounds the whole numbers read from a literal with a fraction
// or an exponent.
const maxWhole = 1 << 53

// WholeLit returns the whole number a literal with a fraction or an
// exponent stands for; ok is false for any other literal.
func WholeLit(lit []byte) (n int64, ok bool) {
	if !bytes.ContainsAny(lit, ".eE") {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > maxWhole || f == 0 && math.Signbit(f) {
		return 0, false
	}
	return int64(f), true
}

// WholeNumbers returns data, valid JSON, with each number literal that
// WholeLit reads written as its whole number (data itself when it has
// none, or is no valid JSON), for encoding/json, which reads 20.0 into
// no integer. A value read into a float64 or an any is the same float64
// either way.
func WholeNumbers(data []byte) []byte {
	if !json.Valid(data) {
		return data
	}
	var out []byte
	last := 0
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '"':
			i++
			for i < len(data) && data[i] != '"' {
				if data[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case c == '-' || c >= '0' && c <= '9':
			j := i
			for j < len(data) && bytes.IndexByte([]byte("+-.eE0123456789"), data[j]) >= 0 {
				j++
			}
			if n, ok := WholeLit(data[i:j]); ok {
				out = append(out, data[last:i]...)
				out = strconv.AppendInt(out, n, 10)
				last = j
			}
			i = j
		default:
			i++
		}
	}
	if out == nil {
		return data
	}
	return append(out, data[last:]...)
}

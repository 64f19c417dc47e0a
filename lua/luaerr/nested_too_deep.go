package luaerr

import (
	"bytes"

	"github.com/yuin/gopher-lua/parse"
)

// deepBrackets is the running depth of "{" and "(" in a text over which
// NestedTooDeep parses it to look: gopher-lua's compiler recurses once
// per level of nesting, and about 10^6 levels overflow the Go stack, a
// fatal error (500000 compile in 1.9 s and 1.1 GB).
const deepBrackets = 100000

// NestedTooDeep returns the error of compiling src, the text of the
// Lua file at path, when an expression in it nests too deeply for
// gopher-lua's compiler to run ("deep.lua:2: expression nested too
// deeply (...; register overflow)", as the compiler's own error for
// it reads; see registerOverflow); nil otherwise. It scans the bytes
// for the depth of "{" and "(" (strings and comments included), and
// parses src only when that passes deepBrackets, so an ordinary
// script costs one pass over its bytes.
func NestedTooDeep(path string, src []byte) error {
	if bracketDepth(src) <= deepBrackets {
		return nil
	}
	chunk, err := parse.Parse(bytes.NewReader(src), path)
	if err != nil {
		return nil // the compile reports it
	}
	line := deepStmts(chunk, 0)
	if line == 0 {
		return nil
	}
	return &Error{File: path, Line: line, Msg: deepMessage()}
}

// bracketDepth returns the greatest running depth of "{" and "(" over
// "}" and ")" in src.
func bracketDepth(src []byte) int {
	depth, most := 0, 0
	for _, c := range src {
		switch c {
		case '{', '(':
			if depth++; depth > most {
				most = depth
			}
		case '}', ')':
			depth--
		}
	}
	return most
}

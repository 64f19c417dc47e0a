package main

import (
	"encoding/json"
	"fmt"
)

// This file reads JSON with comments, the format of LuaLS's .luarc.json:
// JSON plus // line comments, /* block */ comments and trailing commas in
// objects and arrays. It keeps where each value lies in the text, so that
// --lua-stubs can edit the file in place (luarc.go) and leave the user's
// comments and layout as they were.

// jsonNode is one value of a JSONC text.
type jsonNode struct {
	// kind is '{' (object), '[' (array), '"' (string), or 'v' (a number,
	// true, false or null).
	kind byte
	// start and end are the value's byte span in the text (end
	// exclusive): an object or array from its opening bracket to just
	// past its closing one.
	start, end int
	// str is a string's value.
	str string
	// keys and vals are an object's members, in the text's order; elems
	// are an array's elements.
	keys  []string
	keyAt []int // the offset of each key's opening quote
	vals  []*jsonNode
	elems []*jsonNode
}

// member returns the value of an object's last member named key (the one
// a JSON reader keeps), or nil.
func (n *jsonNode) member(key string) *jsonNode {
	for i := len(n.keys) - 1; i >= 0; i-- {
		if n.keys[i] == key {
			return n.vals[i]
		}
	}
	return nil
}

// maxJSONDepth bounds the nesting of objects and arrays parseJSONC reads.
const maxJSONDepth = 200

// parseJSONC parses text, one JSONC value with optional whitespace and
// comments around it. Errors name the byte offset and what was expected.
func parseJSONC(text []byte) (*jsonNode, error) {
	p := &jsoncParser{s: text}
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if err := p.space(); err != nil {
		return nil, err
	}
	if p.i != len(p.s) {
		return nil, p.errorf("end of text")
	}
	return n, nil
}

type jsoncParser struct {
	s []byte
	i int
}

func (p *jsoncParser) errorf(want string) error {
	if p.i >= len(p.s) {
		return fmt.Errorf("offset %d: want %s, got the end of the text", p.i, want)
	}
	return fmt.Errorf("offset %d: want %s, got %q", p.i, want, p.s[p.i])
}

// space skips whitespace and comments.
func (p *jsoncParser) space() error {
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		case c == '/' && p.i+1 < len(p.s) && p.s[p.i+1] == '/':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		case c == '/' && p.i+1 < len(p.s) && p.s[p.i+1] == '*':
			start := p.i
			p.i += 2
			for p.i+1 < len(p.s) && (p.s[p.i] != '*' || p.s[p.i+1] != '/') {
				p.i++
			}
			if p.i+1 >= len(p.s) {
				p.i = start
				return fmt.Errorf("offset %d: comment /* is not closed by */", start)
			}
			p.i += 2
		default:
			return nil
		}
	}
	return nil
}

func (p *jsoncParser) value(depth int) (*jsonNode, error) {
	if err := p.space(); err != nil {
		return nil, err
	}
	if p.i >= len(p.s) {
		return nil, p.errorf("a value")
	}
	switch c := p.s[p.i]; c {
	case '{', '[':
		if depth >= maxJSONDepth {
			return nil, fmt.Errorf("offset %d: more than %d nested objects and arrays", p.i, maxJSONDepth)
		}
		return p.container(c, depth)
	case '"':
		start := p.i
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &jsonNode{kind: '"', start: start, end: p.i, str: s}, nil
	}
	return p.scalar()
}

// container parses an object or an array, trailing comma allowed.
func (p *jsoncParser) container(open byte, depth int) (*jsonNode, error) {
	n := &jsonNode{kind: open, start: p.i}
	closer := byte('}')
	if open == '[' {
		closer = ']'
	}
	p.i++
	for {
		if err := p.space(); err != nil {
			return nil, err
		}
		if p.i < len(p.s) && p.s[p.i] == closer {
			p.i++
			n.end = p.i
			return n, nil
		}
		if open == '{' {
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return nil, p.errorf(`a member name in quotes or "}"`)
			}
			at := p.i
			key, err := p.str()
			if err != nil {
				return nil, err
			}
			if err := p.space(); err != nil {
				return nil, err
			}
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil, p.errorf(`":"`)
			}
			p.i++
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.keys, n.keyAt, n.vals = append(n.keys, key), append(n.keyAt, at), append(n.vals, v)
		} else {
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n.elems = append(n.elems, v)
		}
		if err := p.space(); err != nil {
			return nil, err
		}
		switch {
		case p.i < len(p.s) && p.s[p.i] == ',':
			p.i++
		case p.i < len(p.s) && p.s[p.i] == closer:
		default:
			return nil, p.errorf(fmt.Sprintf(`"," or %q`, closer))
		}
	}
}

// str parses a JSON string (as encoding/json reads it) and returns its
// value.
func (p *jsoncParser) str() (string, error) {
	start := p.i
	p.i++
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case '\\':
			p.i += 2
			continue
		case '"':
			p.i++
			var s string
			if err := json.Unmarshal(p.s[start:p.i], &s); err != nil {
				p.i = start
				return "", fmt.Errorf("offset %d: bad string: %v", start, err)
			}
			return s, nil
		}
		p.i++
	}
	p.i = start
	return "", fmt.Errorf("offset %d: string is not closed", start)
}

// scalar parses a number, true, false or null.
func (p *jsoncParser) scalar() (*jsonNode, error) {
	start := p.i
	for p.i < len(p.s) && isScalarByte(p.s[p.i]) {
		p.i++
	}
	if p.i == start || !json.Valid(p.s[start:p.i]) {
		p.i = start
		return nil, p.errorf("a value")
	}
	return &jsonNode{kind: 'v', start: start, end: p.i}, nil
}

func isScalarByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'E'
}

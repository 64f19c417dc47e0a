package luapattern

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// specials are the bytes that make string.find match a pattern rather
// than search for plain text.
const specials = "^$*+?.([%-"

// Options configure Open.
type Options struct {
	// MaxSize caps, in bytes, the string string.gsub builds; over it the
	// call raises a Lua error. 0 means no cap.
	MaxSize int64
}

// Open replaces string.find, string.match, string.gmatch and string.gsub
// in L's string table with this package's (PUC Lua 5.1's results, polling
// L's context while they run). It does nothing when L has no string
// table.
func Open(L *lua.LState, opts Options) {
	str, ok := L.GetGlobal("string").(*lua.LTable)
	if !ok {
		return
	}
	str.RawSetString("find", L.NewFunction(func(L *lua.LState) int { return findAux(L, true) }))
	str.RawSetString("match", L.NewFunction(func(L *lua.LState) int { return findAux(L, false) }))
	str.RawSetString("gmatch", L.NewFunction(gmatch))
	str.RawSetString("gsub", L.NewFunction(func(L *lua.LState) int { return gsub(L, opts.MaxSize) }))
}

// posRelative turns a negative string position into one from the start
// (posrelat).
func posRelative(pos, n int) int {
	if pos < 0 {
		pos += n + 1
	}
	return max(pos, 0)
}

// findAux is string.find (find) and string.match (!find): str_find_aux.
func findAux(L *lua.LState, find bool) int {
	s := L.CheckString(1)
	p := L.CheckString(2)
	init := posRelative(L.OptInt(3, 1), len(s)) - 1
	init = min(max(init, 0), len(s))
	cut := p
	if i := strings.IndexByte(cut, 0); i >= 0 {
		cut = cut[:i]
	}
	if find && (L.ToBool(4) || !strings.ContainsAny(cut, specials)) {
		// a plain search
		if i := strings.Index(s[init:], p); i >= 0 {
			L.Push(lua.LNumber(init + i + 1))
			L.Push(lua.LNumber(init + i + len(p)))
			return 2
		}
		L.Push(lua.LNil)
		return 1
	}
	m := newMatcher(L, s, p)
	p0, anchor := 0, m.p(0) == '^'
	if anchor {
		p0 = 1
	}
	for s1 := init; ; s1++ {
		m.level = 0
		if e := m.match(s1, p0); e != -1 {
			if find {
				L.Push(lua.LNumber(s1 + 1))
				L.Push(lua.LNumber(e))
				return m.pushCaptures(-1, 0) + 2
			}
			return m.pushCaptures(s1, e)
		}
		if s1 >= len(s) || anchor {
			break
		}
	}
	L.Push(lua.LNil)
	return 1
}

// oneCapture returns capture i of the match from s to e: the whole match
// for i 0 when the pattern has no captures.
func (m *matcher) oneCapture(i, s, e int) lua.LValue {
	if i >= m.level {
		if i != 0 {
			m.L.RaiseError("invalid capture index")
		}
		return lua.LString(m.src[s:e])
	}
	c := m.capture[i]
	switch c.len {
	case capUnfinished:
		m.L.RaiseError("unfinished capture")
	case capPosition:
		return lua.LNumber(c.init + 1)
	}
	return lua.LString(m.src[c.init : c.init+c.len])
}

// pushCaptures pushes the captures of the match from s to e (the whole
// match when there are none and s >= 0) and returns how many.
func (m *matcher) pushCaptures(s, e int) int {
	n := m.level
	if n == 0 && s >= 0 {
		n = 1
	}
	for i := range n {
		m.L.Push(m.oneCapture(i, s, e))
	}
	return n
}

// gmatch is string.gmatch: an iterator over the matches, each found when
// the loop asks for it (gmatch_aux).
func gmatch(L *lua.LState) int {
	s := L.CheckString(1)
	p := L.CheckString(2)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		m := newMatcher(L, s, p)
		for src := pos; src <= len(s); src++ {
			m.level = 0
			if e := m.match(src, 0); e != -1 {
				pos = e
				if e == src { // an empty match: go on at least one byte
					pos++
				}
				return m.pushCaptures(src, e)
			}
		}
		pos = len(s) + 1
		return 0
	}))
	return 1
}

// gsub is string.gsub (str_gsub); the result may not grow over maxSize
// bytes (0: no cap).
func gsub(L *lua.LState, maxSize int64) int {
	src := L.CheckString(1)
	p := L.CheckString(2)
	repl := L.Get(3)
	switch repl.Type() {
	case lua.LTNumber, lua.LTString, lua.LTFunction, lua.LTTable:
	default:
		L.RaiseError("%s", "bad argument #3 to 'gsub' (string/function/table expected)")
	}
	maxN := L.OptInt(4, len(src)+1)
	m := newMatcher(L, src, p)
	p0, anchor := 0, m.p(0) == '^'
	if anchor {
		p0 = 1
	}
	var b strings.Builder
	grow := func() {
		if maxSize > 0 && int64(b.Len()) > maxSize {
			L.RaiseError("string.gsub: the result would be over the maximum string size of %d bytes", maxSize)
		}
	}
	s, n := 0, 0
loop:
	for n < maxN {
		m.level = 0
		e := m.match(s, p0)
		if e != -1 {
			n++
			m.addValue(&b, repl, s, e)
			grow()
		}
		switch {
		case e != -1 && e > s: // a non-empty match: skip it
			s = e
		case s < len(src):
			b.WriteByte(src[s])
			s++
		default:
			break loop
		}
		if anchor {
			break
		}
	}
	b.WriteString(src[s:])
	grow()
	L.Push(lua.LString(b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// addValue appends the replacement of the match from s to e (add_value).
func (m *matcher) addValue(b *strings.Builder, repl lua.LValue, s, e int) {
	L := m.L
	var v lua.LValue
	switch r := repl.(type) {
	case lua.LString, lua.LNumber:
		m.addString(b, lua.LVAsString(r), s, e)
		return
	case *lua.LFunction:
		L.Push(r)
		n := m.pushCaptures(s, e)
		L.Call(n, 1)
		v = L.Get(-1)
		L.Pop(1)
	case *lua.LTable:
		v = L.GetTable(r, m.oneCapture(0, s, e))
	}
	if !lua.LVAsBool(v) { // nil or false: keep the original text
		b.WriteString(m.src[s:e])
		return
	}
	if !lua.LVCanConvToString(v) {
		L.RaiseError("invalid replacement value (a %s)", v.Type().String())
	}
	b.WriteString(lua.LVAsString(v))
}

// addString appends the replacement string news, with %0-%9 standing for
// the captures (add_s).
func (m *matcher) addString(b *strings.Builder, news string, s, e int) {
	for i := 0; i < len(news); i++ {
		if news[i] != escape {
			b.WriteByte(news[i])
			continue
		}
		i++ // skip the escape
		var c byte
		if i < len(news) {
			c = news[i]
		}
		switch {
		case !isDigit(c):
			b.WriteByte(c)
		case c == '0':
			b.WriteString(m.src[s:e])
		default:
			b.WriteString(lua.LVAsString(m.oneCapture(int(c-'1'), s, e)))
		}
	}
}

// Package luapattern is Lua 5.1's pattern matcher (string.find, match,
// gmatch, gsub), ported from PUC Lua 5.1's lstrlib.c so that it gives
// PUC's results, with one change: a match that runs long polls the Lua
// state's context (the host's CPU budget) every few thousand steps and
// raises its error, so a backtracking pattern on a long string ends in a
// Lua error instead of one Go call that nothing interrupts.
//
// gopher-lua's own matcher (package pm) finds every match of gmatch and
// gsub before returning the first, and has no step counter; Open replaces
// the four functions in the state's string table.
package luapattern

import (
	"context"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Limits of the matcher, as in PUC Lua 5.1 (LUA_MAXCAPTURES) and 5.2
// (MAXCCALLS, deeper here: 5.1 had none and relied on the C stack).
const (
	maxCaptures = 32
	maxDepth    = 20000
	// pollSteps is how many steps (match calls and loop turns) the
	// matcher takes between two looks at the context.
	pollSteps = 1 << 12
)

// Capture lengths with a special meaning.
const (
	capUnfinished = -1
	capPosition   = -2
)

const escape = '%'

// matcher is PUC Lua's MatchState: the subject, the pattern (cut at its
// first NUL, as C sees it) and the captures of the match under way.
type matcher struct {
	L       *lua.LState
	ctx     context.Context
	src     string
	pat     string
	level   int
	capture [maxCaptures]struct{ init, len int }
	steps   int
	depth   int
}

func newMatcher(L *lua.LState, src, pat string) *matcher {
	if i := strings.IndexByte(pat, 0); i >= 0 {
		pat = pat[:i]
	}
	return &matcher{L: L, ctx: L.Context(), src: src, pat: pat}
}

// p returns the pattern byte at i, 0 past the end (C's terminator).
func (m *matcher) p(i int) byte {
	if i < len(m.pat) {
		return m.pat[i]
	}
	return 0
}

// s returns the subject byte at i, 0 past the end.
func (m *matcher) s(i int) byte {
	if i < len(m.src) {
		return m.src[i]
	}
	return 0
}

// step counts one step and every pollSteps looks at the context, raising
// its error (the CPU budget exceeded, an interruption) as a Lua error.
func (m *matcher) step() {
	m.steps++
	if m.steps&(pollSteps-1) != 0 || m.ctx == nil {
		return
	}
	if err := m.ctx.Err(); err != nil {
		m.L.RaiseError("%s", err.Error())
	}
}

func (m *matcher) checkCapture(l int) int {
	l -= '1'
	if l < 0 || l >= m.level || m.capture[l].len == capUnfinished {
		m.L.RaiseError("invalid capture index")
	}
	return l
}

func (m *matcher) captureToClose() int {
	for level := m.level - 1; level >= 0; level-- {
		if m.capture[level].len == capUnfinished {
			return level
		}
	}
	m.L.RaiseError("invalid pattern capture")
	return 0
}

// classEnd returns the index just past the single-character class at p.
func (m *matcher) classEnd(p int) int {
	c := m.p(p)
	p++
	switch c {
	case escape:
		if m.p(p) == 0 {
			m.L.RaiseError("%s", "malformed pattern (ends with '%')")
		}
		return p + 1
	case '[':
		if m.p(p) == '^' {
			p++
		}
		for { // look for a ']'
			if m.p(p) == 0 {
				m.L.RaiseError("malformed pattern (missing ']')")
			}
			c := m.p(p)
			p++
			if c == escape && m.p(p) != 0 {
				p++ // skip escapes (such as '%]')
			}
			if m.p(p) == ']' {
				return p + 1
			}
		}
	}
	return p
}

// matchBracketClass reports whether c is in the set [...] from p (its '[')
// to ec (its ']').
func (m *matcher) matchBracketClass(c byte, p, ec int) bool {
	sig := true
	if m.p(p+1) == '^' {
		sig = false
		p++
	}
	for p++; p < ec; p++ {
		switch {
		case m.p(p) == escape:
			p++
			if matchClass(c, m.p(p)) {
				return sig
			}
		case m.p(p+1) == '-' && p+2 < ec:
			p += 2
			if m.p(p-2) <= c && c <= m.p(p) {
				return sig
			}
		case m.p(p) == c:
			return sig
		}
	}
	return !sig
}

// singleMatch reports whether c matches the class from p to ep.
func (m *matcher) singleMatch(c byte, p, ep int) bool {
	switch m.p(p) {
	case '.':
		return true
	case escape:
		return matchClass(c, m.p(p+1))
	case '[':
		return m.matchBracketClass(c, p, ep-1)
	}
	return m.p(p) == c
}

func (m *matcher) matchBalance(s, p int) int {
	if m.p(p) == 0 || m.p(p+1) == 0 {
		m.L.RaiseError("unbalanced pattern")
	}
	if m.s(s) != m.p(p) || s >= len(m.src) {
		return -1
	}
	b, e, cont := m.p(p), m.p(p+1), 1
	for s++; s < len(m.src); s++ {
		m.step()
		switch m.src[s] {
		case e:
			if cont--; cont == 0 {
				return s + 1
			}
		case b:
			cont++
		}
	}
	return -1
}

func (m *matcher) maxExpand(s, p, ep int) int {
	i := 0
	for s+i < len(m.src) && m.singleMatch(m.src[s+i], p, ep) {
		m.step()
		i++
	}
	for ; i >= 0; i-- { // try with the most repetitions first
		if res := m.match(s+i, ep+1); res != -1 {
			return res
		}
	}
	return -1
}

func (m *matcher) minExpand(s, p, ep int) int {
	for {
		if res := m.match(s, ep+1); res != -1 {
			return res
		}
		if s < len(m.src) && m.singleMatch(m.src[s], p, ep) {
			s++
		} else {
			return -1
		}
	}
}

func (m *matcher) startCapture(s, p, what int) int {
	level := m.level
	if level >= maxCaptures {
		m.L.RaiseError("too many captures")
	}
	m.capture[level].init, m.capture[level].len = s, what
	m.level = level + 1
	res := m.match(s, p)
	if res == -1 {
		m.level-- // undo capture
	}
	return res
}

func (m *matcher) endCapture(s, p int) int {
	l := m.captureToClose()
	m.capture[l].len = s - m.capture[l].init // close capture
	res := m.match(s, p)
	if res == -1 {
		m.capture[l].len = capUnfinished // undo capture
	}
	return res
}

func (m *matcher) matchCapture(s int, l byte) int {
	i := m.checkCapture(int(l))
	c := m.capture[i]
	if len(m.src)-s >= c.len && m.src[c.init:c.init+c.len] == m.src[s:s+c.len] {
		return s + c.len
	}
	return -1
}

// match matches the pattern from p against the subject from s and
// returns the end of the match, or -1.
func (m *matcher) match(s, p int) int {
	m.depth++
	if m.depth > maxDepth {
		m.L.RaiseError("pattern too complex")
	}
	defer func() { m.depth-- }()
	for {
		m.step()
		switch m.p(p) {
		case '(':
			if m.p(p+1) == ')' { // position capture
				return m.startCapture(s, p+2, capPosition)
			}
			return m.startCapture(s, p+1, capUnfinished)
		case ')':
			return m.endCapture(s, p+1)
		case 0: // end of pattern
			return s
		case '$':
			if p+1 == len(m.pat) {
				if s == len(m.src) {
					return s
				}
				return -1
			}
		case escape:
			switch c := m.p(p + 1); {
			case c == 'b':
				if s = m.matchBalance(s, p+2); s == -1 {
					return -1
				}
				p += 4
				continue
			case c == 'f':
				p += 2
				if m.p(p) != '[' {
					m.L.RaiseError("%s", "missing '[' after '%f' in pattern")
				}
				ep := m.classEnd(p)
				var previous byte
				if s > 0 {
					previous = m.src[s-1]
				}
				if m.matchBracketClass(previous, p, ep-1) || !m.matchBracketClass(m.s(s), p, ep-1) {
					return -1
				}
				p = ep
				continue
			case isDigit(c):
				if s = m.matchCapture(s, c); s == -1 {
					return -1
				}
				p += 2
				continue
			}
		}
		// default: a single-character class, maybe with a repetition
		ep := m.classEnd(p)
		ok := s < len(m.src) && m.singleMatch(m.src[s], p, ep)
		switch m.p(ep) {
		case '?':
			if ok {
				if res := m.match(s+1, ep+1); res != -1 {
					return res
				}
			}
			p = ep + 1
		case '*':
			return m.maxExpand(s, p, ep)
		case '+':
			if !ok {
				return -1
			}
			return m.maxExpand(s+1, p, ep)
		case '-':
			return m.minExpand(s, p, ep)
		default:
			if !ok {
				return -1
			}
			s++
			p = ep
		}
	}
}

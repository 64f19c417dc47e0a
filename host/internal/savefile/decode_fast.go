package savefile

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
)

// errSlow sends a save to decodeSlow: the fast decoder met something it
// leaves to encoding/json (an error to word, a duplicate or unknown key,
// a null where a value must be, an escape it does not read).
var errSlow = errors.New("savefile: for the slow decoder")

// decodeFast reads the saves Encode writes, and any JSON of the same
// shape, giving what encoding/json would (FuzzDecode compares them); for
// anything else it returns errSlow.
func decodeFast(data []byte) (f *File, err error) {
	p := parser{d: data, strs: map[string]int32{}}
	f = &File{}
	if !p.file(f) {
		return nil, errSlow
	}
	p.ws()
	if p.i != len(p.d) {
		return nil, errSlow
	}
	return f, nil
}

// parser reads JSON from d at i; its methods return false to give up.
type parser struct {
	d     []byte
	i     int
	depth int
	// interned holds the short strings read, each once: a save repeats
	// its task paths, kinds and field names for every agent; strs gives
	// each one's place in interned.
	interned []interned
	strs     map[string]int32
	// guess holds the place in interned of the string read at each
	// string position of the last agent (slot counts them in the agent
	// being read): an agent of the same shape has the same strings in
	// the same order, found without hashing.
	guess []int32
	slot  int
	// scratch holds the elements of the lists being read, copied out to
	// a list of the right size at each list's end.
	scratch      []any
	floatScratch []float64
	tasks        []bt.TaskState
	// the elements of the lists being read, by type (see listOf)
	varList   []Var
	tableList []Table
	fieldList []Fields
	refList   []RefVars
	goapList  []Goap
	// refs holds the references read, boxed, by key (refKeys) and number
	refs [len(refKeys)][]any
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

// maxDepth bounds the nesting of values the fast decoder reads.
const maxDepth = 1000

func (p *parser) ws() {
	for p.i < len(p.d) {
		switch p.d[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// next skips spaces and returns the next byte (0 at the end).
func (p *parser) next() byte {
	p.ws()
	if p.i < len(p.d) {
		return p.d[p.i]
	}
	return 0
}

func (p *parser) eat(c byte) bool {
	if p.next() == c {
		p.i++
		return true
	}
	return false
}

// null eats a null, when next.
func (p *parser) null() bool {
	if p.next() == 'n' && bytes.HasPrefix(p.d[p.i:], []byte("null")) {
		p.i += 4
		return true
	}
	return false
}

// object reads an object, calling field for each key (its bit in the
// returned set must be new: a key twice gives up).
func (p *parser) object(field func(key []byte) (bit uint32, ok bool)) bool {
	return p.objectNeed(0, field)
}

// objectNeed is object for an object that must have the keys of the
// bits of need (a missing one gives up: decodeSlow names it).
func (p *parser) objectNeed(need uint32, field func(key []byte) (bit uint32, ok bool)) bool {
	if !p.eat('{') {
		return false
	}
	if p.eat('}') {
		return need == 0
	}
	var seen uint32
	for {
		k, ok := p.rawKey()
		if !ok || !p.eat(':') {
			return false
		}
		bit, ok := field(k)
		if !ok || seen&bit != 0 {
			return false
		}
		seen |= bit
		if p.eat(',') {
			continue
		}
		return p.eat('}') && seen&need == need
	}
}

// list reads a list, calling elem for each element.
func (p *parser) list(elem func() bool) bool {
	if !p.eat('[') {
		return false
	}
	if p.eat(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if p.eat(',') {
			continue
		}
		return p.eat(']')
	}
}

// rawKey reads a key without escapes, as bytes of d.
func (p *parser) rawKey() ([]byte, bool) {
	if !p.eat('"') {
		return nil, false
	}
	start := p.i
	for p.i < len(p.d) {
		c := p.d[p.i]
		if c == '"' {
			p.i++
			return p.d[start : p.i-1], true
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			return nil, false
		}
		p.i++
	}
	return nil, false
}

// str reads a string.
func (p *parser) str() (string, bool) {
	s, _, ok := p.strAt()
	return s, ok
}

// strAt reads a string, and gives its place in p.interned (-1 for a
// string not interned).
func (p *parser) strAt() (string, int32, bool) {
	if !p.eat('"') {
		return "", -1, false
	}
	start := p.i
	ascii := true
	for p.i < len(p.d) {
		c := p.d[p.i]
		switch {
		case c == '"':
			b := p.d[start:p.i]
			p.i++
			if !ascii && !utf8.Valid(b) {
				return "", -1, false
			}
			if len(b) <= 128 {
				n := p.intern(b)
				return p.interned[n].s, n, true
			}
			return string(b), -1, true
		case c == '\\':
			s, ok := p.escaped(start)
			return s, -1, ok
		case c < 0x20:
			return "", -1, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
		p.i++
	}
	return "", -1, false
}

// intern returns the place in p.interned of the string b, guessed from
// the last agent's string at this slot, else looked up, else added.
func (p *parser) intern(b []byte) int32 {
	slot := p.slot
	p.slot++
	if slot < len(p.guess) {
		if n := p.guess[slot]; p.interned[n].s == string(b) {
			return n
		}
	}
	n, ok := p.strs[string(b)]
	if !ok {
		n = int32(len(p.interned))
		s := string(b)
		p.interned = append(p.interned, interned{s: s})
		p.strs[s] = n
	}
	if slot < len(p.guess) {
		p.guess[slot] = n
	} else if slot == len(p.guess) {
		p.guess = append(p.guess, n)
	}
	return n
}

// escaped reads the rest of a string with escapes, from start; a \u of a
// surrogate gives up.
func (p *parser) escaped(start int) (string, bool) {
	b := append([]byte(nil), p.d[start:p.i]...)
	for p.i < len(p.d) {
		c := p.d[p.i]
		switch {
		case c == '"':
			p.i++
			if !utf8.Valid(b) {
				return "", false
			}
			return string(b), true
		case c < 0x20:
			return "", false
		case c != '\\':
			b = append(b, c)
			p.i++
			continue
		}
		if p.i+1 >= len(p.d) {
			return "", false
		}
		e := p.d[p.i+1]
		p.i += 2
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
			if p.i+4 > len(p.d) {
				return "", false
			}
			r, err := strconv.ParseUint(string(p.d[p.i:p.i+4]), 16, 32)
			if err != nil || r >= 0xD800 && r < 0xE000 {
				return "", false
			}
			b = utf8.AppendRune(b, rune(r))
			p.i += 4
		default:
			return "", false
		}
	}
	return "", false
}

// number returns the literal of a JSON number at i, and eats it.
func (p *parser) number() ([]byte, bool) {
	p.ws()
	start, d := p.i, p.d
	i := p.i
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
	p.i = i
	return d[start:i], true
}

// float reads a number.
func (p *parser) float() (float64, bool) {
	lit, ok := p.number()
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

// uint reads a whole number in [0, most].
func (p *parser) uint(most uint64) (uint64, bool) {
	lit, ok := p.number()
	if !ok || lit[0] == '-' {
		return 0, false
	}
	n, err := strconv.ParseUint(unsafe.String(&lit[0], len(lit)), 10, 64)
	if err != nil {
		w, ok := wholeLit(lit) // 20.0
		return uint64(w), ok && w >= 0 && uint64(w) <= most
	}
	return n, n <= most
}

// int reads a whole number of an int.
func (p *parser) int() (int, bool) {
	lit, ok := p.number()
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(unsafe.String(&lit[0], len(lit)), 10, 64)
	if err != nil {
		w, ok := wholeLit(lit) // 20.0
		return int(w), ok
	}
	return int(n), true
}

func (p *parser) boolean() (bool, bool) {
	switch p.next() {
	case 't':
		if bytes.HasPrefix(p.d[p.i:], []byte("true")) {
			p.i += 4
			return true, true
		}
	case 'f':
		if bytes.HasPrefix(p.d[p.i:], []byte("false")) {
			p.i += 5
			return false, true
		}
	}
	return false, false
}

// value reads any JSON value as encoding/json reads it into an any.
func (p *parser) value() (any, bool) {
	switch c := p.next(); {
	case c == 'n':
		return nil, p.null()
	case c == 't' || c == 'f':
		return p.boolean()
	case c == '"':
		s, n, ok := p.strAt()
		if !ok || n < 0 {
			return s, ok
		}
		e := &p.interned[n]
		if e.v == nil {
			e.v = e.s
		}
		return e.v, true
	case c == '[':
		if p.depth++; p.depth > maxDepth {
			return nil, false
		}
		out, ok := p.elems()
		p.depth--
		return out, ok
	case c == '{':
		if p.depth++; p.depth > maxDepth {
			return nil, false
		}
		m := make(map[string]any, 1)
		if !p.eat('{') {
			return nil, false
		}
		if p.eat('}') {
			p.depth--
			return m, true
		}
		for {
			k, ok := p.str()
			if !ok || !p.eat(':') {
				return nil, false
			}
			if _, dup := m[k]; dup {
				return nil, false
			}
			v, ok := p.value()
			if !ok {
				return nil, false
			}
			m[k] = v
			if p.eat(',') {
				continue
			}
			p.depth--
			return m, p.eat('}')
		}
	}
	f, ok := p.float()
	return Number(f), ok
}

// smallNumbers holds the whole numbers 0 to 1023 boxed once: a save's
// values are mostly such counters and indices.
var smallNumbers = func() (out [1024]any) {
	for i := range out {
		out[i] = float64(i)
	}
	return out
}()

// values reads a list of saved values (nil for null).
func (p *parser) values() ([]any, bool) {
	if p.null() {
		return nil, true
	}
	return p.elemsOf(p.savedValue)
}

// kvList reads a list of saved keys and values (Fields.KV, Table.KV); a
// null, which a save never holds there, is left to decodeSlow, which
// names it.
func (p *parser) kvList() ([]any, bool) {
	if p.next() == 'n' {
		return nil, false
	}
	return p.elemsOf(p.savedValue)
}

// elems reads a list of values into a list of its size.
func (p *parser) elems() ([]any, bool) {
	return p.elemsOf(p.value)
}

// elemsOf reads a list of values, each by value, into a list of its
// size.
func (p *parser) elemsOf(value func() (any, bool)) ([]any, bool) {
	start := len(p.scratch)
	ok := p.list(func() bool {
		v, ok := value()
		p.scratch = append(p.scratch, v)
		return ok
	})
	out := p.anyList(len(p.scratch) - start)
	copy(out, p.scratch[start:])
	clear(p.scratch[start:])
	p.scratch = p.scratch[:start]
	return out, ok
}

// anyList returns a list of n values, cut from a block for a short one
// (its capacity n: an append copies it); empty, not nil, for 0.
func (p *parser) anyList(n int) []any {
	if n == 0 {
		return []any{}
	}
	if n > 64 {
		return make([]any, n)
	}
	if len(p.anys) < n {
		p.anys = make([]any, 1024)
	}
	out := p.anys[:n:n]
	p.anys = p.anys[n:]
	return out
}

// floatList is anyList for numbers.
func (p *parser) floatList(n int) []float64 {
	if n == 0 {
		return []float64{}
	}
	if n > 64 {
		return make([]float64, n)
	}
	if len(p.floats) < n {
		p.floats = make([]float64, 1024)
	}
	out := p.floats[:n:n]
	p.floats = p.floats[n:]
	return out
}

// skip eats a value and returns its bytes.
func (p *parser) skip() ([]byte, bool) {
	p.ws()
	start := p.i
	if _, ok := p.value(); !ok {
		return nil, false
	}
	return p.d[start:p.i], true
}

func (p *parser) file(f *File) bool {
	return p.objectNeed(1<<0|1<<1, func(k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "format":
			f.Format, ok = p.str()
			return 1 << 0, ok
		case "version":
			f.Version, ok = p.int()
			return 1 << 1, ok
		case "ticks":
			f.Ticks, ok = p.uint(math.MaxUint64)
			return 1 << 2, ok
		case "shards":
			f.Shards, ok = p.int()
			return 1 << 7, ok
		case "clock":
			f.Clock, ok = p.float()
			return 1 << 3, ok
		case "globals":
			if p.null() {
				return 1 << 4, true
			}
			f.Globals = &Scope{}
			return 1 << 4, p.scope(f.Globals)
		case "btaiRandom":
			if p.null() {
				return 1 << 6, true
			}
			f.BTAIRandom = [][]byte{}
			return 1 << 6, p.list(func() bool {
				str, ok := p.str()
				if !ok {
					return false
				}
				b := make([]byte, base64.StdEncoding.DecodedLen(len(str)))
				m, err := base64.StdEncoding.Decode(b, []byte(str))
				f.BTAIRandom = append(f.BTAIRandom, b[:m])
				return err == nil
			})
		case "digest":
			f.Digest, ok = p.str()
			return 1 << 8, ok
		case "loads":
			if p.null() {
				return 1 << 5, true
			}
			f.Loads = []Load{}
			return 1 << 5, p.list(func() bool {
				f.Loads = append(f.Loads, Load{})
				return p.load(&f.Loads[len(f.Loads)-1])
			})
		}
		return 0, false
	})
}

func (p *parser) scope(s *Scope) bool {
	return p.object(func(k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "vars":
			s.Vars, ok = p.vars()
			return 1 << 0, ok
		case "tables":
			s.Tables, ok = p.tables()
			return 1 << 1, ok
		}
		return 0, false
	})
}

func (p *parser) load(l *Load) bool {
	return p.objectNeed(1<<0, func(k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "script":
			l.Script, ok = p.str()
			return 1 << 0, ok
		case "sha256":
			l.Hash, ok = p.str()
			return 1 << 1, ok
		case "spawned":
			l.Spawned, ok = p.boolean()
			return 1 << 2, ok
		case "state":
			l.State, ok = p.int()
			l.Placed = true
			return 1 << 5, ok
		case "args":
			l.Args, ok = p.value()
			return 1 << 3, ok
		case "agents":
			if p.null() {
				return 1 << 4, true
			}
			l.Agents = []Agent{}
			return 1 << 4, p.list(func() bool {
				l.Agents = append(l.Agents, Agent{})
				return p.agent(&l.Agents[len(l.Agents)-1])
			})
		}
		return 0, false
	})
}

func (p *parser) agent(a *Agent) bool {
	p.slot = 0
	return p.objectNeed(1<<4, func(k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "index":
			a.Index, ok = p.int()
			return 1 << 0, ok
		case "name":
			a.Name, ok = p.str()
			return 1 << 1, ok
		case "signature":
			a.Signature, ok = p.str()
			return 1 << 2, ok
		case "status":
			var n uint64
			n, ok = p.uint(math.MaxUint8)
			a.Status = bt.Status(n)
			return 1 << 3, ok
		case "tree":
			if p.null() {
				return 1 << 4, true
			}
			a.Tree = &bt.TreeState{}
			return 1 << 4, p.tree(a.Tree)
		case "policy":
			raw, ok := p.skip()
			if !ok {
				return 0, false
			}
			if raw[0] != 'n' {
				a.Policy = &Policy{}
				ok = strictUnmarshal(raw, a.Policy)
			}
			return 1 << 5, ok
		case "schedule":
			raw, ok := p.skip()
			if !ok {
				return 0, false
			}
			if raw[0] != 'n' {
				a.Schedule = &Schedule{}
				ok = strictUnmarshal(raw, a.Schedule)
			}
			return 1 << 15, ok
		case "vars":
			a.Vars, ok = p.vars()
			return 1 << 6, ok
		case "refs":
			if p.null() {
				return 1 << 7, true
			}
			a.Refs, ok = listOf(p, &p.refList, func(r *RefVars) bool {
				return p.objectNeed(1<<0, func(k []byte) (uint32, bool) {
					var ok bool
					switch string(k) {
					case "task":
						r.Task, ok = p.int()
						return 1 << 0, ok
					case "vars":
						r.Vars, ok = p.vars()
						return 1 << 1, ok
					}
					return 0, false
				})
			})
			return 1 << 7, ok
		case "fields":
			if p.null() { // never written: decodeSlow names it
				return 1 << 8, false
			}
			a.Fields, ok = listOf(p, &p.fieldList, func(f *Fields) bool {
				return p.objectNeed(1<<0, func(k []byte) (uint32, bool) {
					var ok bool
					switch string(k) {
					case "task":
						f.Task, ok = p.int()
						return 1 << 0, ok
					case "kv":
						f.KV, ok = p.kvList()
						return 1 << 1, ok
					case "hooked":
						f.Hooked, ok = p.boolean()
						return 1 << 2, ok
					case "hook":
						f.Hook, ok = p.savedValue()
						return 1 << 3, ok
					}
					return 0, false
				})
			})
			return 1 << 8, ok
		case "goap":
			if p.null() {
				return 1 << 9, true
			}
			a.Goap, ok = listOf(p, &p.goapList, func(g *Goap) bool {
				return p.objectNeed(15, func(k []byte) (uint32, bool) {
					var ok bool
					switch string(k) {
					case "task":
						g.Task, ok = p.int()
						return 1 << 0, ok
					case "state":
						raw, ok := p.skip()
						if !ok {
							return 0, false
						}
						if raw[0] != 'n' {
							g.State = &goap.AgentSave{}
							ok = strictUnmarshal(raw, g.State) && goapStateComplete(raw, g.State)
						}
						return 1 << 1, ok
					case "provider":
						g.Provider, ok = p.savedValue()
						return 1 << 2, ok
					case "actions":
						g.Actions, ok = p.values()
						return 1 << 3, ok
					}
					return 0, false
				})
			})
			return 1 << 9, ok
		case "tables":
			if p.next() == 'n' { // never written: decodeSlow names it
				return 1 << 10, false
			}
			a.Tables, ok = p.tables()
			return 1 << 10, ok
		}
		return 0, false
	})
}

// strictUnmarshal decodes raw into v as decodeSlow would; false for
// anything but a clean decode (nulls in it too: left to decodeSlow's
// check).
func strictUnmarshal(raw []byte, v any) bool {
	if bytes.Contains(raw, []byte("null")) || dupKey(raw) != nil {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	return dec.Decode(v) == nil
}

// goapStateComplete reports whether raw, a GOAP agent's state that
// strictUnmarshal decoded into s (no null, unknown or repeated key), has
// the keys nullWhere requires: "stack", "left" beside "plan", each goal's
// "name" and "prio", each condition's "key" and "op". It counts the keys'
// text (a string holds a quote only escaped, so `"name":` in raw is a
// key); a key written with a space before its colon is not counted, and
// leaves the save to decodeSlow. (A walk of raw's tokens costs 20 µs an
// agent.)
func goapStateComplete(raw []byte, s *goap.AgentSave) bool {
	goals, conds := len(s.Failed), 0
	for _, g := range s.Failed {
		conds += len(g.Conditions)
	}
	for _, g := range []*goap.GoalSave{s.Goal, s.Pending} {
		if g != nil {
			goals++
			conds += len(g.Conditions)
		}
	}
	count := func(key string) int { return bytes.Count(raw, []byte(key)) }
	return count(`"stack":`) == 1 && (s.Plan == nil || count(`"left":`) == 1) &&
		count(`"name":`) == goals && count(`"prio":`) == goals &&
		count(`"key":`) == conds && count(`"op":`) == conds
}

func (p *parser) tree(t *bt.TreeState) bool {
	return p.object(func(k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "time":
			t.Time, ok = p.float()
			return 1 << 0, ok
		case "dt":
			t.DT, ok = p.float()
			return 1 << 1, ok
		case "ticks":
			t.Ticks, ok = p.uint(math.MaxUint64)
			return 1 << 2, ok
		case "starts":
			t.Starts, ok = p.uint(math.MaxUint64)
			return 1 << 3, ok
		case "execs":
			t.Executions, ok = p.int()
			return 1 << 4, ok
		case "status":
			var n uint64
			n, ok = p.uint(math.MaxUint8)
			t.Status = bt.Status(n)
			return 1 << 5, ok
		case "complete":
			t.Complete, ok = p.boolean()
			return 1 << 6, ok
		case "tasks":
			if p.null() {
				return 1 << 7, true
			}
			p.tasks = p.tasks[:0]
			ok := p.list(func() bool {
				p.tasks = append(p.tasks, bt.TaskState{})
				return p.task(&p.tasks[len(p.tasks)-1])
			})
			t.Tasks = append(make([]bt.TaskState, 0, len(p.tasks)), p.tasks...)
			return 1 << 7, ok
		}
		return 0, false
	})
}

func (p *parser) task(s *bt.TaskState) bool {
	return p.object(func(k []byte) (uint32, bool) {
		var ok bool
		var n uint64
		switch string(k) {
		case "path":
			s.Path, ok = p.str()
			return 1 << 0, ok
		case "kind":
			s.Kind, ok = p.str()
			return 1 << 1, ok
		case "st":
			n, ok = p.uint(math.MaxUint8)
			s.Status = bt.Status(n)
			return 1 << 2, ok
		case "f":
			n, ok = p.uint(math.MaxUint8)
			s.Flags = uint8(n)
			return 1 << 3, ok
		case "tk":
			s.Ticked, ok = p.uint(math.MaxUint64)
			return 1 << 4, ok
		case "seq":
			s.Seq, ok = p.uint(math.MaxUint64)
			return 1 << 5, ok
		case "re":
			s.Reeval, ok = p.uint(math.MaxUint64)
			return 1 << 6, ok
		case "own":
			if p.null() {
				return 1 << 7, true
			}
			p.floatScratch = p.floatScratch[:0]
			ok := p.list(func() bool {
				x, ok := p.float()
				p.floatScratch = append(p.floatScratch, x)
				return ok
			})
			s.Own = p.floatList(len(p.floatScratch))
			copy(s.Own, p.floatScratch)
			return 1 << 7, ok
		case "rand":
			if p.null() {
				return 1 << 8, true
			}
			var str string
			if str, ok = p.str(); !ok {
				return 0, false
			}
			b := make([]byte, base64.StdEncoding.DecodedLen(len(str)))
			m, err := base64.StdEncoding.Decode(b, []byte(str))
			s.Rand = b[:m]
			return 1 << 8, err == nil
		}
		return 0, false
	})
}

// objects reads null (nil) or a list of objects into a []T, each object's
// keys read by field into the element (as objectNeed's fields, need the
// bits of the keys each must have).
func objects[T any](p *parser, scratch *[]T, need uint32, field func(e *T, k []byte) (uint32, bool)) ([]T, bool) {
	if p.null() {
		return nil, true
	}
	return listOf(p, scratch, func(e *T) bool {
		return p.objectNeed(need, func(k []byte) (uint32, bool) { return field(e, k) })
	})
}

// listOf reads a list, each element into a T by elem, and returns it
// as a list of its size (empty, not nil, for []); the elements are
// read in place in scratch, the parser's own for T, left as it was (so
// a T holds no list of T).
func listOf[T any](p *parser, scratch *[]T, elem func(e *T) bool) ([]T, bool) {
	start := len(*scratch)
	ok := p.list(func() bool {
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

func (p *parser) vars() ([]Var, bool) {
	return objects(p, &p.varList, 1<<0, func(v *Var, k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "name":
			v.Name, ok = p.str()
			return 1 << 0, ok
		case "v":
			v.Value, ok = p.savedValue()
			return 1 << 1, ok
		case "go":
			v.Go, ok = p.boolean()
			return 1 << 2, ok
		}
		return 0, false
	})
}

func (p *parser) tables() ([]Table, bool) {
	return objects(p, &p.tableList, 1<<0, func(t *Table, k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "kv":
			t.KV, ok = p.kvList()
			return 1 << 0, ok
		case "mt":
			t.MT, ok = p.str()
			return 1 << 1, ok
		case "obj":
			t.Obj, ok = p.boolean()
			return 1 << 2, ok
		}
		return 0, false
	})
}

package savefile

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"github.com/btlua/btlua/host/internal/savefile/wording"
	"math"

	"github.com/btlua/btlua/host/internal/savefile/jsonread"
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
	p := parser{Reader: jsonread.New(data)}
	f = &File{}
	if !p.file(f) {
		return nil, errSlow
	}
	if !p.End() {
		return nil, errSlow
	}
	return f, nil
}

// parser reads a save's JSON by the save's shape, with its Reader; its
// methods return false to give up.
type parser struct {
	jsonread.Reader
	tasks []bt.TaskState
	// the elements of the lists being read, by type (see
	// jsonread.ListOf)
	varList   []Var
	tableList []Table
	fieldList []Fields
	refList   []RefVars
	goapList  []Goap
	// refs holds the references read, boxed, by key (refKeys) and number
	refs [len(refKeys)][]any
}

// values reads a list of saved values (nil for null).
func (p *parser) values() ([]any, bool) {
	if p.Null() {
		return nil, true
	}
	return p.ElemsOf(p.savedValue)
}

// kvList reads a list of saved keys and values (Fields.KV, Table.KV); a
// null, which a save never holds there, is left to decodeSlow, which
// names it.
func (p *parser) kvList() ([]any, bool) {
	if p.Next() == 'n' {
		return nil, false
	}
	return p.ElemsOf(p.savedValue)
}

func (p *parser) file(f *File) bool {
	return p.ObjectNeed(1<<0|1<<1, func(k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "format":
			f.Format, ok = p.Str()
			return 1 << 0, ok
		case "version":
			f.Version, ok = p.Int()
			return 1 << 1, ok
		case "ticks":
			f.Ticks, ok = p.Uint(math.MaxUint64)
			return 1 << 2, ok
		case "shards":
			f.Shards, ok = p.Int()
			return 1 << 7, ok
		case "clock":
			f.Clock, ok = p.Float()
			return 1 << 3, ok
		case "globals":
			if p.Null() {
				return 1 << 4, true
			}
			f.Globals = &Scope{}
			return 1 << 4, p.scope(f.Globals)
		case "btaiRandom":
			if p.Null() {
				return 1 << 6, true
			}
			f.BTAIRandom = [][]byte{}
			return 1 << 6, p.List(func() bool {
				str, ok := p.Str()
				if !ok {
					return false
				}
				b := make([]byte, base64.StdEncoding.DecodedLen(len(str)))
				m, err := base64.StdEncoding.Decode(b, []byte(str))
				f.BTAIRandom = append(f.BTAIRandom, b[:m])
				return err == nil
			})
		case "digest":
			f.Digest, ok = p.Str()
			return 1 << 8, ok
		case "loads":
			if p.Null() {
				return 1 << 5, true
			}
			f.Loads = []Load{}
			return 1 << 5, p.List(func() bool {
				f.Loads = append(f.Loads, Load{})
				return p.load(&f.Loads[len(f.Loads)-1])
			})
		}
		return 0, false
	})
}

func (p *parser) scope(s *Scope) bool {
	return p.Object(func(k []byte) (uint32, bool) {
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
	return p.ObjectNeed(1<<0, func(k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "script":
			l.Script, ok = p.Str()
			return 1 << 0, ok
		case "sha256":
			l.Hash, ok = p.Str()
			return 1 << 1, ok
		case "spawned":
			l.Spawned, ok = p.Bool()
			return 1 << 2, ok
		case "state":
			l.State, ok = p.Int()
			l.Placed = true
			return 1 << 5, ok
		case "args":
			l.Args, ok = p.Value()
			return 1 << 3, ok
		case "agents":
			if p.Null() {
				return 1 << 4, true
			}
			l.Agents = []Agent{}
			return 1 << 4, p.List(func() bool {
				l.Agents = append(l.Agents, Agent{})
				return p.agent(&l.Agents[len(l.Agents)-1])
			})
		}
		return 0, false
	})
}

func (p *parser) agent(a *Agent) bool {
	p.NewRecord()
	return p.ObjectNeed(1<<4, func(k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "index":
			a.Index, ok = p.Int()
			return 1 << 0, ok
		case "name":
			a.Name, ok = p.Str()
			return 1 << 1, ok
		case "signature":
			a.Signature, ok = p.Str()
			return 1 << 2, ok
		case "status":
			var n uint64
			n, ok = p.Uint(math.MaxUint8)
			a.Status = bt.Status(n)
			return 1 << 3, ok
		case "tree":
			if p.Null() {
				return 1 << 4, true
			}
			a.Tree = &bt.TreeState{}
			return 1 << 4, p.tree(a.Tree)
		case "policy":
			raw, ok := p.Skip()
			if !ok {
				return 0, false
			}
			if raw[0] != 'n' {
				a.Policy = &Policy{}
				ok = strictUnmarshal(raw, a.Policy)
			}
			return 1 << 5, ok
		case "schedule":
			raw, ok := p.Skip()
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
			if p.Null() {
				return 1 << 7, true
			}
			a.Refs, ok = jsonread.ListOf(&p.Reader, &p.refList, func(r *RefVars) bool {
				return p.ObjectNeed(1<<0, func(k []byte) (uint32, bool) {
					var ok bool
					switch string(k) {
					case "task":
						r.Task, ok = p.Int()
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
			if p.Null() { // never written: decodeSlow names it
				return 1 << 8, false
			}
			a.Fields, ok = jsonread.ListOf(&p.Reader, &p.fieldList, func(f *Fields) bool {
				return p.ObjectNeed(1<<0, func(k []byte) (uint32, bool) {
					var ok bool
					switch string(k) {
					case "task":
						f.Task, ok = p.Int()
						return 1 << 0, ok
					case "kv":
						f.KV, ok = p.kvList()
						return 1 << 1, ok
					case "hooked":
						f.Hooked, ok = p.Bool()
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
			if p.Null() {
				return 1 << 9, true
			}
			a.Goap, ok = jsonread.ListOf(&p.Reader, &p.goapList, func(g *Goap) bool {
				return p.ObjectNeed(15, func(k []byte) (uint32, bool) {
					var ok bool
					switch string(k) {
					case "task":
						g.Task, ok = p.Int()
						return 1 << 0, ok
					case "state":
						raw, ok := p.Skip()
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
			if p.Next() == 'n' { // never written: decodeSlow names it
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
	if bytes.Contains(raw, []byte("null")) || wording.DupKey(raw) != nil {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	return dec.Decode(v) == nil
}

// goapStateComplete reports whether raw, a GOAP agent's state that
// strictUnmarshal decoded into s (no null, unknown or repeated key), has
// the keys wording.NullWhere requires: "stack", "left" beside "plan", each goal's
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
	return p.Object(func(k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "time":
			t.Time, ok = p.Float()
			return 1 << 0, ok
		case "dt":
			t.DT, ok = p.Float()
			return 1 << 1, ok
		case "ticks":
			t.Ticks, ok = p.Uint(math.MaxUint64)
			return 1 << 2, ok
		case "starts":
			t.Starts, ok = p.Uint(math.MaxUint64)
			return 1 << 3, ok
		case "execs":
			t.Executions, ok = p.Int()
			return 1 << 4, ok
		case "status":
			var n uint64
			n, ok = p.Uint(math.MaxUint8)
			t.Status = bt.Status(n)
			return 1 << 5, ok
		case "complete":
			t.Complete, ok = p.Bool()
			return 1 << 6, ok
		case "tasks":
			if p.Null() {
				return 1 << 7, true
			}
			p.tasks = p.tasks[:0]
			ok := p.List(func() bool {
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
	return p.Object(func(k []byte) (uint32, bool) {
		var ok bool
		var n uint64
		switch string(k) {
		case "path":
			s.Path, ok = p.Str()
			return 1 << 0, ok
		case "kind":
			s.Kind, ok = p.Str()
			return 1 << 1, ok
		case "st":
			n, ok = p.Uint(math.MaxUint8)
			s.Status = bt.Status(n)
			return 1 << 2, ok
		case "f":
			n, ok = p.Uint(math.MaxUint8)
			s.Flags = uint8(n)
			return 1 << 3, ok
		case "tk":
			s.Ticked, ok = p.Uint(math.MaxUint64)
			return 1 << 4, ok
		case "seq":
			s.Seq, ok = p.Uint(math.MaxUint64)
			return 1 << 5, ok
		case "re":
			s.Reeval, ok = p.Uint(math.MaxUint64)
			return 1 << 6, ok
		case "own":
			if p.Null() {
				return 1 << 7, true
			}
			s.Own, ok = p.Floats()
			return 1 << 7, ok
		case "rand":
			if p.Null() {
				return 1 << 8, true
			}
			var str string
			if str, ok = p.Str(); !ok {
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

func (p *parser) vars() ([]Var, bool) {
	return jsonread.Objects(&p.Reader, &p.varList, 1<<0, func(v *Var, k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "name":
			v.Name, ok = p.Str()
			return 1 << 0, ok
		case "v":
			v.Value, ok = p.savedValue()
			return 1 << 1, ok
		case "go":
			v.Go, ok = p.Bool()
			return 1 << 2, ok
		}
		return 0, false
	})
}

func (p *parser) tables() ([]Table, bool) {
	return jsonread.Objects(&p.Reader, &p.tableList, 1<<0, func(t *Table, k []byte) (uint32, bool) {
		var ok bool
		switch string(k) {
		case "kv":
			t.KV, ok = p.kvList()
			return 1 << 0, ok
		case "mt":
			t.MT, ok = p.Str()
			return 1 << 1, ok
		case "obj":
			t.Obj, ok = p.Bool()
			return 1 << 2, ok
		}
		return 0, false
	})
}

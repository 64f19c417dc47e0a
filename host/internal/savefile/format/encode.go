package format

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync/atomic"
	"unicode/utf8"

	"github.com/btlua/btlua/stdlib/bt"
)

// lastSize sizes the buffer of the next Encode after the last save.
var lastSize atomic.Int64

// Encode writes f as JSON: the bytes encoding/json.Marshal gives for it,
// written by hand (a third of the time, and a tenth of the garbage). For
// a save of DigestVersion it writes the digest of those bytes as its last
// key (digest.go), whatever f.Digest holds. A
// number that JSON cannot hold (NaN, an infinity) in a place that is no
// saved value is an error.
func Encode(f *File) ([]byte, error) {
	e := encoder{b: make([]byte, 0, max(lastSize.Load()+lastSize.Load()/8, 4096))}
	e.file(f)
	if e.err != nil {
		return nil, e.err
	}
	if f.Version >= DigestVersion {
		e.b = appendDigest(e.b[:len(e.b)-1])
	}
	lastSize.Store(int64(len(e.b)))
	return e.b, nil
}

// encoder appends JSON to b; the first error is kept in err.
type encoder struct {
	b   []byte
	err error
}

// key writes `,"name":` (sep set) or `"name":`; name is plain ASCII.
func (e *encoder) key(name string, sep bool) {
	if sep {
		e.b = append(e.b, ',')
	}
	e.b = append(e.b, '"')
	e.b = append(e.b, name...)
	e.b = append(e.b, '"', ':')
}

func (e *encoder) file(f *File) {
	e.b = append(e.b, '{')
	e.key("format", false)
	e.str(f.Format)
	e.key("version", true)
	e.b = strconv.AppendInt(e.b, int64(f.Version), 10)
	if f.Shards != 0 {
		e.key("shards", true)
		e.b = strconv.AppendInt(e.b, int64(f.Shards), 10)
	}
	if f.Ticks != 0 {
		e.key("ticks", true)
		e.b = strconv.AppendUint(e.b, f.Ticks, 10)
	}
	if f.Clock != 0 {
		e.key("clock", true)
		e.num(f.Clock)
	}
	if f.Globals != nil {
		e.key("globals", true)
		e.b = append(e.b, '{')
		sep := false
		if len(f.Globals.Vars) > 0 {
			e.key("vars", false)
			e.vars(f.Globals.Vars)
			sep = true
		}
		if len(f.Globals.Tables) > 0 {
			e.key("tables", sep)
			e.tables(f.Globals.Tables)
		}
		e.b = append(e.b, '}')
	}
	if len(f.BTAIRandom) > 0 {
		e.key("btaiRandom", true)
		e.b = append(e.b, '[')
		for i, r := range f.BTAIRandom {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			if r == nil {
				e.b = append(e.b, "null"...)
				continue
			}
			e.b = append(e.b, '"')
			e.b = base64.StdEncoding.AppendEncode(e.b, r)
			e.b = append(e.b, '"')
		}
		e.b = append(e.b, ']')
	}
	e.key("loads", true)
	if f.Loads == nil {
		e.b = append(e.b, "null"...)
	} else {
		e.b = append(e.b, '[')
		for i := range f.Loads {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.load(&f.Loads[i])
		}
		e.b = append(e.b, ']')
	}
	e.b = append(e.b, '}')
}

func (e *encoder) load(l *Load) {
	e.b = append(e.b, '{')
	e.key("script", false)
	e.str(l.Script)
	e.key("sha256", true)
	e.str(l.Hash)
	if l.Spawned {
		e.key("spawned", true)
		e.b = append(e.b, "true"...)
	}
	if l.State != 0 || l.Placed {
		e.key("state", true)
		e.b = strconv.AppendInt(e.b, int64(l.State), 10)
	}
	if l.Args != nil {
		e.key("args", true)
		e.value(l.Args)
	}
	e.key("agents", true)
	if l.Agents == nil {
		e.b = append(e.b, "null"...)
	} else {
		e.b = append(e.b, '[')
		for i := range l.Agents {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.agent(&l.Agents[i])
		}
		e.b = append(e.b, ']')
	}
	e.b = append(e.b, '}')
}

func (e *encoder) agent(a *Agent) {
	e.b = append(e.b, '{')
	e.key("index", false)
	e.b = strconv.AppendInt(e.b, int64(a.Index), 10)
	e.key("name", true)
	e.str(a.Name)
	e.key("signature", true)
	e.str(a.Signature)
	if a.Status != 0 {
		e.key("status", true)
		e.b = strconv.AppendUint(e.b, uint64(a.Status), 10)
	}
	e.key("tree", true)
	e.tree(a.Tree)
	if a.Policy != nil {
		e.key("policy", true)
		e.marshal(a.Policy)
	}
	if a.Schedule != nil {
		e.key("schedule", true)
		e.marshal(a.Schedule)
	}
	if len(a.Vars) > 0 {
		e.key("vars", true)
		e.vars(a.Vars)
	}
	if len(a.Refs) > 0 {
		e.key("refs", true)
		e.b = append(e.b, '[')
		for i, r := range a.Refs {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.b = append(e.b, '{')
			e.key("task", false)
			e.b = strconv.AppendInt(e.b, int64(r.Task), 10)
			e.key("vars", true)
			if r.Vars == nil {
				e.b = append(e.b, "null"...)
			} else {
				e.vars(r.Vars)
			}
			e.b = append(e.b, '}')
		}
		e.b = append(e.b, ']')
	}
	if len(a.Fields) > 0 {
		e.key("fields", true)
		e.b = append(e.b, '[')
		for i := range a.Fields {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.fields(&a.Fields[i])
		}
		e.b = append(e.b, ']')
	}
	if len(a.Goap) > 0 {
		e.key("goap", true)
		e.b = append(e.b, '[')
		for i := range a.Goap {
			g := &a.Goap[i]
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.b = append(e.b, '{')
			e.key("task", false)
			e.b = strconv.AppendInt(e.b, int64(g.Task), 10)
			e.key("state", true)
			e.marshal(g.State)
			e.key("provider", true)
			e.value(g.Provider)
			e.key("actions", true)
			e.list(g.Actions)
			e.b = append(e.b, '}')
		}
		e.b = append(e.b, ']')
	}
	if len(a.Tables) > 0 {
		e.key("tables", true)
		e.tables(a.Tables)
	}
	e.b = append(e.b, '}')
}

// fields writes a fields entry: its "kv" whenever it is not hooked ([]
// for none), so that a deleted "kv" is seen.
func (e *encoder) fields(f *Fields) {
	e.b = append(e.b, '{')
	e.key("task", false)
	e.b = strconv.AppendInt(e.b, int64(f.Task), 10)
	if len(f.KV) > 0 || !f.Hooked {
		e.key("kv", true)
		if f.KV == nil {
			e.b = append(e.b, '[', ']')
		} else {
			e.list(f.KV)
		}
	}
	if f.Hooked {
		e.key("hooked", true)
		e.b = append(e.b, "true"...)
	}
	if f.Hook != nil {
		e.key("hook", true)
		e.value(f.Hook)
	}
	e.b = append(e.b, '}')
}

func (e *encoder) tree(t *bt.TreeState) {
	if t == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = append(e.b, '{')
	e.key("time", false)
	e.num(t.Time)
	e.key("dt", true)
	e.num(t.DT)
	e.key("ticks", true)
	e.b = strconv.AppendUint(e.b, t.Ticks, 10)
	e.key("starts", true)
	e.b = strconv.AppendUint(e.b, t.Starts, 10)
	if t.Executions != 0 {
		e.key("execs", true)
		e.b = strconv.AppendInt(e.b, int64(t.Executions), 10)
	}
	if t.Status != 0 {
		e.key("status", true)
		e.b = strconv.AppendUint(e.b, uint64(t.Status), 10)
	}
	if t.Complete {
		e.key("complete", true)
		e.b = append(e.b, "true"...)
	}
	e.key("tasks", true)
	if t.Tasks == nil {
		e.b = append(e.b, "null"...)
	} else {
		e.b = append(e.b, '[')
		for i := range t.Tasks {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.task(&t.Tasks[i])
		}
		e.b = append(e.b, ']')
	}
	e.b = append(e.b, '}')
}

func (e *encoder) task(s *bt.TaskState) {
	e.b = append(e.b, '{')
	e.key("path", false)
	e.str(s.Path)
	e.key("kind", true)
	e.str(s.Kind)
	if s.Status != 0 {
		e.key("st", true)
		e.b = strconv.AppendUint(e.b, uint64(s.Status), 10)
	}
	if s.Flags != 0 {
		e.key("f", true)
		e.b = strconv.AppendUint(e.b, uint64(s.Flags), 10)
	}
	if s.Ticked != 0 {
		e.key("tk", true)
		e.b = strconv.AppendUint(e.b, s.Ticked, 10)
	}
	if s.Seq != 0 {
		e.key("seq", true)
		e.b = strconv.AppendUint(e.b, s.Seq, 10)
	}
	if s.Reeval != 0 {
		e.key("re", true)
		e.b = strconv.AppendUint(e.b, s.Reeval, 10)
	}
	if len(s.Own) > 0 {
		e.key("own", true)
		e.b = append(e.b, '[')
		for i, x := range s.Own {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.num(x)
		}
		e.b = append(e.b, ']')
	}
	if len(s.Rand) > 0 {
		e.key("rand", true)
		e.b = append(e.b, '"')
		e.b = base64.StdEncoding.AppendEncode(e.b, s.Rand)
		e.b = append(e.b, '"')
	}
	e.b = append(e.b, '}')
}

func (e *encoder) vars(vs []Var) {
	e.b = append(e.b, '[')
	for i := range vs {
		v := &vs[i]
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.b = append(e.b, '{')
		e.key("name", false)
		e.str(v.Name)
		e.key("v", true)
		e.value(v.Value)
		if v.Go {
			e.key("go", true)
			e.b = append(e.b, "true"...)
		}
		e.b = append(e.b, '}')
	}
	e.b = append(e.b, ']')
}

func (e *encoder) tables(ts []Table) {
	e.b = append(e.b, '[')
	for i := range ts {
		t := &ts[i]
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.b = append(e.b, '{')
		e.key("kv", false)
		e.list(t.KV)
		if t.MT != "" {
			e.key("mt", true)
			e.str(t.MT)
		}
		if t.Obj {
			e.key("obj", true)
			e.b = append(e.b, "true"...)
		}
		e.b = append(e.b, '}')
	}
	e.b = append(e.b, ']')
}

// list writes a []any (null when nil).
func (e *encoder) list(vs []any) {
	if vs == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = append(e.b, '[')
	for i, v := range vs {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.value(v)
	}
	e.b = append(e.b, ']')
}

// value writes a saved value (see Table), or spawn arguments; other Go
// values go through encoding/json.
func (e *encoder) value(v any) {
	switch x := v.(type) {
	case nil:
		e.b = append(e.b, "null"...)
	case bool:
		e.b = strconv.AppendBool(e.b, x)
	case float64:
		e.num(x)
	case string:
		e.str(x)
	case Ref:
		e.b = append(e.b, '{', '"')
		e.b = append(e.b, x.Key...)
		e.b = append(e.b, '"', ':')
		e.b = strconv.AppendInt(e.b, int64(x.N), 10)
		e.b = append(e.b, '}')
	case int:
		e.b = strconv.AppendInt(e.b, int64(x), 10)
	case int64:
		e.b = strconv.AppendInt(e.b, x, 10)
	case []any:
		e.list(x)
	case map[string]any:
		if len(x) == 1 {
			for k, v := range x {
				e.b = append(e.b, '{')
				e.str(k)
				e.b = append(e.b, ':')
				e.value(v)
				e.b = append(e.b, '}')
			}
			return
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		e.b = append(e.b, '{')
		for i, k := range keys {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.str(k)
			e.b = append(e.b, ':')
			e.value(x[k])
		}
		e.b = append(e.b, '}')
	default:
		e.marshal(v)
	}
}

// marshal writes v through encoding/json (the rare parts: GOAP state,
// the error policy, spawn arguments of other Go types).
func (e *encoder) marshal(v any) {
	b, err := json.Marshal(v)
	if err != nil && e.err == nil {
		e.err = err
	}
	e.b = append(e.b, b...)
}

// num writes f as encoding/json does.
func (e *encoder) num(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if e.err == nil {
			e.err = fmt.Errorf("json: unsupported value: %v", strconv.FormatFloat(f, 'g', -1, 64))
		}
		e.b = append(e.b, '0')
		return
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		if f == 0 && math.Signbit(f) {
			e.b = append(e.b, "-0"...)
			return
		}
		e.b = strconv.AppendInt(e.b, int64(f), 10)
		return
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs < 1e-6 || abs >= 1e21 {
		format = 'e'
	}
	e.b = strconv.AppendFloat(e.b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(e.b)
		if n >= 4 && e.b[n-4] == 'e' && e.b[n-3] == '-' && e.b[n-2] == '0' {
			e.b[n-2] = e.b[n-1]
			e.b = e.b[:n-1]
		}
	}
}

const hexDigits = "0123456789abcdef"

// str writes s as a JSON string as encoding/json does: HTML characters
// and U+2028, U+2029 escaped, bad UTF-8 as U+FFFD.
func (e *encoder) str(s string) {
	e.b = append(e.b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			e.b = append(e.b, s[start:i]...)
			switch c {
			case '\\', '"':
				e.b = append(e.b, '\\', c)
			case '\b':
				e.b = append(e.b, '\\', 'b')
			case '\f':
				e.b = append(e.b, '\\', 'f')
			case '\n':
				e.b = append(e.b, '\\', 'n')
			case '\r':
				e.b = append(e.b, '\\', 'r')
			case '\t':
				e.b = append(e.b, '\\', 't')
			default:
				e.b = append(e.b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			e.b = append(e.b, s[start:i]...)
			e.b = append(e.b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			e.b = append(e.b, s[start:i]...)
			e.b = append(e.b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	e.b = append(e.b, s[start:]...)
	e.b = append(e.b, '"')
}

package format

import (
	"github.com/btlua/btlua/host/internal/savefile/jsonread"
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
)

// Format and Version name the format of a save. Version 2 added where each load ran (File.Shards, Load.State); a
// save of OldVersion (1) has no placement, and its loads are placed as
// LoadFile and Spawn place them. Version 3 (DigestVersion) added the
// save's digest (File.Digest, digest.go), a fields entry for every Lua
// task and a "state" for every load of a sharded save.
//
// A save of another format, or of a version other than OldVersion to
// Version, is refused by savefile.Decode.
const (
	Format        = "btlua-save"
	Version       = 3
	DigestVersion = 3
	PlaceVersion  = 2
	OldVersion    = 1
)

// File is the whole save: the host's tick count, clock (seconds),
// global variables and BTAI generators, and the agents, grouped by the LoadFile or Spawn
// call that started them.
type File struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Shards is the saving host's Options.Shards (0: the classic host),
	// the number of Lua states its loads ran in (one for 0).
	Shards  int     `json:"shards,omitempty"`
	Ticks   uint64  `json:"ticks,omitempty"`
	Clock   float64 `json:"clock,omitempty"`
	Globals *Scope  `json:"globals,omitempty"`
	// BTAIRandom is the state of the BTAI library's generator of each of
	// the host's Lua states (one, or one per shard), when a saved BTAI
	// tree draws from it.
	BTAIRandom [][]byte `json:"btaiRandom,omitempty"`
	Loads      []Load   `json:"loads"`
	// Digest is the SHA-256 (64 lower-case hex digits) of the save's
	// bytes before it, written by Encode as the top object's last key
	// in a save of DigestVersion; savefile.Decode refuses a save whose
	// bytes do not match it (see digest.go).
	Digest string `json:"digest,omitempty"`
}

// Load is one LoadFile or Spawn (with Args) of Script, whose content had
// the SHA-256 Hash (hex), run in the Lua state State (the shard, from 0;
// 0 on the classic host).
type Load struct {
	Script  string  `json:"script"`
	Hash    string  `json:"sha256"`
	Spawned bool    `json:"spawned,omitempty"`
	State   int     `json:"state,omitempty"`
	Args    any     `json:"args,omitempty"`
	Agents  []Agent `json:"agents"`
	// Placed is set when the save holds "state" for the load: Encode
	// writes it then even when 0 (a save of DigestVersion from a sharded
	// host gives every load its state), and savefile.Decode sets it when
	// the key is there.
	Placed bool `json:"-"`
}

// MarshalJSON writes l as Encode does (its "state" when Placed).
func (l Load) MarshalJSON() ([]byte, error) {
	e := encoder{}
	e.load(&l)
	return e.b, e.err
}

// Agent is one agent: its place among its load's trees (Index, from 0),
// its tree's structure signature (hex), core state, variables, Lua
// fields and GOAP agents, and the tables its values refer to.
type Agent struct {
	Index     int           `json:"index"`
	Name      string        `json:"name"`
	Signature string        `json:"signature"`
	Status    bt.Status     `json:"status,omitempty"`
	Tree      *bt.TreeState `json:"tree"`
	Policy    *Policy       `json:"policy,omitempty"`
	Schedule  *Schedule     `json:"schedule,omitempty"`
	Vars      []Var         `json:"vars,omitempty"`
	Refs      []RefVars     `json:"refs,omitempty"`
	Fields    []Fields      `json:"fields,omitempty"`
	Goap      []Goap        `json:"goap,omitempty"`
	Tables    []Table       `json:"tables,omitempty"`
}

// Policy is the state of an agent's error policy: its own policy when
// one was set, the back-off of its last restart (Delay, seconds) and how
// long before the save its last error came (SinceFail, seconds of host
// clock); for an agent stopped by an error and awaiting its restart, the
// error's text and how long after the save the restart is due (Err,
// RestartIn, seconds); for an agent stopped by an error for good (no
// restart due: StopAgent, FailTick), the error's text and Stopped.
type Policy struct {
	Own       *PolicyRule `json:"own,omitempty"`
	Delay     float64     `json:"delay,omitempty"`
	SinceFail float64     `json:"sinceFail,omitempty"`
	Err       string      `json:"err,omitempty"`
	RestartIn float64     `json:"restartIn,omitempty"`
	Stopped   bool        `json:"stopped,omitempty"`
}

// Schedule is an agent's tick schedule, saved when it has a tick
// interval or waits: its interval (seconds, Agent.SetTickInterval), the
// host clock time since its last tick (Since, seconds), whether it is
// due and not run yet (Waiting, held back by a frame budget) and whether
// it has ticked once (Started).
type Schedule struct {
	Interval float64 `json:"interval,omitempty"`
	Since    float64 `json:"since,omitempty"`
	Waiting  bool    `json:"waiting,omitempty"`
	Started  bool    `json:"started,omitempty"`
}

// PolicyRule is an agent's own error policy (host.ErrorPolicy): Action 0
// stop, 1 restart, 2 fail the tick; the delays in seconds.
type PolicyRule struct {
	Action   int     `json:"action"`
	Delay    float64 `json:"delay,omitempty"`
	MaxDelay float64 `json:"maxDelay,omitempty"`
}

// RefVars is the variables a tree reference (task number Task of the
// agent's tasks, in preorder, from 0) owns.
type RefVars struct {
	Task int   `json:"task"`
	Vars []Var `json:"vars"`
}

// Scope is the global variables with the tables their values refer to.
type Scope struct {
	Vars   []Var   `json:"vars,omitempty"`
	Tables []Table `json:"tables,omitempty"`
}

// Var is one blackboard variable; Go is set for a Go number, boolean or
// string (set from Go), restored as that Go value.
type Var struct {
	Name  string `json:"name"`
	Value any    `json:"v"`
	Go    bool   `json:"go,omitempty"`
}

// Fields is a Lua task's instance fields (KV: key, value, ...; empty,
// not nil, for none), or the value its class's OnSave returned (Hooked,
// Hook; KV nil). A save of DigestVersion holds one for every Lua task of
// the tree, in task order; an older one only for the tasks with fields.
type Fields struct {
	Task   int   `json:"task"`
	KV     []any `json:"kv,omitempty"`
	Hooked bool  `json:"hooked,omitempty"`
	Hook   any   `json:"hook,omitempty"`
}

// MarshalJSON writes f as Encode does: "kv" whenever the entry is not
// Hooked, [] for none.
func (f Fields) MarshalJSON() ([]byte, error) {
	e := encoder{}
	e.fields(&f)
	return e.b, e.err
}

// Goap is a GOAP agent run by task Task: its Go state and the fields of
// its provider's and actions' tables.
type Goap struct {
	Task     int             `json:"task"`
	State    *goap.AgentSave `json:"state"`
	Provider any             `json:"provider"`
	Actions  []any           `json:"actions"`
}

// Table is one table of a scope: its fields (key, value, ...), the
// global name of its metatable (a class), and Obj when a Go object is
// bound to it.
//
// A value, in KV and elsewhere, is nil, a bool, a float64 (finite), a
// string (UTF-8), a Ref ({"t": N}, table N of the scope; {"task": N},
// {"goap": N}), or a map[string]any of one key: {"num": "nan" | "inf"
// | "-inf"}, {"bytes": base64}, {"fn": "file:line" | "go"}.
type Table struct {
	KV  []any  `json:"kv"`
	MT  string `json:"mt,omitempty"`
	Obj bool   `json:"obj,omitempty"`
}

// Ref is a saved value that refers by number: {"t": N} (Key "t"),
// {"task": N}, {"goap": N}. Encode writes it as that object;
// savefile.Decode gives such objects in a saved value as a Ref (its
// decode_refs.go).
type Ref struct {
	Key string
	N   int
}

// MarshalJSON writes r as {"Key": N}.
func (r Ref) MarshalJSON() ([]byte, error) {
	e := encoder{}
	e.value(r)
	return e.b, nil
}

// Number returns f as a saved value, boxed once for the whole numbers 0
// to 1023 (as Decode reads them: jsonread.Number).
func Number(f float64) any { return jsonread.Number(f) }

package inspect

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
)

// Version is the version of the recording schema, written in the header
// line of every recording (see Header). Readers take versions 1 to
// Version and refuse others. Version 2 lists the nodes of BTAI trees in
// "tree" records (after the tree's own tasks, key "btai"); a version 1
// recording is a version 2 one without them. Version 3 numbers children
// from 1 in the task paths its texts carry (an error's message,
// "Root/Work[2]" for the second child) and the steps of GOAP action
// events ("GetAxe #1" for the first); reading a version 1 or 2
// recording renumbers them (see upgrade). Node numbers ("n", "by", "w",
// "p") and a plan's "current" stay 0-based indexes.
const Version = 3

// Header is the first line of a recording: {"btlua_record":3,...}.
type Header struct {
	// Record is the schema version (Version).
	Record int `json:"btlua_record"`
	// Script is the script the run loaded, Created when the recording
	// began (RFC 3339), DT the delta time of each tick in seconds (0 when
	// unknown).
	Script  string  `json:"script,omitempty"`
	Created string  `json:"created,omitempty"`
	DT      float64 `json:"dt,omitempty"`
}

// Record is one event of the host's event stream (see host.Event) as the
// inspector keeps it and as recordings store it, one JSON object per
// line. Keys (absent when they do not apply; node numbers are depth-first
// indexes into the agent's last "tree" record):
//
//	t      tick (host.Host.Ticks when the event happened)
//	k      kind: tick, tree, removed, start, status, end, var, error,
//	       reload, tickend (host.EventKind.String), goap (one per GOAP
//	       agent and tick with events, just before tickend), btai (a
//	       BTAI node's tick), state (a task's state when the recording
//	       began after its tree ran), restart (the error policy restarted
//	       the tree)
//	a      agent number (tree, removed, start, status, end, var, error,
//	       state, restart)
//	n      node number (start, status, end, state; btai: the BT.Root
//	       task; error: the task the error blames, absent when none)
//	i      the BTAI node's index below its BT.Root task (btai; absent
//	       for 0): the btai nodes of "nodes" in order, from the task's first
//	s      status: Inactive, Success, Failure, Running (status, end,
//	       state);
//	       btai: the state the node returned, Continue, Success,
//	       Failure or Abort
//	run    true when a run of the task is under way (state)
//	c      why a run ended early: Aborted, TimedOut, Interrupted,
//	       ByParent, Halted, Reload (end; absent when completed)
//	by     node number of the task that caused it (end)
//	name   tree name (tree) or variable name (var)
//	src    script file (tree)
//	nodes  the tree's tasks (tree): [{"p":parent,"name","kind","abort","args"}],
//	       then the nodes of BTAI trees, "btai":true (see NodeInfo)
//	v      new value (var; absent when deleted): number, string, boolean,
//	       or a string describing a table or userdata
//	g      true for a global variable (var)
//	w      node number of the writing task (var)
//	path, rebuilt, removed, started, err: a reload; err also for error
//	goap   a GOAP agent's state at the end of a tick in which it had
//	       events (or its tree was reported), with those events (kind
//	       goap; n is the task its last event belonged to): see GoapView
//
// The old value of a write is not stored: it is the previous record's.
type Record struct {
	T     uint64     `json:"t"`
	K     string     `json:"k"`
	A     int        `json:"a,omitempty"`
	N     int        `json:"n"`
	I     int        `json:"i,omitempty"`
	S     string     `json:"s,omitempty"`
	C     string     `json:"c,omitempty"`
	By    int        `json:"by"`
	Name  string     `json:"name,omitempty"`
	Src   string     `json:"src,omitempty"`
	Nodes []NodeInfo `json:"nodes,omitempty"`
	V     any        `json:"v,omitempty"`
	G     bool       `json:"g,omitempty"`
	W     int        `json:"w"`
	Path  string     `json:"path,omitempty"`
	Err   string     `json:"err,omitempty"`
	Run   bool       `json:"run,omitempty"`

	Rebuilt []string `json:"rebuilt,omitempty"`
	Removed []string `json:"removed,omitempty"`
	Started []string `json:"started,omitempty"`

	Goap *GoapView `json:"goap,omitempty"`
}

// NodeInfo is the static description of one task of a tree: its parent's
// node number (-1 for the root), display name, kind (class), conditional
// abort type (absent for None) and constructor arguments as written.
type NodeInfo struct {
	Parent int    `json:"p"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Abort  string `json:"abort,omitempty"`
	Args   string `json:"args,omitempty"`
	// File is the referenced file of a tree reference (its subtree, the
	// nodes below it, is what that file built), "" for other tasks.
	File string `json:"file,omitempty"`
	// BTAI marks a node of the BTAI tree a BT.Root task runs (listed
	// after the tree's own tasks, below that task; Name the name the
	// script gave it (its function's or a name argument) or else its btai
	// type, Args BTAI's text of it when the tree was reported). Such
	// nodes have no events of their own.
	BTAI bool `json:"btai,omitempty"`
}

// reset empties r for reuse, node numbers at -1.
func (r *Record) reset() {
	*r = Record{N: -1, By: -1, W: -1}
}

// AppendJSON appends r as one line of JSON (with the trailing newline),
// leaving out the keys that do not apply.
func (r *Record) AppendJSON(b []byte) []byte {
	b = append(b, `{"t":`...)
	b = strconv.AppendUint(b, r.T, 10)
	b = append(b, `,"k":`...)
	b = appendString(b, r.K)
	if r.A != 0 {
		b = append(b, `,"a":`...)
		b = strconv.AppendInt(b, int64(r.A), 10)
	}
	if r.N >= 0 {
		b = append(b, `,"n":`...)
		b = strconv.AppendInt(b, int64(r.N), 10)
	}
	if r.I != 0 {
		b = append(b, `,"i":`...)
		b = strconv.AppendInt(b, int64(r.I), 10)
	}
	if r.S != "" {
		b = append(b, `,"s":`...)
		b = appendString(b, r.S)
	}
	if r.C != "" {
		b = append(b, `,"c":`...)
		b = appendString(b, r.C)
	}
	if r.By >= 0 {
		b = append(b, `,"by":`...)
		b = strconv.AppendInt(b, int64(r.By), 10)
	}
	for _, f := range [...]struct{ key, v string }{{"name", r.Name}, {"src", r.Src}, {"path", r.Path}, {"err", r.Err}} {
		if f.v != "" {
			b = append(b, `,"`...)
			b = append(b, f.key...)
			b = append(b, `":`...)
			b = appendString(b, f.v)
		}
	}
	if r.Nodes != nil {
		js, _ := json.Marshal(r.Nodes)
		b = append(b, `,"nodes":`...)
		b = append(b, js...)
	}
	if r.K == "var" && r.V != nil {
		b = append(b, `,"v":`...)
		b = appendValue(b, r.V)
	}
	if r.G {
		b = append(b, `,"g":true`...)
	}
	if r.Run {
		b = append(b, `,"run":true`...)
	}
	if r.W >= 0 {
		b = append(b, `,"w":`...)
		b = strconv.AppendInt(b, int64(r.W), 10)
	}
	for _, f := range [...]struct {
		key string
		v   []string
	}{{"rebuilt", r.Rebuilt}, {"removed", r.Removed}, {"started", r.Started}} {
		if len(f.v) > 0 {
			js, _ := json.Marshal(f.v)
			b = append(b, `,"`...)
			b = append(b, f.key...)
			b = append(b, `":`...)
			b = append(b, js...)
		}
	}
	if r.Goap != nil {
		js, _ := json.Marshal(r.Goap)
		b = append(b, `,"goap":`...)
		b = append(b, js...)
	}
	return append(b, "}\n"...)
}

// appendValue appends a value made by jsonValue.
func appendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return appendString(b, strconv.FormatFloat(x, 'g', -1, 64))
		}
		return strconv.AppendFloat(b, x, 'g', -1, 64)
	case string:
		return appendString(b, x)
	case bool:
		return strconv.AppendBool(b, x)
	}
	js, err := json.Marshal(v)
	if err != nil {
		return append(b, "null"...)
	}
	return append(b, js...)
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

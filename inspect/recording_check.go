package inspect

import (
	"fmt"
	"math"
	"strings"
)

// A recording is untrusted input: ReadRecording checks every record
// against the recording so far (recordChecker), so that a replay's model
// only ever applies records the host could have written, and a bad one
// is refused with its line and field. Keys that do not apply to a
// record's kind are not read.

// FieldError is a record's field that a recording may not hold.
type FieldError struct {
	// Field is the field's key ("n", "nodes", "goap.current").
	Field string
	// Problem says what is wrong with it: `node 7 out of range (agent 2's
	// tree has 3 tasks and 2 BTAI nodes)`.
	Problem string
}

// Error returns `field "KEY": PROBLEM`.
func (e *FieldError) Error() string { return fmt.Sprintf("field %q: %s", e.Field, e.Problem) }

func fieldErr(field, format string, args ...any) error {
	return &FieldError{Field: field, Problem: fmt.Sprintf(format, args...)}
}

// checkedTree is what the checker keeps of an agent's last tree.
type checkedTree struct {
	nodes []NodeInfo
	tasks int // the tree's own tasks, numbered before its BTAI nodes
	// btaiFirst and btaiRoot are btaiIndex's.
	btaiFirst, btaiRoot []int32
}

// recordChecker checks the records of a recording in order.
type recordChecker struct {
	trees map[int]*checkedTree // by agent number
	tick  uint64               // of the record before
	read  bool                 // a record was checked
}

// recordKinds are the kinds a record may have (Record.K).
var recordKinds = map[string]bool{"tick": true, "tree": true, "removed": true, "start": true, "status": true, "end": true,
	"var": true, "error": true, "reload": true, "tickend": true, "goap": true, "btai": true, "state": true, "restart": true}

// check checks r, the next record, and notes the tree of a "tree"
// record; the error is a *FieldError.
func (c *recordChecker) check(r *Record) error {
	if c.read && r.T < c.tick {
		return fieldErr("t", "tick %d comes before tick %d of the line before", r.T, c.tick)
	}
	if c.read && r.T-c.tick > 1 {
		return fieldErr("t", "tick %d skips ticks after tick %d of the line before (each tick opens with its \"tick\" record, one more than the last)", r.T, c.tick)
	}
	c.read, c.tick = true, r.T
	if r.K == "" {
		return fieldErr("k", "missing")
	}
	if !recordKinds[r.K] {
		return fieldErr("k", "unknown kind %q", r.K)
	}
	switch r.K {
	case "tick", "tickend", "reload":
		return nil
	case "tree":
		return c.checkTree(r)
	case "var":
		if err := checkValue(r.V); err != nil {
			return err
		}
		if r.G {
			if r.W < -1 || r.W > math.MaxInt32 {
				return fieldErr("w", "node %d out of range (-1 for none)", r.W)
			}
			return nil
		}
	}
	tr, err := c.agent(r.A)
	if err != nil {
		return err
	}
	switch r.K {
	case "start":
		return tr.checkTask("n", r.N, r.A, false)
	case "status", "state":
		if err := tr.checkTask("n", r.N, r.A, false); err != nil {
			return err
		}
		return checkStatus(r.S)
	case "end":
		if err := tr.checkTask("n", r.N, r.A, false); err != nil {
			return err
		}
		if err := checkStatus(r.S); err != nil {
			return err
		}
		if _, ok := indexOf(stepCauses, r.C); !ok {
			return fieldErr("c", "cause %q, want Aborted, TimedOut, Interrupted, ByParent, Halted, Reload or none", r.C)
		}
		return tr.checkTask("by", r.By, r.A, true)
	case "var":
		return tr.checkTask("w", r.W, r.A, true)
	case "error":
		return tr.checkTask("n", r.N, r.A, true)
	case "btai":
		return tr.checkBTAI(r)
	case "goap":
		return tr.checkGoap(r)
	}
	return nil // removed, restart
}

// agent returns the tree of agent a, which a "tree" record must have
// introduced.
func (c *recordChecker) agent(a int) (*checkedTree, error) {
	if a < 1 || a > math.MaxInt32 {
		return nil, fieldErr("a", "agent %d out of range (agents are numbered 1 to %d)", a, math.MaxInt32)
	}
	tr := c.trees[a]
	if tr == nil {
		return nil, fieldErr("a", "agent %d has no tree (no \"tree\" record of it before this line)", a)
	}
	return tr, nil
}

// checkTree checks a "tree" record's agent and nodes: each node's parent
// an earlier node (-1 for a root), a BTAI node below one, the tree's own
// tasks first.
func (c *recordChecker) checkTree(r *Record) error {
	if r.A < 1 || r.A > math.MaxInt32 {
		return fieldErr("a", "agent %d out of range (agents are numbered 1 to %d)", r.A, math.MaxInt32)
	}
	tr := &checkedTree{nodes: r.Nodes, tasks: len(r.Nodes)}
	for j, n := range r.Nodes {
		if n.Parent == -1 && j > 0 {
			return fieldErr("nodes", "node %d's parent -1 makes a second root (a tree has one root, node 0)", j)
		}
		if n.Parent < -1 || n.Parent >= j {
			if j == 0 {
				return fieldErr("nodes", "node 0's parent %d is not -1 (none)", n.Parent)
			}
			return fieldErr("nodes", "node %d's parent %d is not an earlier node (-1 for none, or 0 to %d)", j, n.Parent, j-1)
		}
		switch {
		case n.BTAI && n.Parent < 0:
			return fieldErr("nodes", "node %d is a BTAI node without a parent (its BT.Root task)", j)
		case n.BTAI && tr.tasks == len(r.Nodes):
			tr.tasks = j
		case !n.BTAI && tr.tasks < j:
			return fieldErr("nodes", "node %d is a task after the BTAI nodes (they come last)", j)
		}
	}
	tr.btaiFirst, tr.btaiRoot = btaiIndex(r.Nodes)
	if c.trees == nil {
		c.trees = map[int]*checkedTree{}
	}
	c.trees[r.A] = tr
	return nil
}

// size describes the tree's nodes for an error.
func (tr *checkedTree) size(a int) string {
	s := fmt.Sprintf("agent %d's tree has %s", a, count(tr.tasks, "task"))
	if b := len(tr.nodes) - tr.tasks; b > 0 {
		s += " and " + count(b, "BTAI node")
	}
	return s
}

// count returns "1 task", "3 tasks".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// checkTask checks that field's node number n is one of the tree's own
// tasks (or -1, none, when orNone).
func (tr *checkedTree) checkTask(field string, n, a int, orNone bool) error {
	switch {
	case n == -1 && orNone:
		return nil
	case n < 0 || n >= len(tr.nodes):
		return fieldErr(field, "node %d out of range (%s)", n, tr.size(a))
	case n >= tr.tasks:
		return fieldErr(field, "node %d is a BTAI node of agent %d's tree, not a task", n, a)
	}
	return nil
}

// checkStatus checks a task's status (key "s").
func checkStatus(s string) error {
	if c, _ := indexOf(stepStatus, s); c == 0 {
		return fieldErr("s", "status %q, want Inactive, Success, Failure or Running", s)
	}
	return nil
}

// checkValue checks a variable's value (key "v"): a number, string or
// boolean, or none (a deletion).
func checkValue(v any) error {
	switch v.(type) {
	case nil, float64, string, bool:
		return nil
	case []any:
		return fieldErr("v", "a value is a number, string or boolean, got an array")
	}
	return fieldErr("v", "a value is a number, string or boolean, got an object")
}

// checkBTAI checks a "btai" record: task n runs a BTAI tree, i is one
// of its nodes, s a BTAI state.
func (tr *checkedTree) checkBTAI(r *Record) error {
	if err := tr.checkTask("n", r.N, r.A, false); err != nil {
		return err
	}
	if tr.btaiFirst == nil || tr.btaiFirst[r.N] < 0 {
		return fieldErr("n", "task %d of agent %d runs no BTAI tree", r.N, r.A)
	}
	first, count := int(tr.btaiFirst[r.N]), 0
	for j := first; j < len(tr.nodes) && tr.btaiRoot[j] == int32(r.N); j++ {
		count++
	}
	if r.I < 0 || r.I >= count {
		return fieldErr("i", "BTAI node %d out of range (task %d of agent %d runs BTAI nodes 0 to %d)", r.I, r.N, r.A, count-1)
	}
	if _, ok := btaiStates[r.S]; !ok {
		return fieldErr("s", "BTAI state %q, want Continue, Success, Failure or Abort", r.S)
	}
	return nil
}

// checkGoap checks a "goap" record: its task and GOAP agent's view.
func (tr *checkedTree) checkGoap(r *Record) error {
	if err := tr.checkTask("n", r.N, r.A, false); err != nil {
		return err
	}
	g := r.Goap
	if g == nil {
		return fieldErr("goap", "missing")
	}
	if err := tr.checkTask("goap.key", g.Key, r.A, false); err != nil {
		return err
	}
	if err := tr.checkTask("goap.node", g.Node, r.A, false); err != nil {
		return err
	}
	if g.Current < -1 || g.Current >= len(g.Plan) {
		if len(g.Plan) == 0 {
			return fieldErr("goap.current", "step %d out of range (-1 for none: the plan has no steps)", g.Current)
		}
		return fieldErr("goap.current", "step %d out of range (-1 for none, or 0 to %d)", g.Current, len(g.Plan)-1)
	}
	if g.Backoff < 0 {
		return fieldErr("goap.backoff", "%d ticks, want 0 or more", g.Backoff)
	}
	return nil
}

// typeWords names the Go type of a record's field as JSON spells it.
func typeWords(goType string) string {
	switch {
	case goType == "uint64":
		return "an integer from 0"
	case strings.HasPrefix(goType, "int"):
		return "an integer"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	}
	return "an object"
}

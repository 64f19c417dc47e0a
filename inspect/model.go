package inspect

import (
	"slices"

	"github.com/btlua/btlua/stdlib/bt"
	"strconv"
	"strings"
)

// Model is the state of every agent as the event stream told it: each
// tree's tasks with their statuses, runs under way and last ends, the
// blackboards, the last reload and errors. The live inspector and replay
// both build it from Records alone, so a replay shows at a tick what the
// live page showed. A Model is not safe for concurrent use.
type Model struct {
	// Tick is the tick of the last record applied.
	Tick uint64
	// agents are by agent number: a map, so that the room the model
	// takes is the agents it has, whatever their numbers.
	agents  map[int]*agentState
	order   []int // agent numbers, first seen first
	globals varTable
	// reload describes the last reload; reloadTick is when it happened.
	reload     string
	reloadTick uint64
	// listing is the agent whose state the stream is reporting (its
	// "state" records, then its variables listed without a writer, when
	// the inspector watches it again), 0 when none: see applyVar.
	listing int
}

type agentState struct {
	id        int
	name, src string
	nodes     []NodeInfo
	// paths are the tasks' paths for messages (a breakpoint's hit), each
	// at most about maxLabel bytes (see labels): views send parents and
	// names instead.
	paths   []string
	st      []nodeState
	vars    varTable
	removed bool
	// err is the error that stopped the tree ("" when none), at errTick,
	// blamed on node errNode (-1 when none).
	err     string
	errTick uint64
	errNode int
	goaps   []GoapView // by Key
	// btaiFirst[n] is the node number of the first BTAI node of BT.Root
	// task n (-1 for other tasks), btaiRoot[j] the BT.Root task of BTAI
	// node j (-1 for other nodes); nil when the tree has no BTAI nodes.
	btaiFirst, btaiRoot []int32
}

// nodeState is a task's state in 32 bytes (the model of thousands of
// agents stays small and its updates touch little memory): statuses and
// causes by their codes in stepStatus and stepCauses.
type nodeState struct {
	changed uint64 // tick of the last start, status change or end
	endTick uint64 // the last end's tick
	endBy   int32  // the last end's cause's node, -1 when none
	// status is the task's status; endStatus and endCause the last end's
	// (endCause 0 when it completed).
	status, endStatus, endCause uint8
	started                     bool
	ended                       bool // there was an end
}

// statusCodes maps a bt.Status to its code in stepStatus.
var statusCodes = [...]uint8{bt.Inactive: 1, bt.Failure: 3, bt.Success: 2, bt.Running: 4}

// statusCode returns the code of a bt.Status (0 for an unknown one).
func statusCode(s bt.Status) uint8 {
	if int(s) < len(statusCodes) {
		return statusCodes[s]
	}
	return 0
}

// code returns s's index in list, 0 when absent.
func code(list []string, s string) uint8 {
	c, _ := indexOf(list, s)
	return c
}

type varState struct {
	value  any
	tick   uint64
	writer int
}

// NewModel returns an empty model.
func NewModel() *Model {
	return &Model{agents: map[int]*agentState{}}
}

// agent returns agent id, nil when unknown.
func (m *Model) agent(id int) *agentState {
	return m.agents[id]
}

// Apply updates the model with r.
func (m *Model) Apply(r *Record) {
	m.Tick = r.T
	if r.K != "state" && r.K != "var" && r.K != "btai" {
		m.listing = 0
	}
	switch r.K {
	case "tree":
		if r.A <= 0 {
			break
		}
		a := m.agent(r.A)
		if a == nil {
			a = &agentState{id: r.A}
			m.agents[r.A] = a
			m.order = append(m.order, r.A)
		}
		a.name, a.src, a.nodes, a.removed = r.Name, r.Src, r.Nodes, false
		a.paths = labels(r.Nodes)
		a.st = make([]nodeState, len(r.Nodes))
		for i := range a.st {
			a.st[i] = nodeState{status: 1, endBy: -1} // Inactive
		}
		a.vars = varTable{}
		a.goaps = nil
		a.err, a.errNode = "", -1
		a.indexBTAI()
	case "goap":
		if a := m.agent(r.A); a != nil && r.Goap != nil {
			a.applyGoap(r.Goap)
		}
	case "removed":
		if a := m.agent(r.A); a != nil {
			a.removed = true
		}
	case "start":
		m.applyStart(r.A, r.N)
	case "status":
		m.applyStatus(r.A, r.N, code(stepStatus, r.S))
	case "end":
		m.applyEnd(r.A, r.N, code(stepStatus, r.S), code(stepCauses, r.C), r.By)
	case "var":
		m.applyVar(r.A, r.G, r.Name, r.V, r.W)
	case "btai":
		m.applyBTAI(r.A, r.N, r.I, r.S)
	case "state":
		m.applyState(r.A, r.N, code(stepStatus, r.S), r.Run)
	case "error":
		if a := m.agent(r.A); a != nil {
			a.err, a.errTick, a.errNode = r.Err, r.T, r.N
		}
	case "restart":
		if a := m.agent(r.A); a != nil {
			a.err, a.errNode = "", -1
		}
	case "reload":
		m.reloadTick = r.T
		if r.Err != "" {
			m.reload = "reload of " + r.Path + " failed: " + r.Err
		} else {
			m.reload = "reloaded " + r.Path + reloadNames(" rebuilt", r.Rebuilt) + reloadNames(" removed", r.Removed) + reloadNames(" started", r.Started)
		}
	}
}

// The apply functions below carry out the records of the tick's hot
// path (Apply's "start", "status", "end" and "var"); the live inspector
// calls them straight from the host's events, without a Record, so
// both paths change the model alike. m.Tick is already set.

// node returns agent id's node n, nil when either is unknown.
func (m *Model) node(id, n int) *nodeState {
	a := m.agent(id)
	if a == nil || n < 0 || n >= len(a.st) {
		return nil
	}
	return &a.st[n]
}

func (m *Model) applyStart(id, n int) {
	m.listing = 0
	if x := m.node(id, n); x != nil {
		x.changed, x.started = m.Tick, true
	}
}

// applyState sets a task's state as the stream reported it when the
// inspector began watching the agent (host.EventState).
//
// A state other than the model's means runs the model did not hear (the
// agent was not watched): the last end it knows is not the task's last
// end any more and is dropped (see Agent for how a task left Running
// then shows).
func (m *Model) applyState(id, n int, status uint8, started bool) {
	m.listing = id
	if x := m.node(id, n); x != nil && (x.status != status || x.started != started) {
		x.changed, x.status, x.started = m.Tick, status, started
		x.ended, x.endBy = false, -1
	}
}

// applyRoot sets the status of agent id's root task, read from the host
// for an agent whose events the inspector does not hear (the agent list):
// a root Running is under way (a root's run ends only with the tree's).
func (m *Model) applyRoot(id int, status uint8) {
	if x := m.node(id, 0); x != nil && x.status != status {
		x.changed, x.status, x.started = m.Tick, status, status == 4
	}
}

// applyStatus and applyEnd take status and cause codes (stepStatus,
// stepCauses; cause 0 when the run completed).
func (m *Model) applyStatus(id, n int, status uint8) {
	m.listing = 0
	if x := m.node(id, n); x != nil {
		x.changed, x.status = m.Tick, status
	}
}

func (m *Model) applyEnd(id, n int, status, cause uint8, by int) {
	m.listing = 0
	if x := m.node(id, n); x != nil {
		x.changed, x.started, x.status = m.Tick, false, status
		x.endTick, x.endStatus, x.endCause, x.endBy, x.ended = m.Tick, status, cause, int32(by), true
		if a := m.agents[id]; a.btaiFirst != nil && a.btaiFirst[n] >= 0 {
			a.stopBTAI(n)
		}
	}
}

// indexBTAI finds the BTAI nodes of the tree (see btaiIndex).
func (a *agentState) indexBTAI() {
	a.btaiFirst, a.btaiRoot = btaiIndex(a.nodes)
}

// btaiIndex finds the BTAI nodes of a tree (NodeInfo.BTAI): root[j] is
// the BT.Root task of node j, first[n] the first BTAI node of BT.Root
// task n (-1 for other nodes); nil, nil when the tree has none. A BTAI
// node without an earlier parent, or below one, has no root: a recording
// that has one is refused (checkTree), the model ignores it.
func btaiIndex(nodes []NodeInfo) (first, root []int32) {
	for j, n := range nodes {
		if !n.BTAI || n.Parent < 0 || n.Parent >= j {
			continue
		}
		if first == nil {
			first, root = make([]int32, len(nodes)), make([]int32, len(nodes))
			for i := range first {
				first[i], root[i] = -1, -1
			}
		}
		r := int32(n.Parent)
		if nodes[n.Parent].BTAI {
			r = root[n.Parent]
		}
		if r < 0 {
			continue
		}
		root[j] = r
		if first[r] < 0 {
			first[r] = int32(j)
		}
	}
	return first, root
}

// btaiStates maps a BTAI state (btai.BTState.String) to the status a
// node shows, and whether its run goes on (Continue).
var btaiStates = map[string]struct {
	status uint8
	goesOn bool
}{"Continue": {4, true}, "Success": {2, false}, "Failure": {3, false}, "Abort": {3, false}}

// applyBTAI records the tick of BTAI node i of BT.Root task n: Continue
// shows as a run under way (Running, on the running path), the other
// states as an end (Success; Failure for Failure and Abort).
func (m *Model) applyBTAI(id, n, i int, state string) {
	a := m.agent(id)
	st, known := btaiStates[state]
	if a == nil || !known || a.btaiFirst == nil || n < 0 || n >= len(a.btaiFirst) || a.btaiFirst[n] < 0 {
		return
	}
	if i < 0 || i >= len(a.st)-int(a.btaiFirst[n]) {
		return
	}
	j := int(a.btaiFirst[n]) + i
	if a.btaiRoot[j] != int32(n) {
		return
	}
	x := &a.st[j]
	x.changed, x.status, x.started = m.Tick, st.status, st.goesOn
	if !st.goesOn {
		x.endTick, x.endStatus, x.endCause, x.endBy, x.ended = m.Tick, st.status, 0, -1, true
	}
}

// stopBTAI marks the BTAI nodes of BT.Root task n no longer under way
// (the task's run ended; BTAI resets its tree).
func (a *agentState) stopBTAI(n int) {
	for j := int(a.btaiFirst[n]); j < len(a.st); j++ {
		if a.btaiRoot[j] == int32(n) {
			a.st[j].started = false
		}
	}
}

// applyVar records a write of name (a global one when global) with value
// v (nil deletes) by node writer. A variable of the agent being listed
// (see Model.listing) with the value the model has already is not a new
// write: it keeps its writer and tick (the page switching back to an
// agent does not lose who wrote what).
func (m *Model) applyVar(id int, global bool, name string, v any, writer int) {
	vars := &m.globals
	if !global {
		a := m.agent(id)
		if a == nil {
			return
		}
		vars = &a.vars
	}
	if v == nil {
		vars.remove(name)
		return
	}
	if !global && writer < 0 && m.listing == id {
		if x := vars.get(name); x != nil && x.value == v {
			return
		}
	}
	vars.set(name, varState{value: v, tick: m.Tick, writer: writer})
}

func reloadNames(what string, names []string) string {
	if len(names) == 0 {
		return ""
	}
	return what + " " + strings.Join(names, ", ")
}

// AgentSummary is one entry of the agent list.
type AgentSummary struct {
	ID     int    `json:"id"`
	Name   string `json:"name"`
	Source string `json:"source"`
	Status string `json:"status"`
	Error  bool   `json:"error,omitempty"`
}

// AgentList is the answer of /api/agents: the agents whose name or
// source contains the query, at most the limit of them, with the counts.
type AgentList struct {
	Total   int            `json:"total"`
	Matched int            `json:"matched"`
	Agents  []AgentSummary `json:"agents"`
}

// Agents lists the agents whose name or source contains q (any case), in
// the order they appeared, at most limit of them.
func (m *Model) Agents(q string, limit int) AgentList {
	q = strings.ToLower(q)
	out := AgentList{Agents: []AgentSummary{}}
	for _, id := range m.order {
		a := m.agent(id)
		if a.removed {
			continue
		}
		out.Total++
		if q != "" && !strings.Contains(strings.ToLower(a.name), q) && !strings.Contains(strings.ToLower(a.src), q) &&
			strconv.Itoa(id) != q {
			continue
		}
		out.Matched++
		if len(out.Agents) < limit {
			out.Agents = append(out.Agents, AgentSummary{ID: id, Name: a.name, Source: a.src, Status: a.rootStatus(), Error: a.err != ""})
		}
	}
	return out
}

func (a *agentState) rootStatus() string {
	if a.err != "" {
		return "Error"
	}
	if len(a.st) == 0 {
		return "Inactive"
	}
	return stepStatus[a.st[0].status]
}

// NodeView is one task of AgentView. Status is Inactive, Success,
// Failure or Running; Ended for a task whose run ended early (bt leaves
// it Running: aborted, timed out, interrupted, halted, ended by its
// parent or a reload; End says how and when) until it starts again; or
// Error for a task under way when an error stopped the tree (and the
// task the error blames): such a task is not Running and its End is the
// error's tick, until the error policy restarts the tree. Its path is not sent (a deep tree's paths are O(depth²) bytes):
// AgentView.Path spells it from the parents and names, as the page does.
type NodeView struct {
	NodeInfo
	Index   int    `json:"i"`
	Depth   int    `json:"depth"`
	Status  string `json:"status"`
	Running bool   `json:"running"`
	Changed uint64 `json:"changed"`
	// Error is the message of the error the task raised, which stopped
	// the tree (the agent's Error), "" for the other tasks.
	Error string `json:"error,omitempty"`
	// End is the last end of the task's run, when there was one.
	End *EndView `json:"end,omitempty"`
}

// EndView is the last end of a run: tick, status and cause, the trace's
// words ("completed", "aborted by", "halted", "stopped by the error
// of", ...) and By, the node number of the task they name (nil when
// none): AgentView.CauseText spells them with its path, "aborted by
// Root/Fight[1]/Sees[1]". Status is the task's status then, Ended for
// an early end (bt's Running). A task ended early before the inspector
// watched its agent (a page opened after the tree completed) is still
// Running in bt, as bt reports a task ended by its parent or an abort:
// it shows Ended, its end with cause causeUnseen and no tick (0), as
// neither was heard.
type EndView struct {
	Tick   uint64 `json:"tick,omitempty"`
	Status string `json:"status"`
	Cause  string `json:"cause"`
	By     *int   `json:"by,omitempty"`
}

// VarView is one blackboard variable: its value, the tick it was last
// written and the node number of the task that wrote it (nil when none;
// AgentView.Path spells its path).
type VarView struct {
	Name   string `json:"name"`
	Value  any    `json:"value"`
	Tick   uint64 `json:"tick"`
	Writer *int   `json:"writer,omitempty"`
	Global bool   `json:"global,omitempty"`
}

// AgentView is one agent as the page shows it.
type AgentView struct {
	ID     int        `json:"id"`
	Name   string     `json:"name"`
	Source string     `json:"source"`
	Status string     `json:"status"`
	Error  string     `json:"error,omitempty"`
	Nodes  []NodeView `json:"nodes"`
	Vars   []VarView  `json:"vars"`
	// Goap are the GOAP agents the tree's tasks run, by Key.
	Goap []GoapView `json:"goap,omitempty"`

	// kid[i] is task i's index among its parent's children (see Path).
	kid []int32
}

// statusEnded is the status a view gives a task whose run ended early
// (aborted, halted, ended by its parent, ...): bt leaves its status
// Running, which the page would read as under way.
const statusEnded = "Ended"

// causeUnseen is the cause of an end the model did not hear (see EndView).
const causeUnseen = "ended before the inspector watched the agent"

var causeWords = map[string]string{"Aborted": "aborted by", "TimedOut": "timed out by", "Interrupted": "interrupted by",
	"ByParent": "by parent", "Halted": "halted", "Reload": "reload"}

// Agent returns the view of agent id, false when there is none. Its
// size is linear in the tree's: tasks by parent and name, the tasks an
// end or a write names by node number.
func (m *Model) Agent(id int) (*AgentView, bool) {
	a := m.agent(id)
	if a == nil {
		return nil, false
	}
	v := &AgentView{ID: id, Name: a.name, Source: a.src, Status: a.rootStatus(), Error: a.err,
		Nodes: make([]NodeView, len(a.nodes)), Vars: []VarView{}}
	for i, n := range a.nodes {
		s := a.st[i]
		status := stepStatus[s.status]
		nv := NodeView{NodeInfo: n, Index: i, Status: status, Running: s.started && status == "Running", Changed: s.changed}
		if n.Parent >= 0 && n.Parent < i {
			nv.Depth = v.Nodes[n.Parent].Depth + 1
		}
		if a.err != "" && (s.started || i == a.errNode) {
			a.stoppedView(&nv)
		} else if s.ended {
			ev := &EndView{Tick: s.endTick, Status: stepStatus[s.endStatus], Cause: "completed"}
			if s.endCause != 0 {
				ev.Cause = causeWords[stepCauses[s.endCause]]
				ev.By = a.nodeRef(int(s.endBy))
			}
			if ev.Status == "Running" {
				ev.Status = statusEnded
			}
			if status == "Running" && !s.started {
				nv.Status = statusEnded
			}
			nv.End = ev
		} else if status == "Running" && !s.started && !n.BTAI {
			// Left Running by an early end the model did not hear (the
			// agent was watched after it): bt, Render and --trace report
			// it Running ("Running -> ended (...)"); its run is over.
			nv.Status = statusEnded
			nv.End = &EndView{Status: statusEnded, Cause: causeUnseen}
		}
		v.Nodes[i] = nv
	}
	for _, scope := range []struct {
		vars   *varTable
		global bool
	}{{&a.vars, false}, {&m.globals, true}} {
		for _, x := range scope.vars.sorted() {
			vv := VarView{Name: x.name, Value: x.value, Tick: x.tick, Global: scope.global}
			if !scope.global {
				vv.Writer = a.nodeRef(x.writer)
			}
			v.Vars = append(v.Vars, vv)
		}
	}
	if len(a.goaps) > 0 {
		v.Goap = make([]GoapView, len(a.goaps))
		for i, g := range a.goaps {
			g.Events = slices.Clone(g.Events)
			v.Goap[i] = g
		}
	}
	return v, true
}

// nodeRef returns a view's reference to node n: nil for none (n
// negative or past the tree).
func (a *agentState) nodeRef(n int) *int {
	if n < 0 || n >= len(a.nodes) {
		return nil
	}
	return &n
}

// stoppedView shows task nv, under way when an error stopped the tree
// (or the one the error blames), as the error left it: status Error, no
// longer running, its run ended at the error's tick; the blamed task
// with the error's message.
func (a *agentState) stoppedView(nv *NodeView) {
	nv.Status, nv.Running = "Error", false
	nv.End = &EndView{Tick: a.errTick, Status: "Error", Cause: "stopped by an error"}
	switch {
	case nv.Index == a.errNode:
		nv.Error, nv.End.Cause = a.err, "raised the error"
	case a.errNode >= 0 && a.errNode < len(a.nodes):
		nv.End.Cause, nv.End.By = "stopped by the error of", a.nodeRef(a.errNode)
	}
}

// applyGoap records a GOAP agent's state, keeping its recent events.
func (a *agentState) applyGoap(g *GoapView) {
	i, found := slices.BinarySearchFunc(a.goaps, g.Key, func(x GoapView, k int) int { return x.Key - k })
	if !found {
		a.goaps = slices.Insert(a.goaps, i, GoapView{})
	}
	events := append(a.goaps[i].Events, g.Events...)
	if n := len(events) - goapEventsKept; n > 0 {
		events = append(events[:0:0], events[n:]...)
	}
	a.goaps[i] = *g
	a.goaps[i].Events = events
}

// reloadText returns the last reload's description and its tick.
func (m *Model) reloadText() (string, uint64) { return m.reload, m.reloadTick }

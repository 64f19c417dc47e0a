package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// writeDOT prints a Graphviz DOT graph of each tree the script returned
// (bt.DOTGraph, BTAI trees expanded), named as treeIDs names them.
func writeDOT(h *host.Host, w io.Writer) {
	ids := treeIDs(h)
	for _, a := range h.Agents() {
		if r := a.Root(); r != nil {
			fmt.Fprint(w, bt.DOTGraph(ids[a], r))
		}
	}
}

// treeIDs names each agent of h that has a tree, for --dot's graphs and
// --trace's lines: graphIDs of the agents' names in order, so that two
// trees of one name are told apart ("NAME#2").
func treeIDs(h *host.Host) map[*host.Agent]string {
	var agents []*host.Agent
	var names []string
	script := ""
	for _, a := range h.Agents() {
		if a.Root() != nil {
			agents = append(agents, a)
			names = append(names, a.Name())
			if script == "" {
				script = a.Source
			}
		}
	}
	ids := make(map[*host.Agent]string, len(agents))
	for i, id := range graphIDs(names, script) {
		ids[agents[i]] = id
	}
	return ids
}

// graphIDs returns a distinct graph ID for each tree of names, in order:
// the tree's name, else (an empty name) the base name of script and the
// tree's 1-based place ("ai.lua#2"); an ID already given gets "#2" (or
// "#3", ...) appended.
func graphIDs(names []string, script string) []string {
	taken := map[string]bool{}
	out := make([]string, len(names))
	for i, n := range names {
		if n == "" {
			n = filepath.Base(script) + "#" + strconv.Itoa(i+1)
		}
		id := n
		for k := 2; taken[id]; k++ {
			id = n + "#" + strconv.Itoa(k)
		}
		taken[id] = true
		out[i] = id
	}
	return out
}

// tracer prints, after each tick, the trace lines of every tree (see
// bt.TraceObserver.Changes: every run that ended, with its cause when it
// ended early, and every task that started running), then the ticks of
// the BTAI trees' nodes (see btaiTrace) and the events of the GOAP agents
// its BTGoapAgentTasks run ("PATH: goap: plan made ...",
// goap.AgentEvent.String), prefixed by the tick number and the tree's
// name as treeIDs gives it, names and lines written by traceText.
// It hears the host's event stream (host.Subscribe, from its first
// before), as the inspector and --record do, so it traces a sharded host
// as the classic one: each agent's starts and ends feed its tree's
// TraceObserver, its GOAP and BTAI events its lines.
type tracer struct {
	w      io.Writer
	seen   map[*host.Agent]*traced
	order  []*host.Agent // the agents of seen, in the host's order
	listen bool          // subscribed to the host's stream
}

// traced is the tree an agent had when the tracer last looked (its start
// task and name), with the TraceObserver its starts and ends feed.
type traced struct {
	root  bt.Task
	name  string
	obs   *bt.TraceObserver
	btai  *btaiTrace
	lines []string // the GOAP agents' lines since the last print
	// failed is set by the agent's EventError since the last print, and
	// blamed is the number of the task it blames (host.Event.Node, -1
	// when none): see errorLines.
	failed bool
	blamed int
}

func newTracer(w io.Writer) *tracer {
	return &tracer{w: w, seen: map[*host.Agent]*traced{}}
}

// heard takes an event of the host's stream: the runs and the GOAP and
// BTAI events of the trees the tracer traces.
func (t *tracer) heard(ev *host.Event) {
	rec := t.seen[ev.Agent]
	if rec == nil || ev.Agent == nil {
		return
	}
	switch ev.Kind {
	case host.EventStarted:
		rec.obs.TaskStarted(ev.Task)
	case host.EventEnded:
		rec.obs.TaskEnded(ev.Task, ev.Status, ev.Cause)
	case host.EventState:
		// A tree that ran before the trace began (a restored one): its
		// lines start from the state it is in.
		rec.obs.Shows(ev.Task, ev.Status, ev.Started)
		rec.btai.shows(ev.Task, ev.Started)
	case host.EventGoap:
		rec.lines = append(rec.lines, fmt.Sprintf("%s: goap: %s", bt.Path(ev.Task), ev.Goap))
	case host.EventBTAI:
		rec.btai.heard(ev.Task, ev.BTAINode, ev.BTAIState)
	case host.EventError:
		rec.failed, rec.blamed = true, ev.Node.Int()
	}
}

// before names each tree for tick (treeIDs, once a tick) and starts
// tracing each tree it does not trace yet. A tree that a reload replaced
// (or removed) gets its last lines first: its tasks ended with the cause
// "reload" before tick.
func (t *tracer) before(h *host.Host, tick int) {
	if !t.listen {
		t.listen = true
		h.Subscribe(t.heard) // until Close: the halts of Close are traced
	}
	ids := treeIDs(h)
	live := map[*host.Agent]bool{}
	for _, a := range h.Agents() {
		live[a] = true
		rec := t.seen[a]
		if rec != nil && rec.root == a.Root() {
			rec.name = ids[a]
			continue
		}
		if rec != nil {
			t.print(rec, tick)
		}
		rec = &traced{root: a.Root(), name: ids[a], obs: bt.NewTraceObserver(nil)}
		rec.btai = traceBTAI(rec.root)
		t.seen[a] = rec
	}
	for _, a := range t.order {
		if rec := t.seen[a]; rec != nil && !live[a] {
			t.print(rec, tick)
			delete(t.seen, a)
		}
	}
	t.order = append(t.order[:0], h.Agents()...)
}

// after prints the lines of tick, each tree named as before named it,
// in the order of the agents before ticked (an agent the tick stopped
// by an error gets its lines too).
func (t *tracer) after(h *host.Host, tick int) {
	for _, a := range t.order {
		if rec := t.seen[a]; rec != nil && rec.root == a.Root() {
			t.print(rec, tick)
		}
	}
}

func (t *tracer) print(rec *traced, tick int) {
	if rec.root == nil {
		return
	}
	name := traceText(rec.name)
	changes := rec.obs.Changes(rec.root)
	for _, c := range changes {
		fmt.Fprintf(t.w, "tick %d %s: %s\n", tick, name, traceText(c.String()))
	}
	for _, l := range rec.errorLines(changes) {
		fmt.Fprintf(t.w, "tick %d %s: %s\n", tick, name, traceText(l))
	}
	rec.obs.ClearEvents()
	for _, l := range rec.btai.take() {
		fmt.Fprintf(t.w, "tick %d %s: %s\n", tick, name, traceText(l))
	}
	for _, l := range rec.lines {
		fmt.Fprintf(t.w, "tick %d %s: %s\n", tick, name, traceText(l))
	}
	rec.lines = rec.lines[:0]
}

// flush prints what the observers heard since the last tick (the halts
// of Close), under the number of the last tick, in agent order.
func (t *tracer) flush(tick int) {
	for _, a := range t.order {
		if rec := t.seen[a]; rec != nil {
			t.print(rec, tick)
		}
	}
}

// errorLines are the lines of a tick that an error of the agent cut
// short (rec.failed), after changes, the lines of its TraceObserver: the
// error left the statuses of the tick unset, so a task that started in
// the tick without a line of changes gets "PATH: Inactive -> Running",
// and the blamed task's run, which the error stopped (it reports no end),
// "PATH: Running -> stopped (error)". None without an error.
func (rec *traced) errorLines(changes []bt.StatusChange) []string {
	if !rec.failed {
		return nil
	}
	rec.failed = false
	shown := map[bt.Task]bool{}
	for _, c := range changes {
		shown[c.Task] = true
	}
	var out []string
	for _, e := range rec.obs.Events {
		if e.Started && !shown[e.Task] && e.Task.Base().Status() != bt.Running {
			shown[e.Task] = true
			out = append(out, bt.Path(e.Task)+": Inactive -> Running")
		}
	}
	if task := nthTask(rec.root, rec.blamed); task != nil {
		out = append(out, bt.Path(task)+": Running -> stopped (error)")
	}
	return out
}

// nthTask returns task number n (0-based, depth-first as an EventTree
// lists them) of root's tree, nil when there is none.
func nthTask(root bt.Task, n int) bt.Task {
	var found bt.Task
	var walk func(t bt.Task)
	walk = func(t bt.Task) {
		if t == nil || found != nil {
			return
		}
		if n == 0 {
			found = t
			return
		}
		n--
		if p, ok := t.(bt.ParentTask); ok {
			for _, c := range p.Children() {
				walk(c)
			}
		}
	}
	if n >= 0 {
		walk(root)
	}
	return found
}

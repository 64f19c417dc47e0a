package stream

import (
	"math"

	"github.com/btlua/btlua/stdlib/bt"
)

// watch is the observer of one agent's tree: it numbers the tree's tasks
// and remembers the status last reported for each.
type watch[A comparable, R any] struct {
	// The fields an event reads come first, in the order of their use (a
	// tick of a big crowd finds few watches in the cache).
	hub   *Hub[A, R]
	agent A
	id    int
	frame *Frame[A, R] // the agent's shard's frame, nil on the classic host
	tree  *bt.BehaviorTree
	// bases are nodes[i].Base(), and shown the status last reported for
	// each (apart: a node number's check reads only the bases).
	bases []*bt.TaskBase
	// live is set while the watch observes the tree (some subscriber
	// watches the agent): its runs, writes, GOAP and BTAI events.
	live bool
	// failed is set once the agent's error was reported (a stopped tree
	// returns its error on every tick).
	failed bool
	shown  []bt.Status
	// changed lists the nodes whose status changed since the last report
	// (the tree's bt.StatusObserver pushes them, see TaskStatus), marked
	// flags them.
	changed []int32
	marked  []bool
	// inShown, inMarked and inBases hold shown, marked and bases for a
	// tree of up to inline tasks, in the watch's own allocation: a start
	// or end of the agent's tasks then reads no other memory of the
	// watch's.
	inShown  [inline]bt.Status
	inMarked [inline]bool
	inBases  [inline]*bt.TaskBase
	nodes    []bt.Task
	// index numbers the tasks of trees larger than smallTree; smaller
	// ones are searched in bases.
	index map[*bt.TaskBase]int
	// goaps observe the GOAP agents the tree's tasks run; btais stop
	// the observers of the BTAI trees of its BT.Root tasks.
	goaps []*goapWatch[A, R]
	btais []func()
}

// inline is how many tasks' bases, statuses shown and marks a watch holds
// in itself (see watch.inBases).
const inline = 16

// smallTree is the size up to which a watch finds a task's node number by
// a scan of its bases rather than a map lookup (faster for small trees).
const smallTree = 32

// current reports whether the watch numbers the tree its agent ticks now.
func (w *watch[A, R]) current() bool {
	return w.tree == w.hub.host.Tree(w.agent)
}

// event returns the event to fill for w's agent, of kind k: a slot of the
// hub, or during a shard's frame the frame's scratch event, which send
// copies into the frame.
func (w *watch[A, R]) event(k EventKind) *Event[A, R] {
	var ev *Event[A, R]
	if w.frame.Holding() {
		ev = w.frame.event(k)
	} else {
		ev = w.hub.event(k)
	}
	ev.Agent, ev.AgentID = w.agent, w.id
	return ev
}

// send is hub.send for an event of w's agent (from event); during a
// shard's frame the frame holds it until the join.
func (w *watch[A, R]) send(ev *Event[A, R]) {
	if w.frame.Holding() {
		w.frame.hold(w.agent, ev, w.hub.host.Ticks())
		return
	}
	w.hub.send(ev)
}

// taskEvent is event for task t of w's tree, node n.
func (w *watch[A, R]) taskEvent(k EventKind, t bt.Task, n NodeRef) *Event[A, R] {
	ev := w.event(k)
	ev.Task, ev.Node = t, n
	return ev
}

// node returns t's node, or none (a task the tree did not have when it
// was numbered, or nil).
func (w *watch[A, R]) node(t bt.Task) NodeRef {
	if t == nil {
		return NodeRef{}
	}
	b := t.Base()
	// The number attach kept on the task, when it is still this watch's
	// (another numbering may have given it another since); none when no
	// numbering gave it one.
	m := int(b.Mark())
	if m > 0 && m <= len(w.bases) && w.bases[m-1] == b {
		return NodeAt(m - 1)
	}
	if m == 0 && len(w.bases) < math.MaxUint16 {
		return NodeRef{}
	}
	if w.index == nil {
		for i, x := range w.bases {
			if x == b {
				return NodeAt(i)
			}
		}
		return NodeRef{}
	}
	if i, ok := w.index[b]; ok {
		return NodeAt(i)
	}
	return NodeRef{}
}

// TaskStarted reports a start, then hands it to the agent's observer
// (the host's Agent.SetObserver): while the stream watches the tree, the
// watch is the tree's only observer, the one path every listener hears.
func (w *watch[A, R]) TaskStarted(t bt.Task) {
	w.send(w.taskEvent(EventStarted, t, w.node(t)))
	if o := w.hub.host.Observer(w.agent); o != nil {
		o.TaskStarted(t)
	}
}

// TaskEnded reports an end, then hands it to the agent's observer.
func (w *watch[A, R]) TaskEnded(t bt.Task, s bt.Status, cause bt.EndCause) {
	n := w.node(t)
	if i, ok := n.Index(); ok {
		w.shown[i] = s
	}
	ev := w.taskEvent(EventEnded, t, n)
	ev.Status, ev.Cause, ev.ByNode = s, cause, w.node(cause.By)
	w.send(ev)
	if o := w.hub.host.Observer(w.agent); o != nil {
		o.TaskEnded(t, s, cause)
	}
}

// detach removes the watch from its tree.
func (w *watch[A, R]) detach() {
	if !w.live {
		return
	}
	w.live = false
	if w.tree != nil && w.tree.Observer == bt.Observer(w) {
		w.tree.Observer = w.hub.host.Observer(w.agent)
	}
	if w.tree != nil && w.tree.Statuses == bt.StatusObserver(w) {
		w.tree.Statuses = nil
	}
	w.forgetChanges()
	w.detachGoap()
	w.detachBTAI()
	delete(w.hub.boards, w.tree.Blackboard)
}

// observe installs the watch on its tree (the runs, the status changes,
// the blackboard's writes, the GOAP agents and BTAI trees), reporting the
// variables the blackboard holds; late (a subscriber began watching the
// agent after its tree was reported) reports each task's state first
// (EventState).
func (w *watch[A, R]) observe(late bool) {
	if w.live {
		return
	}
	w.live = true
	tr := w.tree
	tr.Observer = w // it hands the runs to the agent's observer
	tr.Statuses = w
	w.hub.boards[tr.Blackboard] = w
	w.attachGoap()
	w.attachBTAI()
	if late {
		w.states(nil)
	}
	w.hub.variables(tr.Blackboard, w, nil)
}

// states reports each task's state (EventState) to subscriber to (to
// every listener when nil: the statuses shown are then these).
func (w *watch[A, R]) states(to *Subscriber[A, R]) {
	for i, b := range w.bases {
		s := b.Status()
		if to == nil {
			w.shown[i] = s
		}
		ev := w.taskEvent(EventState, w.nodes[i], NodeAt(i))
		ev.Status, ev.Started = s, b.Started()
		w.hub.sendTo(ev, to)
	}
	w.btaiStates(to)
}

// attach numbers the tasks of the agent's current tree and reports it,
// observing it when some subscriber watches the agent: with each task's
// state (EventState) when the tree has ticked before (the listeners
// subscribed after it ran), so that they start from the state it is in.
func (w *watch[A, R]) attach() {
	w.tree = w.hub.host.Tree(w.agent)
	root, _ := w.hub.host.Root(w.agent)
	w.forgetChanges()
	w.nodes, w.bases, w.shown, w.marked, w.index = w.nodes[:0], w.inBases[:0], w.inShown[:0], w.inMarked[:0], nil
	ran := false // some task has a status or a run: the tree ticked before
	var walk func(t bt.Task)
	walk = func(t bt.Task) {
		if t == nil {
			return
		}
		w.nodes = append(w.nodes, t)
		b := t.Base()
		w.bases = append(w.bases, b)
		w.shown = append(w.shown, b.Status())
		w.marked = append(w.marked, false)
		ran = ran || b.Status() != bt.Inactive || b.Started()
		if p, ok := t.(bt.ParentTask); ok {
			for _, c := range p.Children() {
				walk(c)
			}
		}
	}
	walk(root)
	// Each task keeps its node number plus one (bt.TaskBase.Mark), the
	// first number of a task the walk met twice; node reads it there.
	for i := min(len(w.bases), math.MaxUint16) - 1; i >= 0; i-- {
		w.bases[i].SetMark(uint16(i + 1))
	}
	if len(w.bases) > smallTree {
		w.index = make(map[*bt.TaskBase]int, len(w.bases))
		for i := len(w.bases) - 1; i >= 0; i-- { // the first number wins
			w.index[w.bases[i]] = i
		}
	}
	ev := w.event(EventTree)
	ev.Nodes = w.nodes
	w.send(ev)
	if w.hub.wants(w.agent) {
		w.observe(ran)
	}
	// A tree an error stopped before: its error, as when it came.
	_, err := w.hub.host.Root(w.agent)
	w.failed = err != nil
	if w.failed {
		w.reportError(err)
	}
}

package host

import (
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// hub runs the event stream of a host while it has listeners: an observer
// on each agent's tree (watch), the blackboard write hook, and the
// fan-out to the subscribers.
type hub struct {
	host *Host
	subs []*subscriber
	// agents maps each agent to its watch; boards each tree blackboard
	// to the same watch, for writes.
	agents map[*Agent]*watch
	boards map[*bt.Blackboard]*watch
	// order holds the watches in the order of the host's agents at the
	// last sync, and next the index of the agent being ticked: the tick's
	// loop finds an agent's watch (afterAgent) and the blackboard of a
	// write (write) there without a map lookup.
	order []*watch
	next  int
	// ids numbers agents for the host's life.
	ids    map[*Agent]int
	nextID int
	// synced is set once the globals were reported.
	synced bool
	// pool holds the events being sent, depth how many are in use (see
	// slot).
	pool  []*Event
	depth int
	// held is the sharded host's list of the frame's events, reused
	// (sendHeld).
	held []heldEvent
	// watchGen counts the changes of what the subscribers watch
	// (Subscription.Watch); sync brings the watches' observers up to date
	// when it differs from syncedGen.
	watchGen, syncedGen int
}

// wants reports whether some subscriber hears agent a's events.
func (e *hub) wants(a *Agent) bool {
	for _, s := range e.subs {
		if s.all || s.agents[a] {
			return true
		}
	}
	return false
}

// live reports whether the host has listeners.
func (h *Host) live() bool { return h.events != nil && len(h.events.subs) > 0 }

// slot returns the Event to fill for the next send: the hub reuses them
// (one per nesting level, for an event sent while a listener handles
// another, such as a write a listener makes), so sending allocates
// nothing and each listener gets a pointer, not a copy.
func (e *hub) slot() *Event {
	if e.depth == len(e.pool) {
		e.pool = append(e.pool, new(Event))
	}
	ev := e.pool[e.depth]
	e.depth++
	return ev
}

// event returns the slot (see slot) of the next event, of kind k, for no
// agent and no task.
func (e *hub) event(k EventKind) *Event {
	ev := e.slot()
	*ev = Event{Kind: k}
	return ev
}

// event is hub.event for w's agent; during a shard's frame it is the
// frame's scratch event, which send copies into the frame (hold).
func (w *watch) event(k EventKind) *Event {
	var ev *Event
	if w.frame.holding() {
		ev = &w.frame.scratch
		*ev = Event{Kind: k}
	} else {
		ev = w.hub.event(k)
	}
	ev.Agent, ev.AgentID = w.agent, w.id
	return ev
}

// send is hub.send for an event of w's agent (from event); during a
// shard's frame the frame holds it until the join (event_frame.go).
func (w *watch) send(ev *Event) {
	if w.frame.holding() {
		w.frame.hold(w.agent, ev)
		return
	}
	w.hub.send(ev)
}

// taskEvent is event for task t of w's tree, node n.
func (w *watch) taskEvent(k EventKind, t bt.Task, n NodeRef) *Event {
	ev := w.event(k)
	ev.Task, ev.Node = t, n
	return ev
}

// sendTo is send to subscriber to only (send when to is nil).
func (e *hub) sendTo(ev *Event, to *subscriber) {
	if to == nil {
		e.send(ev)
		return
	}
	ev.Tick = e.host.ticks
	to.fn(ev)
	e.depth--
}

// send stamps ev (from slot) with the tick and hands it to every
// listener, then frees its slot.
func (e *hub) send(ev *Event) {
	ev.Tick = e.host.ticks
	one := len(e.subs) == 1 // a lone listener wants what the watches observe
	for _, s := range e.subs {
		if s.all || one || s.hears(ev) {
			s.fn(ev)
		}
	}
	e.depth--
}

// hears reports whether a subscriber that watches some agents only
// hears ev: every event but an agent's runs, writes, GOAP and BTAI
// events, which only those of the agents it watches.
func (s *subscriber) hears(ev *Event) bool {
	switch ev.Kind {
	case EventStarted, EventStatus, EventEnded, EventGoap, EventBTAI, EventState:
		return s.agents[ev.Agent]
	case EventVariable:
		return ev.Agent == nil || s.agents[ev.Agent]
	}
	return true
}

// watch is the observer of one agent's tree: it numbers the tree's tasks
// and remembers the status last reported for each.
type watch struct {
	hub   *hub
	agent *Agent
	id    int
	frame *shardFrame // the agent's shard's frame, nil on the classic host
	tree  *bt.BehaviorTree
	nodes []bt.Task
	// bases are nodes[i].Base(), and shown the status last reported for
	// each (apart: a node number's scan reads only the bases).
	bases []*bt.TaskBase
	shown []bt.Status
	// index numbers the tasks of trees larger than smallTree; smaller
	// ones are searched in bases.
	index map[*bt.TaskBase]int
	// failed is set once the agent's error was reported (a stopped tree
	// returns its error on every tick).
	failed bool
	// live is set while the watch observes the tree (some subscriber
	// watches the agent): its runs, writes, GOAP and BTAI events.
	live bool
	// goaps observe the GOAP agents the tree's tasks run; btais stop
	// the observers of the BTAI trees of its BT.Root tasks.
	goaps []*goapWatch
	btais []func()
}

// smallTree is the size up to which a watch finds a task's node number by
// a scan of its bases rather than a map lookup (faster for small trees).
const smallTree = 32

// node returns t's node, or none (a task the tree did not have when it
// was numbered, or nil).
func (w *watch) node(t bt.Task) NodeRef {
	if t == nil {
		return NodeRef{}
	}
	b := t.Base()
	if w.index == nil {
		for i, x := range w.bases {
			if x == b {
				return nodeAt(i)
			}
		}
		return NodeRef{}
	}
	if i, ok := w.index[b]; ok {
		return nodeAt(i)
	}
	return NodeRef{}
}

// TaskStarted reports a start, then hands it to the agent's observer
// (Agent.SetObserver): while the stream watches the tree, the watch is
// the tree's only observer, the one path every listener hears.
func (w *watch) TaskStarted(t bt.Task) {
	w.send(w.taskEvent(EventStarted, t, w.node(t)))
	if o := w.agent.observer; o != nil {
		o.TaskStarted(t)
	}
}

// TaskEnded reports an end, then hands it to the agent's observer.
func (w *watch) TaskEnded(t bt.Task, s bt.Status, cause bt.EndCause) {
	n := w.node(t)
	if i, ok := n.Index(); ok {
		w.shown[i] = s
	}
	ev := w.taskEvent(EventEnded, t, n)
	ev.Status, ev.Cause, ev.ByNode = s, cause, w.node(cause.By)
	w.send(ev)
	if o := w.agent.observer; o != nil {
		o.TaskEnded(t, s, cause)
	}
}

// watchOn returns the event stream's watch installed as the observer of
// agent a's current tree, or nil.
func (h *Host) watchOn(a *Agent) *watch {
	if h.events == nil {
		return nil
	}
	w := h.events.agents[a]
	if w == nil || w.tree != a.tree.BT || a.tree.BT.Observer != bt.Observer(w) {
		return nil
	}
	return w
}

// detach removes the watch from its tree.
func (w *watch) detach() {
	if !w.live {
		return
	}
	w.live = false
	if w.tree != nil && w.tree.Observer == bt.Observer(w) {
		w.tree.Observer = w.agent.observer
	}
	w.detachGoap()
	w.detachBTAI()
	delete(w.hub.boards, w.tree.Blackboard)
}

// observe installs the watch on its tree (the runs, the blackboard's
// writes, the GOAP agents and BTAI trees), reporting the variables the
// blackboard holds; late (a subscriber began watching the agent after its
// tree was reported) reports each task's state first (EventState).
func (w *watch) observe(late bool) {
	if w.live {
		return
	}
	w.live = true
	tr := w.tree
	tr.Observer = w // it hands the runs to the agent's observer
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
func (w *watch) states(to *subscriber) {
	for i, b := range w.bases {
		s := b.Status()
		if to == nil {
			w.shown[i] = s
		}
		ev := w.taskEvent(EventState, w.nodes[i], nodeAt(i))
		ev.Status, ev.Started = s, b.Started()
		w.hub.sendTo(ev, to)
	}
	w.btaiStates(to)
}

// attach numbers the tasks of the agent's current tree and reports it,
// observing it when some subscriber watches the agent: with each task's
// state (EventState) when the tree has ticked before (the listeners
// subscribed after it ran), so that they start from the state it is in.
func (w *watch) attach() {
	tr := w.agent.tree.BT
	w.tree = tr
	w.nodes, w.bases, w.shown, w.index = w.nodes[:0], w.bases[:0], w.shown[:0], nil
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
		ran = ran || b.Status() != bt.Inactive || b.Started()
		if p, ok := t.(bt.ParentTask); ok {
			for _, c := range p.Children() {
				walk(c)
			}
		}
	}
	walk(w.agent.tree.Root())
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
	w.failed = w.agent.tree.Err != nil
	if w.failed {
		w.reportError(w.agent.tree.Err)
	}
}

// statuses reports, after a tick, the tasks whose status changed without
// an end the listeners heard. (A task a script adds to a running tree is
// not numbered: its events name no node.)
func (w *watch) statuses() {
	if w.tree != w.agent.tree.BT {
		return
	}
	shown := w.shown[:len(w.bases)]
	for i, b := range w.bases {
		s := b.Status()
		if s == shown[i] {
			continue
		}
		shown[i] = s
		ev := w.taskEvent(EventStatus, w.nodes[i], nodeAt(i))
		ev.Status = s
		w.send(ev)
	}
}

// variables reports the variables b holds as writes without a writer,
// to subscriber to (to every listener when nil).
func (e *hub) variables(b *bt.Blackboard, w *watch, to *subscriber) {
	for _, name := range sortedNames(b) {
		v, _ := b.Get(name)
		ev := e.event(EventVariable)
		ev.Name, ev.New = name, eventValue(v)
		if w != nil {
			ev.Agent, ev.AgentID = w.agent, w.id
		} else {
			ev.Global = true
		}
		e.sendTo(ev, to)
	}
}

// sync brings the watches up to date with the host's agents before a
// tick: new agents and replaced trees get attached (EventTree), removed
// agents are reported (EventRemoved).
func (e *hub) sync() {
	if !e.synced {
		e.synced = true
		e.variables(e.host.eng.states()[0].vm.Lib.Globals, nil, nil) // shard 0 mirrors a sharded host's
	}
	var seen map[*Agent]bool
	if len(e.agents) > len(e.host.eng.agentList()) {
		seen = map[*Agent]bool{}
	}
	e.next = 0
	relive := e.syncedGen != e.watchGen
	e.syncedGen = e.watchGen
	for i, a := range e.host.eng.agentList() {
		if seen != nil {
			seen[a] = true
		}
		var w *watch
		if i < len(e.order) && e.order[i].agent == a {
			w = e.order[i] // the same agent as at the last sync
		} else {
			w = e.agents[a]
		}
		if i < len(e.order) {
			e.order[i] = w
		} else {
			e.order = append(e.order, w)
		}
		if w == nil {
			w = &watch{hub: e, agent: a, id: e.idOf(a), frame: a.host.frame}
			e.agents[a] = w
			e.order[i] = w
		} else if w.tree == a.tree.BT {
			if relive {
				if e.wants(a) {
					w.observe(true)
				} else {
					w.detach()
				}
			}
			continue
		} else {
			w.detach()
		}
		w.attach()
	}
	clear(e.order[len(e.host.eng.agentList()):])
	e.order = e.order[:len(e.host.eng.agentList())]
	if seen == nil && len(e.agents) == len(e.host.eng.agentList()) {
		return
	}
	if seen == nil {
		seen = map[*Agent]bool{}
		for _, a := range e.host.eng.agentList() {
			seen[a] = true
		}
	}
	for a, w := range e.agents {
		if !seen[a] {
			w.detach()
			delete(e.agents, a)
			e.send(w.event(EventRemoved))
		}
	}
}

// idOf returns a's number, giving it the next one the first time.
func (e *hub) idOf(a *Agent) int {
	if e.ids == nil {
		e.ids = map[*Agent]int{}
	}
	id, ok := e.ids[a]
	if !ok {
		e.nextID++
		id = e.nextID
		e.ids[a] = id
	}
	return id
}

// writeIn is the blackboard write hook of host h's library: the classic
// host's, or a shard's, whose frame holds the events of its ticks.
func (e *hub) writeIn(h *state, v btlib.VariableWrite) {
	if len(e.subs) == 0 {
		return
	}
	f := h.frame
	var w *watch
	if !f.holding() {
		w = e.ticking()
	}
	if w == nil || w.tree.Blackboard != v.Blackboard {
		w = e.boards[v.Blackboard]
	}
	global := v.Blackboard == h.vm.Lib.Globals || v.Blackboard == e.host.globals.global
	if !global && (w == nil || !w.live) {
		return // a tree no agent runs (yet), or nobody watches
	}
	var ev *Event
	if f.holding() {
		ev = &f.scratch
		*ev = Event{Kind: EventVariable}
	} else {
		ev = e.event(EventVariable)
	}
	ev.Name, ev.Old, ev.Global = v.Name, eventValue(v.Old), global
	if v.New != nil {
		ev.New = eventLua(v.New, eventTableDepth)
	}
	if !global {
		ev.Agent, ev.AgentID = w.agent, w.id
	}
	if v.Writer != nil {
		ev.Writer = v.Writer
		if w != nil {
			ev.WriterNode = w.node(v.Writer)
		}
	}
	if f.holding() {
		by := f.agent // a global write is ordered by its writer
		if !global {
			by = w.agent
		}
		f.hold(by, ev)
		return
	}
	e.send(ev)
}

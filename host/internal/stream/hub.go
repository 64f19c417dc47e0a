package stream

import "github.com/btlua/btlua/stdlib/bt"

// Hub runs the event stream of a host: the listeners, a watch on each
// agent's tree while somebody listens, and the fan-out. Its zero value
// is not usable; see New. A Hub is not safe for concurrent use: the
// host calls it on its ticking goroutine, and a shard's goroutine only
// through its Frame.
type Hub[A comparable, R any] struct {
	host Host[A, R]
	subs []*Subscriber[A, R]
	// agents maps each agent to its watch; boards each tree blackboard
	// to the same watch, for writes.
	agents map[A]*watch[A, R]
	boards map[*bt.Blackboard]*watch[A, R]
	// order holds the watches in the order of the host's agents at the
	// last sync, and next the index of the agent being ticked: the tick's
	// loop finds an agent's watch (AfterAgent) and the blackboard of a
	// write there without a map lookup.
	order []*watch[A, R]
	next  int
	// ids numbers agents for the host's life.
	ids    map[A]int
	nextID int
	// synced is set once the globals were reported.
	synced bool
	// pool holds the events being sent, depth how many are in use (see
	// slot).
	pool  []*Event[A, R]
	depth int
	// held is the sharded host's list of the frame's events, reused
	// (Merge, SendMerged).
	held []held[A, R]
	// watchGen counts the changes of what the subscribers watch
	// (Watched); sync brings the watches' observers up to date when it
	// differs from syncedGen.
	watchGen, syncedGen int
}

// New returns the stream of host, with no listener.
func New[A comparable, R any](host Host[A, R]) *Hub[A, R] {
	return &Hub[A, R]{host: host, agents: map[A]*watch[A, R]{}, boards: map[*bt.Blackboard]*watch[A, R]{}}
}

// Live reports whether the stream has listeners (false for nil).
func (e *Hub[A, R]) Live() bool { return e != nil && len(e.subs) > 0 }

// Subscribe adds s to the listeners; it reports whether s is the first
// (the host then installs its write hooks).
func (e *Hub[A, R]) Subscribe(s *Subscriber[A, R]) (first bool) {
	first = len(e.subs) == 0
	e.subs = append(e.subs, s)
	e.watchGen++
	return first
}

// Unsubscribe removes s from the listeners; it reports whether none is
// left (the host then removes its write hooks). The hub keeps the agents'
// numbers but no watch: a later Subscribe reports every tree again.
func (e *Hub[A, R]) Unsubscribe(s *Subscriber[A, R]) (last bool) {
	for i, x := range e.subs {
		if x == s {
			e.subs = append(e.subs[:i:i], e.subs[i+1:]...)
			break
		}
	}
	e.watchGen++
	if len(e.subs) > 0 {
		return false
	}
	for a, w := range e.agents {
		w.detach()
		delete(e.agents, a)
	}
	e.synced = false
	return true
}

// Watched tells the stream that subscriber s began (on) or stopped
// watching agent a (the caller has updated s.Agents): an agent whose
// tree was reported already is observed (or no longer) at once, and s
// hears its state (EventState) and variables when another listener
// observed it already. Called by a listener, the hub catches up when the
// event is sent (an EventTree's agent is observed right after it) or at
// the next tick.
func (e *Hub[A, R]) Watched(s *Subscriber[A, R], a A, on bool) {
	e.watchGen++
	if e.depth > 0 {
		return
	}
	w := e.agents[a]
	if w == nil {
		return
	}
	if w.tree != e.host.Tree(a) {
		return
	}
	switch {
	case on && w.live:
		// Observed for another listener: this one hears the state.
		w.states(s)
		e.variables(w.tree.Blackboard, w, s)
	case e.wants(a):
		w.observe(true)
	default:
		w.detach()
	}
}

// AgentID returns the number the stream gives a, or 0 when it has not
// reported it yet.
func (e *Hub[A, R]) AgentID(a A) int {
	if e == nil {
		return 0
	}
	return e.ids[a]
}

// Observes reports whether the stream's watch is the observer of agent
// a's current tree tr (it then hands the agent's observer the runs).
func (e *Hub[A, R]) Observes(a A, tr *bt.BehaviorTree) bool {
	if e == nil {
		return false
	}
	w := e.agents[a]
	return w != nil && w.tree == tr && tr.Observer == bt.Observer(w)
}

// wants reports whether some subscriber hears agent a's events.
func (e *Hub[A, R]) wants(a A) bool {
	for _, s := range e.subs {
		if s.All || s.Agents[a] {
			return true
		}
	}
	return false
}

// slot returns the Event to fill for the next send: the hub reuses them
// (one per nesting level, for an event sent while a listener handles
// another, such as a write a listener makes), so sending allocates
// nothing and each listener gets a pointer, not a copy.
func (e *Hub[A, R]) slot() *Event[A, R] {
	if e.depth == len(e.pool) {
		e.pool = append(e.pool, new(Event[A, R]))
	}
	ev := e.pool[e.depth]
	e.depth++
	return ev
}

// event returns the slot (see slot) of the next event, of kind k, for no
// agent and no task.
func (e *Hub[A, R]) event(k EventKind) *Event[A, R] {
	ev := e.slot()
	*ev = Event[A, R]{Kind: k}
	return ev
}

// sendTo is send to subscriber to only (send when to is nil).
func (e *Hub[A, R]) sendTo(ev *Event[A, R], to *Subscriber[A, R]) {
	if to == nil {
		e.send(ev)
		return
	}
	ev.Tick = e.host.Ticks()
	to.Fn(ev)
	e.depth--
}

// send stamps ev (from slot) with the tick and hands it to every
// listener, then frees its slot.
func (e *Hub[A, R]) send(ev *Event[A, R]) {
	ev.Tick = e.host.Ticks()
	one := len(e.subs) == 1 // a lone listener wants what the watches observe
	for _, s := range e.subs {
		if s.All || one || s.hears(ev) {
			s.Fn(ev)
		}
	}
	e.depth--
}

// idOf returns a's number, giving it the next one the first time.
func (e *Hub[A, R]) idOf(a A) int {
	if e.ids == nil {
		e.ids = map[A]int{}
	}
	id, ok := e.ids[a]
	if !ok {
		e.nextID++
		id = e.nextID
		e.ids[a] = id
	}
	return id
}

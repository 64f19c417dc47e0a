package inspect

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/btlua/btlua/host"
)

// Inspector is the live inspector of a host: it listens to the host's
// event stream, keeps the Model the page shows, and holds the host's tick
// gate to pause, step, cap the tick rate and stop at breakpoints. The HTTP
// side reads only the Model; everything that touches the host (blackboard
// edits) is queued and carried out by the gate, on the ticking goroutine,
// between two ticks, so the Lua state is never used concurrently.
type Inspector struct {
	core
	h      *host.Host
	sub    *host.Subscription
	rec    Record // scratch record of the ticking goroutine
	goaps  goapTracker
	inTick bool // the lock is held from the tick's begin to its end
	// watching are the agents the subscription watches (ticking
	// goroutine): those the page shows (see wantedLocked); want is
	// wantedLocked at the tick's beginning.
	watching map[int]*host.Agent
	want     map[int]bool

	// Under core.mu:
	paused  bool
	steps   int
	hz      float64
	last    time.Time // when the gate last let a tick through under hz
	breaks  map[Breakpoint]bool
	hit     *Hit
	queue   []func()
	refused string // the refusal of the last edit answered before it (202), "" once one is made
	closing bool
	// streams counts the page's open streams per agent, viewed holds
	// when /api/agent last showed one: the agents the inspector watches,
	// with those of the breakpoints (see wantedLocked).
	streams map[int]int
	viewed  map[int]time.Time
	pinned  map[int]bool
	// waiting is closed once the ticking goroutine has read the host
	// for the answers that wait (await), nil when none does; serving is
	// the one the gate took, closed at the end of the tick it let
	// through. detached is set once the inspector left the host.
	waiting, serving chan struct{}
	detached         bool
	// wantSet is the last wantedLocked, computed at wantAt; wantDirty
	// says it is out of date.
	wantSet   map[int]bool
	wantAt    time.Time
	wantDirty bool
	// wantProfile is set when a page asked for the profile, which
	// serveLocked then reads into profile (profile.go).
	wantProfile bool
	profile     ProfileView
}

// WatchAgents makes the inspector hear the events of the agents numbered
// ids (host.Host.AgentID) at all times, as it hears those the page shows
// (the page's open streams, its recent views and the breakpoints'
// agents; the others' trees have no observer, and the agent list reads
// their roots' statuses from the host). Call it on the ticking goroutine
// between ticks; it takes effect at once.
func (in *Inspector) WatchAgents(ids ...int) {
	in.mu.Lock()
	for _, id := range ids {
		in.pinned[id] = true
	}
	in.wantDirty = true
	want, _ := in.wantedLocked(time.Now())
	in.mu.Unlock()
	in.follow(want)
}

// viewedFor is how long an agent asked for by /api/agent stays watched.
const viewedFor = 10 * time.Second

// wantedLocked returns the agents the page needs the events of: those of
// its open streams, of recent /api/agent requests, of the breakpoints and
// the pinned ones. It is computed again only when one of these changed
// (wantDirty) or a second passed (views expire), else the last set is
// returned with fresh false. The lock is held.
func (in *Inspector) wantedLocked(now time.Time) (want map[int]bool, fresh bool) {
	if !in.wantDirty && in.wantSet != nil && now.Sub(in.wantAt) < time.Second {
		return in.wantSet, false
	}
	in.wantDirty, in.wantAt = false, now
	want = map[int]bool{}
	for id, n := range in.streams {
		if n > 0 {
			want[id] = true
		}
	}
	for id, t := range in.viewed {
		if now.Sub(t) < viewedFor {
			want[id] = true
		} else {
			delete(in.viewed, id)
		}
	}
	for bp := range in.breaks {
		want[bp.Agent] = true
	}
	for id := range in.pinned {
		want[id] = true
	}
	in.wantSet = want
	return want, true
}

// follow brings the subscription's watched agents in line with want
// (ticking goroutine, between ticks).
func (in *Inspector) follow(want map[int]bool) {
	for id, a := range in.watching {
		if !want[id] {
			in.sub.Watch(a, false)
			delete(in.watching, id)
		}
	}
	for id := range want {
		if in.watching[id] != nil {
			continue
		}
		if a := in.agentByID(id); a != nil {
			in.sub.Watch(a, true)
			in.watching[id] = a
		}
	}
}

// watchStream counts a page stream of agent id opening (+1) or closing
// (-1).
func (in *Inspector) watchStream(id, delta int) {
	in.mu.Lock()
	in.wantDirty = true
	in.streams[id] += delta
	if in.streams[id] <= 0 {
		delete(in.streams, id)
	}
	in.mu.Unlock()
}

// viewedAgent notes a request for agent id's view.
func (in *Inspector) viewedAgent(id int) {
	in.mu.Lock()
	if _, ok := in.viewed[id]; !ok {
		in.wantDirty = true
	}
	in.viewed[id] = time.Now()
	in.mu.Unlock()
}

// await waits until the ticking goroutine has read the host at its next
// Tick call (see serveLocked), at most hostWait, or until ctx ends.
func (in *Inspector) await(ctx context.Context) {
	in.mu.Lock()
	if in.detached {
		in.mu.Unlock()
		return
	}
	if in.waiting == nil {
		in.waiting = make(chan struct{})
	}
	done := in.waiting
	in.mu.Unlock()
	t := time.NewTimer(hostWait)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	case <-ctx.Done():
	}
}

// serveLocked answers the requests that wait on done (ticking goroutine,
// between ticks, lock held): the roots' statuses of the agents not
// watched read from the host (the agents the page asked for were watched
// by the gate, which reported their state).
func (in *Inspector) serveLocked(done chan struct{}) {
	in.rootStatuses()
	in.readProfileLocked()
	in.changedLocked()
	close(done)
}

// watch counts a page stream of agent id opening (delta +1) or closing
// (-1), or notes a one-off view (0).
func (in *Inspector) watch(id, delta int) {
	if delta == 0 {
		in.viewedAgent(id)
		return
	}
	in.watchStream(id, delta)
}

// rootStatuses puts the statuses of the roots of the agents not watched
// into the model (ticking goroutine, lock held).
func (in *Inspector) rootStatuses() {
	for _, a := range in.h.Agents() {
		id := in.h.AgentID(a)
		if in.watching[id] != nil {
			continue
		}
		if r := a.Root(); r != nil {
			in.model.applyRoot(id, statusCode(r.Base().Status()))
		}
	}
}

// Attach attaches an inspector to h. Call it on the goroutine that ticks
// h, between ticks. The inspector hears everything from the next tick on
// (each agent's tree first).
func Attach(h *host.Host) *Inspector {
	in := &Inspector{core: newCore(), h: h, breaks: map[Breakpoint]bool{}, watching: map[int]*host.Agent{},
		streams: map[int]int{}, viewed: map[int]time.Time{}, pinned: map[int]bool{}}
	in.sub = h.SubscribeWatching(in.event)
	h.SetTickGate(in.gate)
	return in
}

// Handler returns the inspector's web page and API: GET / (the page,
// showing agent N with ?agent=N, else the first agent, its first data in
// the page: see PageData), /api/state, /api/agents, /api/agent?id=N,
// /api/stream?agent=N, /api/profile (the hottest tasks, see ProfileView) and POST /api/command. Each call makes a handler with a token of its own. A
// request must name a loopback address (or the one it reached) in Host and
// come from the page when it has an Origin; a command needs the token (see
// TokenHeader) and a JSON body (403, 415, 413, 400 otherwise).
func (in *Inspector) Handler() http.Handler { return newHandler(in) }

// Close detaches the inspector: at once when called on the ticking
// goroutine between ticks (detachNow true), else at the gate of the next
// Tick.
func (in *Inspector) Close(detachNow bool) {
	if detachNow {
		in.detach()
		return
	}
	in.mu.Lock()
	in.closing = true
	in.mu.Unlock()
}

func (in *Inspector) detach() {
	if in.sub != nil {
		in.sub.Cancel()
		in.sub = nil
		in.h.SetTickGate(nil)
	}
	in.mu.Lock()
	in.detached = true
	for _, c := range []chan struct{}{in.waiting, in.serving} {
		if c != nil {
			close(c)
		}
	}
	in.waiting, in.serving = nil, nil
	in.mu.Unlock()
}

// Serve attaches an inspector to h and serves its page on addr (a
// loopback address such as "127.0.0.1:8750"; ":0" style ports pick a free
// one; a host name in addr is accepted in requests' Host, see AllowHosts)
// until ctx ends, when it stops serving and detaches at the next
// Tick. Call it on the goroutine that ticks h, between ticks; it returns
// once listening, with the address it listens on.
func Serve(ctx context.Context, h *host.Host, addr string) (*Inspector, net.Addr, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("inspect: %w", err)
	}
	in := Attach(h)
	handler := in.Handler()
	if name, _, err := net.SplitHostPort(addr); err == nil && net.ParseIP(name) == nil {
		handler = AllowHosts(handler, name) // the name a browser sends
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 5 * time.Second, MaxHeaderBytes: 64 << 10}
	go srv.Serve(ln)
	go func() {
		<-ctx.Done()
		in.Close(false)
		srv.Close()
	}()
	return in, ln.Addr(), nil
}

// event is the host's event stream listener.
func (in *Inspector) event(ev *host.Event) {
	if ev.Kind == host.EventState { // the gate began watching the agent
		if !in.inTick {
			in.mu.Lock()
			defer in.mu.Unlock()
			defer in.changedLocked()
		}
		in.model.Tick = ev.Tick
		in.model.applyState(ev.AgentID, ev.Node.Int(), statusCode(ev.Status), ev.Started)
		return
	}
	if in.inTick && len(in.breaks) == 0 && in.applyHot(ev) {
		return
	}
	in.goaps.event(ev)
	if ev.Kind == host.EventGoap {
		return // in the tick's "goap" records
	}
	r := &in.rec
	toRecord(r, ev)
	switch {
	case ev.Kind == host.EventTickBegin:
		in.mu.Lock()
		in.inTick = true
	case !in.inTick:
		in.mu.Lock()
	}
	if ev.Kind == host.EventTickEnd {
		in.goaps.flush(ev.Tick, in.model.Apply)
	}
	in.model.Apply(r)
	if ev.Kind == host.EventTickEnd && in.serving != nil {
		in.serveLocked(in.serving)
		in.serving = nil
	}
	if len(in.breaks) > 0 && (r.K == "start" || r.K == "end") {
		in.checkBreak(r)
	}
	switch ev.Kind {
	case host.EventTickBegin:
		in.want, _ = in.wantedLocked(time.Now())
	case host.EventTree:
		// A new agent (or tree) the page wants: watch it from its first
		// tick (after its "tree" record, which the states and variables
		// Watch reports follow).
		if in.want[ev.AgentID] && in.watching[ev.AgentID] != ev.Agent && in.sub != nil {
			in.sub.Watch(ev.Agent, true)
			in.watching[ev.AgentID] = ev.Agent
		}
	}
	if ev.Kind == host.EventTickEnd || !in.inTick {
		in.inTick = false
		in.changedLocked()
		in.mu.Unlock()
	}
}

// applyHot applies the events of a tick's hot path (starts, ends,
// status changes, writes) to the model without a Record, as Apply
// would apply their records; false for the other kinds. The lock is held
// (in a tick).
func (in *Inspector) applyHot(ev *host.Event) bool {
	m := in.model
	switch ev.Kind {
	case host.EventStarted:
		m.Tick = ev.Tick
		m.applyStart(ev.AgentID, ev.Node.Int())
	case host.EventStatus:
		m.Tick = ev.Tick
		m.applyStatus(ev.AgentID, ev.Node.Int(), statusCode(ev.Status))
	case host.EventEnded:
		m.Tick = ev.Tick
		var cause uint8
		by := -1
		if ev.Cause.Early() {
			cause, by = uint8(ev.Cause.Kind), ev.ByNode.Int()
		}
		m.applyEnd(ev.AgentID, ev.Node.Int(), statusCode(ev.Status), cause, by)
	case host.EventVariable:
		m.Tick = ev.Tick
		var v any
		if ev.New != nil {
			v = jsonValue(ev.New)
		}
		id := ev.AgentID
		if ev.Global {
			id = 0
		}
		m.applyVar(id, ev.Global, ev.Name, v, ev.WriterNode.Int())
	default:
		return false
	}
	return true
}

// checkBreak pauses the run when r hits a breakpoint; the lock is held.
func (in *Inspector) checkBreak(r *Record) {
	bp := Breakpoint{Agent: r.A, Node: r.N, On: r.K}
	hit := in.breaks[bp]
	if !hit && r.K == "end" && r.S == "Failure" {
		bp.On = "failure"
		hit = in.breaks[bp]
	}
	if !hit || in.hit != nil && in.paused {
		return
	}
	in.paused, in.steps = true, 0
	path := ""
	if a := in.model.agent(r.A); a != nil && r.N < len(a.paths) {
		path = a.paths[r.N]
	}
	in.hit = &Hit{Breakpoint: bp, Tick: r.T, Path: path}
}

// gate is the host's tick gate: it runs the queued commands and watches
// the agents the page shows, then lets the tick through unless paused (a
// step lets one through) or the tick rate cap holds it. The answers
// waiting for the host (await) get it after the tick it lets through, or
// now when it holds the tick.
func (in *Inspector) gate() bool {
	in.mu.Lock()
	queue, closing, waiting := in.queue, in.closing, in.waiting
	in.queue, in.waiting = nil, nil
	want, fresh := in.wantedLocked(time.Now())
	in.mu.Unlock()
	for _, f := range queue {
		f()
	}
	if closing {
		if waiting != nil {
			close(waiting)
		}
		in.detach()
		return true
	}
	if fresh {
		in.follow(want)
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	pass := in.passLocked()
	if in.serving != nil { // a tick that never ended (cannot happen)
		in.serveLocked(in.serving)
		in.serving = nil
	}
	if waiting != nil {
		if pass {
			in.serving = waiting
		} else {
			in.serveLocked(waiting)
		}
	}
	return pass
}

// passLocked tells whether the gate lets the tick through; the lock is
// held.
func (in *Inspector) passLocked() bool {
	if in.paused {
		if in.steps == 0 {
			return false
		}
		in.steps--
		in.hit = nil
		return true
	}
	if in.hz > 0 {
		now := time.Now()
		if now.Sub(in.last) < time.Duration(float64(time.Second)/in.hz) {
			return false
		}
		in.last = now
	}
	return true
}

func (in *Inspector) base() *core { return &in.core }

func (in *Inspector) stateLocked() State {
	s := State{Mode: "live", Tick: in.model.Tick, Paused: in.paused, Hz: in.hz, Hit: in.hit, Breakpoints: []Breakpoint{}}
	s.Tick = in.ticks()
	for bp := range in.breaks {
		s.Breakpoints = append(s.Breakpoints, bp)
	}
	s.Reload, s.ReloadTick = in.model.reloadText()
	s.Refused = in.refused
	return s
}

// ticks is the host's tick count as the model last heard it.
func (in *Inspector) ticks() uint64 { return in.model.Tick }

// minRate and maxRate bound the tick rate cap (command "rate"), in ticks
// per second: 0.1 (a tick every 10 s) to 1000.
const (
	minRate = 0.1
	maxRate = 1000
)

// command carries out a page's command: control at once, blackboard
// edits queued for the gate (see edit).
func (in *Inspector) command(c Command) error {
	if c.Cmd == "set" {
		_, err := in.edit(c)
		return err
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	defer in.changedLocked()
	switch c.Cmd {
	case "pause":
		in.paused = true
	case "resume":
		in.paused, in.steps, in.hit = false, 0, nil
	case "step":
		in.paused = true
		in.steps++
	case "rate":
		if c.Hz != 0 && !(c.Hz >= minRate && c.Hz <= maxRate) { // NaN too
			return fmt.Errorf("rate: a tick rate cap is 0 (the host's own rate) or from %v to %v ticks per second, got %v", minRate, maxRate, c.Hz)
		}
		in.hz = c.Hz
	case "break", "unbreak":
		if c.On != "start" && c.On != "end" && c.On != "failure" {
			return fmt.Errorf("a breakpoint is on start, end or failure, got %q", c.On)
		}
		a := in.model.agent(c.Agent)
		if a == nil || c.Node < 0 || c.Node >= len(a.nodes) {
			return fmt.Errorf("no task %d in agent %d", c.Node, c.Agent)
		}
		if a.nodes[c.Node].BTAI {
			return fmt.Errorf("task %d of agent %d (%s) is a BTAI node: it has no start or end events to stop at", c.Node, c.Agent, a.paths[c.Node])
		}
		bp := Breakpoint{Agent: c.Agent, Node: c.Node, On: c.On}
		if c.Cmd == "break" {
			in.breaks[bp] = true
		} else {
			delete(in.breaks, bp)
		}
		in.wantDirty = true
	case "seek":
		return errors.New("seek: only a replay seeks")
	default:
		return fmt.Errorf("unknown command %q", c.Cmd)
	}
	return nil
}

// agentByID finds the host's agent numbered id (ticking goroutine).
func (in *Inspector) agentByID(id int) *host.Agent {
	for _, a := range in.h.Agents() {
		if in.h.AgentID(a) == id {
			return a
		}
	}
	return nil
}

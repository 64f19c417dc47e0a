package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/btlua/btlua/host"
	lua "github.com/yuin/gopher-lua"
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
	rec    Record // scratch record of the ticking goroutine
	goaps  goapTracker
	inTick bool // the lock is held from the tick's begin to its end
	cancel func()

	// Under core.mu:
	paused  bool
	steps   int
	hz      float64
	last    time.Time // when the gate last let a tick through under hz
	breaks  map[Breakpoint]bool
	hit     *Hit
	queue   []func()
	closing bool
}

// Attach attaches an inspector to h. Call it on the goroutine that ticks
// h, between ticks. The inspector hears everything from the next tick on
// (each agent's tree first).
func Attach(h *host.Host) *Inspector {
	in := &Inspector{core: newCore(), h: h, breaks: map[Breakpoint]bool{}}
	in.cancel = h.Subscribe(in.event)
	h.SetTickGate(in.gate)
	return in
}

// Handler returns the inspector's web page and API (see package doc).
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
	if in.cancel != nil {
		in.cancel()
		in.cancel = nil
		in.h.SetTickGate(nil)
	}
}

// Serve attaches an inspector to h and serves its page on addr (a
// loopback address such as "127.0.0.1:8750"; ":0" style ports pick a free
// one) until ctx ends, when it stops serving and detaches at the next
// Tick. Call it on the goroutine that ticks h, between ticks; it returns
// once listening, with the address it listens on.
func Serve(ctx context.Context, h *host.Host, addr string) (*Inspector, net.Addr, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("inspect: %w", err)
	}
	in := Attach(h)
	srv := &http.Server{Handler: in.Handler(), ReadHeaderTimeout: 5 * time.Second}
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
	if len(in.breaks) > 0 && (r.K == "start" || r.K == "end") {
		in.checkBreak(r)
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
		m.applyStart(ev.AgentID, ev.Node)
	case host.EventStatus:
		m.Tick = ev.Tick
		m.applyStatus(ev.AgentID, ev.Node, statusCode(ev.Status))
	case host.EventEnded:
		m.Tick = ev.Tick
		var cause uint8
		by := -1
		if ev.Cause.Early() {
			cause, by = uint8(ev.Cause.Kind), ev.ByNode
		}
		m.applyEnd(ev.AgentID, ev.Node, statusCode(ev.Status), cause, by)
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
		m.applyVar(id, ev.Global, ev.Name, v, ev.WriterNode)
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

// gate is the host's tick gate: it runs the queued commands, then lets the
// tick through unless paused (a step lets one through) or the tick rate
// cap holds it.
func (in *Inspector) gate() bool {
	in.mu.Lock()
	queue, closing := in.queue, in.closing
	in.queue = nil
	in.mu.Unlock()
	for _, f := range queue {
		f()
	}
	if closing {
		in.detach()
		return true
	}
	in.mu.Lock()
	defer in.mu.Unlock()
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
	return s
}

// ticks is the host's tick count as the model last heard it.
func (in *Inspector) ticks() uint64 { return in.model.Tick }

// command carries out a page's command: control at once, blackboard
// edits queued for the gate.
func (in *Inspector) command(c Command) error {
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
		if c.Hz < 0 || c.Hz > 1e6 {
			return fmt.Errorf("rate must be from 0 (the host's own) to 1e6 ticks per second, got %v", c.Hz)
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
	case "set":
		if c.Name == "" {
			return errors.New("set: no variable name")
		}
		v, err := luaValue(c.Value)
		if err != nil {
			return fmt.Errorf("set %s: %w", c.Name, err)
		}
		if !c.Global && in.model.agent(c.Agent) == nil {
			return fmt.Errorf("set %s: no agent %d", c.Name, c.Agent)
		}
		id, name, global := c.Agent, c.Name, c.Global
		in.queue = append(in.queue, func() {
			var target *host.Agent
			if !global {
				if target = in.agentByID(id); target == nil {
					return
				}
			}
			in.h.SetVariable(target, name, v)
		})
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

// luaValue turns an edited JSON value into a Lua value: null deletes,
// numbers, strings and booleans as they are.
func luaValue(raw json.RawMessage) (lua.LValue, error) {
	if len(raw) == 0 {
		return lua.LNil, nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case nil:
		return lua.LNil, nil
	case float64:
		return lua.LNumber(x), nil
	case string:
		return lua.LString(x), nil
	case bool:
		return lua.LBool(x), nil
	}
	return nil, fmt.Errorf("want a number, a string, true, false or null, got %s", raw)
}

package inspect

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"
)

//go:embed assets
var assets embed.FS

// State is the answer of /api/state and the "state" part of each stream
// message.
type State struct {
	// Mode is "live" or "replay".
	Mode string `json:"mode"`
	// Tick is the host's tick count (live) or the tick shown (replay).
	Tick uint64 `json:"tick"`
	// Paused is set while the inspector holds the ticks (live), Hz the
	// tick rate cap in ticks per second (0: the host's own rate).
	Paused bool    `json:"paused"`
	Hz     float64 `json:"hz"`
	// Breakpoints are set on tasks; Hit is the one that paused the run.
	Breakpoints []Breakpoint `json:"breakpoints"`
	Hit         *Hit         `json:"hit,omitempty"`
	// First and Last bound a replay's ticks.
	First uint64 `json:"first,omitempty"`
	Last  uint64 `json:"last,omitempty"`
	// Reload describes the last reload, at ReloadTick.
	Reload     string `json:"reload,omitempty"`
	ReloadTick uint64 `json:"reloadTick,omitempty"`
	// Refused is why the last blackboard edit was not made, when it was
	// refused after its command was answered (202: the host had not
	// ticked yet); "" once an edit is made.
	Refused string `json:"refused,omitempty"`
}

// Breakpoint pauses the run when a task of an agent starts ("start"),
// ends ("end") or ends with Failure ("failure"): after the tick in which
// it happened (the tick completes, so the trees stay consistent).
type Breakpoint struct {
	Agent int    `json:"agent"`
	Node  int    `json:"node"`
	On    string `json:"on"`
}

// Hit is a breakpoint that paused the run, at Tick, with the task's path.
type Hit struct {
	Breakpoint
	Tick uint64 `json:"tick"`
	Path string `json:"path"`
}

// Command is a request of the page (POST /api/command): Cmd is pause,
// resume, step, rate (Hz: 0, the host's own rate, or 0.1 to 1000), break
// and unbreak (Agent, Node, On), set (Agent, Name, Value; Global for a
// global variable; a null Value deletes; a value of another Lua type than
// the variable's is refused), or seek (Tick; replay only). The body is
// one JSON object of these fields only (see decodeCommand).
type Command struct {
	Cmd    string          `json:"cmd"`
	Agent  int             `json:"agent"`
	Node   int             `json:"node"`
	On     string          `json:"on"`
	Hz     float64         `json:"hz"`
	Name   string          `json:"name"`
	Value  json.RawMessage `json:"value"`
	Global bool            `json:"global"`
	Tick   uint64          `json:"tick"`
}

// core is what the live inspector and a replay share: the model, its
// lock, the broadcast of changes and the streams' shared messages.
type core struct {
	mu     sync.Mutex
	model  *Model
	notify chan struct{}
	// gen counts the changes (changedLocked); hub is the open streams'
	// bookkeeping (stream.go). Under mu.
	gen uint64
	hub streamHub
}

func newCore() core { return core{model: NewModel(), notify: make(chan struct{})} }

// changedLocked wakes the streams; the caller holds mu.
func (c *core) changedLocked() {
	c.gen++
	close(c.notify)
	c.notify = make(chan struct{})
}

// backend is the source the HTTP API serves.
type backend interface {
	base() *core
	// stateLocked returns the state; the caller holds the core's lock.
	stateLocked() State
	// command carries out a page's command.
	command(c Command) error
	// watch tells that a page streams agent id (delta +1 when a stream
	// opens, -1 when it closes; 0: a one-off view). A replay has all it
	// needs.
	watch(id, delta int)
	// await returns once the model shows the source's current state: the
	// live inspector's after the ticking goroutine read the host at its
	// next Tick call (the roots' statuses, the agents the page asked for
	// watched), or after hostWait when the host is not ticked; a
	// replay's at once.
	await(ctx context.Context)
}

// hostWait is how long an answer waits for the ticking goroutine to read
// the host (see backend.await) before it gives the model as it is.
const hostWait = 500 * time.Millisecond

// streamInterval caps the messages of a stream: 20 per second.
const streamInterval = 50 * time.Millisecond

// agentListLimit is the most agents /api/agents returns by default.
const agentListLimit = 300

// newHandler serves b's page and API. Every request must name the
// inspector's address in its Host (127.0.0.1, localhost or [::1] at the
// port it reached, the address it reached, see access.hostAllowed) and,
// when it has an Origin,
// come from the inspector's own page: else 403 (DNS rebinding, other
// pages). A command (POST /api/command) also needs the handler's token in
// the X-Btlua-Token header (see TokenHeader) and a JSON body (see
// readCommand).
func newHandler(b backend) http.Handler {
	ac := newAccess()
	mux := http.NewServeMux()
	mux.Handle("GET /", pageHandler(ac.token, func(r *http.Request) PageData { return pageData(r, b) }))
	c := b.base()
	writeJSON := func(w http.ResponseWriter, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		json.NewEncoder(w).Encode(v)
	}
	mux.HandleFunc("GET /api/state", func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		s := b.stateLocked()
		c.mu.Unlock()
		writeJSON(w, s)
	})
	mux.HandleFunc("GET /api/agents", func(w http.ResponseWriter, r *http.Request) {
		limit := agentListLimit
		if n, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && n > 0 {
			limit = n
		}
		b.await(r.Context())
		c.mu.Lock()
		l := c.model.Agents(r.URL.Query().Get("q"), limit)
		c.mu.Unlock()
		writeJSON(w, l)
	})
	mux.HandleFunc("GET /api/agent", func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.Atoi(r.URL.Query().Get("id"))
		if err != nil {
			badAgentID(w, r.URL.Query().Get("id"), "/api/agent?id=N")
			return
		}
		b.watch(id, 0)
		b.await(r.Context())
		c.mu.Lock()
		v, ok := c.model.Agent(id)
		c.mu.Unlock()
		if !ok {
			http.Error(w, fmt.Sprintf("no agent %d", id), http.StatusNotFound)
			return
		}
		writeJSON(w, v)
	})
	mux.HandleFunc("POST /api/command", func(w http.ResponseWriter, r *http.Request) {
		if !ac.checkToken(w, r) {
			return
		}
		cmd, ok := readCommand(w, r)
		if !ok {
			return
		}
		status := http.StatusOK
		if e, ok := b.(editor); ok && cmd.Cmd == "set" {
			wait, err := e.edit(cmd)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			if err, made := wait(r.Context()); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			} else if !made {
				status = http.StatusAccepted // queued for the next Tick
			}
		} else if err := b.command(cmd); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		c.mu.Lock()
		s := b.stateLocked()
		c.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(s)
	})
	mux.HandleFunc("GET /api/stream", func(w http.ResponseWriter, r *http.Request) { stream(w, r, b) })
	mux.HandleFunc("GET /api/profile", func(w http.ResponseWriter, r *http.Request) { serveProfile(w, r, b) })
	return &apiHandler{ac: ac, mux: mux}
}

// badAgentID answers 400 for an agent id q that is not a whole number
// ("bad agent id \"abc\""), with the form wanted when q is empty.
func badAgentID(w http.ResponseWriter, q, form string) {
	msg := fmt.Sprintf("bad agent id %q", q)
	if q == "" && form != "" {
		msg += " (want " + form + ")"
	}
	http.Error(w, msg, http.StatusBadRequest)
}

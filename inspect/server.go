package inspect

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
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
// resume, step, rate (Hz), break and unbreak (Agent, Node, On), set
// (Agent, Name, Value; Global for a global variable; a null Value
// deletes), or seek (Tick; replay only).
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
// lock, and the broadcast of changes.
type core struct {
	mu     sync.Mutex
	model  *Model
	notify chan struct{}
}

func newCore() core { return core{model: NewModel(), notify: make(chan struct{})} }

// changedLocked wakes the streams; the caller holds mu.
func (c *core) changedLocked() {
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

func newHandler(b backend) http.Handler {
	mux := http.NewServeMux()
	page, _ := fs.Sub(assets, "assets")
	mux.Handle("GET /", http.FileServer(http.FS(page)))
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
		var cmd Command
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&cmd); err != nil {
			http.Error(w, "bad command: "+err.Error(), http.StatusBadRequest)
			return
		}
		if err := b.command(cmd); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		c.mu.Lock()
		s := b.stateLocked()
		c.mu.Unlock()
		writeJSON(w, s)
	})
	mux.HandleFunc("GET /api/stream", func(w http.ResponseWriter, r *http.Request) { stream(w, r, b) })
	return mux
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

// streamMessage is one message of /api/stream.
type streamMessage struct {
	State State      `json:"state"`
	Agent *AgentView `json:"agent,omitempty"`
}

// stream sends server-sent events: the state and the view of the agent
// ?agent=ID as the host has them (see backend.await), then after each
// change, at most every streamInterval.
func stream(w http.ResponseWriter, r *http.Request, b backend) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	var id int // 0: no agent, the state only
	if q := r.URL.Query().Get("agent"); q != "" {
		var err error
		if id, err = strconv.Atoi(q); err != nil {
			badAgentID(w, q, "")
			return
		}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	b.watch(id, 1)
	defer b.watch(id, -1)
	b.await(r.Context()) // the first message shows the agent as it is
	c := b.base()
	for {
		c.mu.Lock()
		msg := streamMessage{State: b.stateLocked()}
		if v, ok := c.model.Agent(id); ok {
			msg.Agent = v
		}
		wait := c.notify
		c.mu.Unlock()
		js, _ := json.Marshal(msg)
		if _, err := fmt.Fprintf(w, "data: %s\n\n", js); err != nil {
			return
		}
		fl.Flush()
		select {
		case <-r.Context().Done():
			return
		case <-wait:
		}
		select {
		case <-r.Context().Done():
			return
		case <-time.After(streamInterval):
		}
	}
}

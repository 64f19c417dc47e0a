package inspect

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"
)

// streamLimit is the most streams (/api/stream) served at once; one more
// is answered 503. A page has one open.
const streamLimit = 32

// streamWriteTimeout is how long a stream's client has to take a message:
// one that does not (it stopped reading) is dropped, its connection
// closed. A variable for the tests.
var streamWriteTimeout = 10 * time.Second

// streamHub is the streams' bookkeeping (under core.mu): how many are
// open, per agent and in all, the last message of each agent streamed,
// encoded once and shared by all its streams, and counts for the tests.
type streamHub struct {
	open  int
	perID map[int]int
	last  map[int]encodedMessage
	// refused counts the streams refused at streamLimit, dropped those
	// closed because their client did not read (streamWriteTimeout),
	// encodes the messages encoded.
	refused, dropped, encodes int
}

// encodedMessage is a stream message as sent, for the core's change gen.
type encodedMessage struct {
	gen uint64
	js  []byte
}

// streamMessage is one message of /api/stream.
type streamMessage struct {
	State State      `json:"state"`
	Agent *AgentView `json:"agent,omitempty"`
}

// messageLocked returns the message of agent id's streams (0: the state
// only) for the current change: encoded once per change, whatever the
// number of streams. The caller holds mu.
func (c *core) messageLocked(b backend, id int) []byte {
	if m, ok := c.hub.last[id]; ok && m.gen == c.gen {
		return m.js
	}
	msg := streamMessage{State: b.stateLocked()}
	if v, ok := c.model.Agent(id); ok {
		msg.Agent = v
	}
	js, _ := json.Marshal(msg)
	if c.hub.last == nil {
		c.hub.last = map[int]encodedMessage{}
	}
	c.hub.last[id] = encodedMessage{gen: c.gen, js: js}
	c.hub.encodes++
	return js
}

// openStream counts a stream of agent id, false when streamLimit are
// open (the refusal counted).
func (c *core) openStream(id int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hub.open >= streamLimit {
		c.hub.refused++
		return false
	}
	if c.hub.perID == nil {
		c.hub.perID = map[int]int{}
	}
	c.hub.open++
	c.hub.perID[id]++
	return true
}

// closeStream ends a stream of agent id; dropped tells that its client
// did not read.
func (c *core) closeStream(id int, dropped bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hub.open--
	if c.hub.perID[id]--; c.hub.perID[id] <= 0 {
		delete(c.hub.perID, id)
		delete(c.hub.last, id)
	}
	if dropped {
		c.hub.dropped++
	}
}

var (
	eventStart = []byte("data: ")
	eventEnd   = []byte("\n\n")
)

// stream sends server-sent events: the state and the view of the agent
// ?agent=ID as the host has them (see backend.await), then after each
// change, at most every streamInterval, always the latest (a change
// while a message is sent is not queued: the next message shows it). At
// most streamLimit streams are served (503 beyond); a client that does
// not take a message within streamWriteTimeout is dropped.
func stream(w http.ResponseWriter, r *http.Request, b backend) {
	var id int // 0: no agent, the state only
	if q := r.URL.Query().Get("agent"); q != "" {
		var err error
		if id, err = strconv.Atoi(q); err != nil {
			badAgentID(w, q, "")
			return
		}
	}
	c := b.base()
	if !c.openStream(id) {
		w.Header().Set("Connection", "close")
		http.Error(w, fmt.Sprintf("inspector: %d streams are open, the most it serves at once: close a page", streamLimit), http.StatusServiceUnavailable)
		return
	}
	dropped := false
	defer func() { c.closeStream(id, dropped) }()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	b.watch(id, 1)
	defer b.watch(id, -1)
	b.await(r.Context()) // the first message shows the agent as it is
	for {
		c.mu.Lock()
		js := c.messageLocked(b, id)
		wait := c.notify
		c.mu.Unlock()
		if err := send(rc, w, js); err != nil {
			dropped = errors.Is(err, os.ErrDeadlineExceeded)
			return
		}
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

// send writes one event of data js and flushes it, within
// streamWriteTimeout.
func send(rc *http.ResponseController, w http.ResponseWriter, js []byte) error {
	if err := rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)); err != nil {
		return err
	}
	for _, p := range [][]byte{eventStart, js, eventEnd} {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return rc.Flush()
}

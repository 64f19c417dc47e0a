package inspect

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// tokenPlaceholder is the content of index.html's btlua-token meta tag,
// replaced by the handler's token when the page is served.
const tokenPlaceholder = "BTLUA_TOKEN"

// initialPlaceholder is the content of index.html's btlua-initial script
// element, replaced by the page's first data (PageData as JSON) when the
// page is served.
var initialPlaceholder = []byte("BTLUA_INITIAL")

// PageData is what the page shows when it opens, sent in the page itself
// so that its first paint (a headless browser's screenshot at the load
// event) already shows an agent: the state, the agent list and the view
// of the selected agent, the one ?agent=N names, else the first one
// listed (nil when there is none or agent N does not exist).
type PageData struct {
	State    State      `json:"state"`
	Agents   AgentList  `json:"agents"`
	Selected int        `json:"selected"`
	Agent    *AgentView `json:"agent"`
}

// pageHandler serves the page, index.html with token and the first data
// (see PageData) in it, at / and /index.html; 404 for any other path.
// first returns the data for a request.
func pageHandler(token string, first func(r *http.Request) PageData) http.Handler {
	raw, err := assets.ReadFile("assets/index.html")
	if err != nil {
		panic("inspect: the embedded page is missing: " + err.Error())
	}
	page := bytes.Replace(raw, []byte(tokenPlaceholder), []byte(token), 1)
	at := bytes.Index(page, initialPlaceholder)
	if at < 0 {
		panic("inspect: the embedded page has no " + string(initialPlaceholder))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" && r.URL.Path != "/index.html" {
			http.NotFound(w, r)
			return
		}
		// json.Marshal writes <, > and & as \u003c...: the data cannot
		// end the script element it is in.
		js, err := json.Marshal(first(r))
		if err != nil {
			js = []byte("null")
		}
		out := make([]byte, 0, len(page)+len(js))
		out = append(append(append(out, page[:at]...), js...), page[at+len(initialPlaceholder):]...)
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("Content-Security-Policy", "frame-ancestors 'none'")
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(out))
	})
}

// pageData returns b's PageData for a page asking for agent wanted (0:
// the first agent listed). The agent is watched and the answer waits for
// the source to show it (see backend.await), as /api/agent does.
func pageData(r *http.Request, b backend) PageData {
	c := b.base()
	wanted, _ := strconv.Atoi(r.URL.Query().Get("agent"))
	if wanted <= 0 {
		c.mu.Lock()
		if l := c.model.Agents("", 1); len(l.Agents) > 0 {
			wanted = l.Agents[0].ID
		}
		c.mu.Unlock()
	}
	if wanted > 0 {
		b.watch(wanted, 0)
	}
	b.await(r.Context())
	c.mu.Lock()
	defer c.mu.Unlock()
	d := PageData{State: b.stateLocked(), Agents: c.model.Agents("", agentListLimit), Selected: wanted}
	if v, ok := c.model.Agent(wanted); ok {
		d.Agent = v
	}
	return d
}

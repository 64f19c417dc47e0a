package inspect

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// newGuardHost loads testdata/guard.lua into a new host, the enemy seen
// at step enemyAt.
func newGuardHost(t *testing.T, enemyAt int) *host.Host {
	t.Helper()
	return newGuardHostShards(t, enemyAt, 0)
}

// newGuardHostShards is newGuardHost on a host of shards Lua states
// (host.Options.Shards; 0 is the classic host).
func newGuardHostShards(t *testing.T, enemyAt, shards int) *host.Host {
	t.Helper()
	h, err := host.New(host.Options{Stdout: io.Discard, Shards: shards})
	if err != nil {
		t.Fatal(err)
	}
	h.SetGlobal("ENEMY_AT", enemyAt)
	if _, err := h.LoadFile("testdata/guard.lua"); err != nil {
		t.Fatal(err)
	}
	return h
}

func tick(t *testing.T, h *host.Host, n int) {
	t.Helper()
	for range n {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
}

// getJSON fetches url into v.
func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET %s: %s %s", url, resp.Status, b)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// postCommand posts cmd with the page's token and returns the state,
// failing on an error.
func postCommand(t *testing.T, base string, cmd string) State {
	t.Helper()
	code, body := sendCommand(t, base, cmd, map[string]string{"Content-Type": "application/json", TokenHeader: pageToken(t, base)})
	if code != http.StatusOK && code != http.StatusAccepted {
		t.Fatalf("command %s: %d %s", cmd, code, body)
	}
	var s State
	if err := json.Unmarshal([]byte(body), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// tokenMeta finds the token in the page.
var tokenMeta = regexp.MustCompile(`<meta name="btlua-token" content="([0-9a-f]+)">`)

// pageToken returns the token the page at base carries, as a client
// that is not the page reads it.
func pageToken(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	page, _ := io.ReadAll(resp.Body)
	m := tokenMeta.FindSubmatch(page)
	if m == nil {
		t.Fatalf("no token in the page at %s (%s)", base, resp.Status)
	}
	return string(m[1])
}

// sendCommand posts body to base's /api/command with the headers hdr
// ("Host" sets the request's Host) and returns the status and the
// answer's body.
func sendCommand(t *testing.T, base, body string, hdr map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("POST", base+"/api/command", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// statuses renders a view's tasks as "path=status" with a "*" for the
// running path, one per line.
func statuses(v *AgentView) string {
	var sb strings.Builder
	for i, n := range v.Nodes {
		sb.WriteString(v.Path(i) + "=" + n.Status)
		if n.Running {
			sb.WriteString("*")
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

package inspect

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// newGuardHost loads testdata/guard.lua into a new host, the enemy seen
// at step enemyAt.
func newGuardHost(t *testing.T, enemyAt int) *host.Host {
	t.Helper()
	h, err := host.New(host.Options{Stdout: io.Discard})
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

// postCommand posts cmd and returns the state, failing on an error.
func postCommand(t *testing.T, base string, cmd string) State {
	t.Helper()
	resp, err := http.Post(base+"/api/command", "application/json", strings.NewReader(cmd))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("command %s: %s %s", cmd, resp.Status, b)
	}
	var s State
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatal(err)
	}
	return s
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

package tests

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// recorder is a bt.Observer that logs "start X" and "end X Status".
type recorder struct{ events []string }

func (r *recorder) TaskStarted(t bt.Task) { r.events = append(r.events, "start "+bt.Path(t)) }
func (r *recorder) TaskEnded(t bt.Task, s bt.Status, _ bt.EndCause) {
	r.events = append(r.events, fmt.Sprintf("end %s %v", bt.Path(t), s))
}

// run is the outcome of running a script in fast mode.
type run struct {
	stdout   string
	statuses []bt.Status // root status per tick, of the first tree
	events   []string
	err      error
}

// runScript loads path into a new host and ticks it with dt = 1/60 s
// until every tree has completed or maxTicks ticks have run.
func runScript(t *testing.T, path string, maxTicks int) run {
	t.Helper()
	return runScriptDT(t, path, maxTicks, 1.0/60)
}

// runScriptDT is runScript with delta time dt seconds.
func runScriptDT(t *testing.T, path string, maxTicks int, dt float64) run {
	t.Helper()
	return runScriptOpts(t, path, maxTicks, dt, host.Options{})
}

// factoryAgents is how many agents runScriptOpts spawns from a script
// that returns a factory, as btlua --agents 3 does.
const factoryAgents = 3

// runScriptOpts is runScriptDT on a host made with opts (its Stdout and
// BTAIGlobals set here). A script that returns a factory function gets
// factoryAgents agents, spawned with {index = i, count = factoryAgents}.
func runScriptOpts(t *testing.T, path string, maxTicks int, dt float64, opts host.Options) run {
	t.Helper()
	var out bytes.Buffer
	opts.Stdout, opts.BTAIGlobals = &out, true
	h, err := host.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile(path)
	if errors.Is(err, host.ErrFactoryScript) {
		agents, err = spawnAgents(h, path, factoryAgents)
	}
	if err != nil {
		return run{stdout: out.String(), err: err}
	}
	rec := &recorder{}
	for _, a := range agents {
		a.SetObserver(rec)
	}
	var r run
	for n := 0; n < maxTicks && !h.Done(); n++ {
		if err := h.Tick(dt); err != nil {
			r.err = err
		}
		if len(agents) > 0 {
			r.statuses = append(r.statuses, agents[0].Status())
		}
	}
	r.stdout = out.String()
	r.events = rec.events
	return r
}

// spawnAgents spawns n agents from the factory script at path, as btlua
// --agents n does.
func spawnAgents(h *host.Host, path string, n int) ([]*host.Agent, error) {
	var out []*host.Agent
	for i := 1; i <= n; i++ {
		a, err := h.Spawn(path, map[string]any{"index": i, "count": n})
		if err != nil {
			return out, err
		}
		out = append(out, a)
	}
	return out, nil
}

func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

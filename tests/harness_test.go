package tests

import (
	"bytes"
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

// runScriptOpts is runScriptDT on a host made with opts (its Stdout and
// BTAIGlobals set here).
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

func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

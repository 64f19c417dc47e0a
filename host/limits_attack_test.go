package host

import (
	"bytes"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

// The attack tests run a script's attack in the leaf of one agent,
// "hog", on a host with a small budget, memory limit and maximum string
// size, on the classic host and on 2 shards (with an idle agent beside
// it), and check how it is stopped. The time and the peak heap are
// logged, not asserted.

// Limits of the attack hosts.
const (
	attackBudget    = 100 * time.Millisecond
	attackMaxString = 8 << 20
	attackHeadroom  = 128 << 20 // the memory limit: the live heap at start plus this
)

// attackScript is a factory whose agent "hog" runs body in its leaf's
// OnUpdate (at line 3 of the file and after) and "idle" succeeds.
func attackScript(body string) string {
	return `Hog = BTAction:New()
function Hog:OnUpdate()
` + body + `
    return BTTaskStatus.Success
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    if args.name == "hog" then tree:SetStartTask(Hog:New()) else tree:SetStartTask(BTAction:New()) end
    return tree
end
`
}

// attackResult is what an attack test checks: the hog agent's error, the
// script's path and output, and the memory limit.
type attackResult struct {
	err   error
	path  string
	out   string
	limit uint64
}

// runAttack runs body in the hog's leaf on a host of shards shards (0:
// the classic host) with the attack limits, one tick, and returns the
// hog's error; it logs the time and the peak heap.
func runAttack(t *testing.T, shards int, body string, opts Options) attackResult {
	t.Helper()
	limit := liveHeap() + attackHeadroom
	var out bytes.Buffer
	if opts.Budget == 0 {
		opts.Budget = attackBudget
	}
	if opts.MaxStringSize == 0 {
		opts.MaxStringSize = attackMaxString
	}
	opts.Stdout, opts.MemoryLimit, opts.Shards = &out, limit, shards
	h, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, attackScript(body))
	hog, err := h.Spawn(path, map[string]any{"name": "hog"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Spawn(path, map[string]any{"name": "idle"}); err != nil {
		t.Fatal(err)
	}
	var peak uint64
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Add(1)
	go func() { // samples the heap every millisecond during the tick
		defer wg.Done()
		s := []metrics.Sample{{Name: heapMetric}}
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	start := time.Now()
	h.Tick(0.1)
	elapsed := time.Since(start)
	close(done)
	wg.Wait()
	t.Logf("shards %d: stopped after %v, peak heap %s (limit %s, budget %v)", shards, elapsed.Round(time.Millisecond),
		bytesText(float64(peak)), bytesText(float64(limit)), opts.Budget)
	return attackResult{err: hog.Err(), path: path, out: out.String(), limit: limit}
}

// forShards runs f on the classic host and on 2 shards.
func forShards(t *testing.T, f func(t *testing.T, shards int)) {
	for _, shards := range []int{0, 2} {
		name := "classic"
		if shards > 0 {
			name = "shards2"
		}
		t.Run(name, func(t *testing.T) { f(t, shards) })
	}
}

// budgetStop is the hog's error when the CPU budget stopped it at line.
func (r attackResult) budgetStop(line string) string {
	return r.path + ":" + line + ": CPU budget of " + attackBudget.String() + " exceeded (task Hog; tick of agent hog, " + r.path + " factory return value 1)"
}

// errIs fails t unless the hog's error is want.
func (r attackResult) errIs(t *testing.T, want string) {
	t.Helper()
	if r.err == nil || r.err.Error() != want {
		t.Errorf("hog's error\n%v\nwant\n%s", r.err, want)
	}
}

// lines counts the lines of s that contain sub.
func lines(s, sub string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			n++
		}
	}
	return n
}

package host

import (
	"bytes"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

// hogScript is a factory: an agent with args.n > 0 fills a table with
// args.n new tables in one tick (far more than the limit: without end,
// as far as the limit goes, yet bounded, so that a run that fails ends),
// the others tick idle.
const hogScript = `Hog = BTAction:New()
function Hog:OnUpdate()
    local t = {}
    for i = 1, self.n do t[i] = {} end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    local hog = Hog:New()
    hog.n = args.n
    tree:SetStartTask(hog)
    return tree
end
`

// Two agents in two shards run away in the same tick, together: the
// watchdog of each shard stops its own with "memory limit" although the
// other shard's script runs too, long before the CPU budget; the idle
// agents tick on. Each hog's loop ends at about 6 times the limit, so
// both being stopped for memory shows the safety net held the heap under
// that; how far under depends on how soon the watchdog runs on a busy
// machine, so the peak is logged, not asserted (on an idle machine the
// live heap peaks near twice the limit).
func TestShardsMemoryLimitTwoRunawaysAtOnce(t *testing.T) {
	live := liveHeap()
	limit := live + 64<<20
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Budget: 10 * time.Second, MemoryLimit: limit, Shards: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, hogScript)
	n := 6 * limit / 100 // about 6 times the limit each, at 100 bytes or more a table
	for _, name := range []string{"hog1", "hog2", "idle3", "idle4"} {
		if !strings.HasPrefix(name, "hog") {
			n = 0
		}
		if _, err := h.Spawn(path, map[string]any{"name": name, "n": n}); err != nil {
			t.Fatal(err)
		}
	}
	var peak, peakLive uint64
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Add(1)
	go func() { // samples the heap every millisecond during the tick
		defer wg.Done()
		s := []metrics.Sample{{Name: heapMetric}, {Name: liveMetric}}
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			peakLive = max(peakLive, s[1].Value.Uint64())
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	err = h.Tick(0.1)
	close(done)
	wg.Wait()
	t.Logf("peak heap %s (live %s), limit %s", bytesText(float64(peak)), bytesText(float64(peakLive)), bytesText(float64(limit)))
	var failed []string
	for _, a := range h.Failed() {
		failed = append(failed, a.Name())
		want := "memory limit of " + bytesText(float64(limit)) + " exceeded (task Hog; tick of agent " + a.Name() + ", " + path + " factory return value 1)"
		if !strings.HasSuffix(a.Err().Error(), want) {
			t.Errorf("%s's error %v; want it to end %q", a.Name(), a.Err(), want)
		}
	}
	if strings.Join(failed, ",") != "hog1,hog2" || err == nil {
		t.Errorf("failed %v, tick error %v; want hog1 and hog2 stopped", failed, err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Errorf("next tick: %v", err)
	}
}

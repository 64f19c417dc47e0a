package inspect

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath is where Debian's chromium package installs the browser
// (.ci/run installs it when missing).
const chromiumPath = "/usr/bin/chromium"

// The inspector's page in a real headless Chromium, over a host ticking
// at 30 Hz on its own goroutine: the tree is an SVG graph laid out
// top-down, the selected agent's running path is highlighted in it, a blackboard value updates, Pause holds the tick count,
// Step advances it by exactly one, an edit from the page reaches the
// blackboard, and a breakpoint on a task's start stops the run there.
// The screenshot goes to $BTLUA_SCREENSHOT when set (the README's
// picture). Without Chromium the test fails: it never skips. It runs on
// the classic host and once more on a sharded one (Options.Shards 2),
// whose pause, step and breakpoint act between frames.
func TestBrowser(t *testing.T) {
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards %d", shards), func(t *testing.T) { browserRun(t, shards) })
	}
}

// browserRun is TestBrowser on a host of shards Lua states.
func browserRun(t *testing.T, shards int) {
	if _, err := exec.LookPath(chromiumPath); err != nil {
		t.Fatalf("Chromium is needed at %s for the browser test (apt-get install -y chromium; .ci/run does it): %v", chromiumPath, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	// The host lives on its own goroutine, as in a game.
	addrc := make(chan string, 1)
	ticking := make(chan struct{})
	// calls holds the host's tick count after its latest Tick call (a
	// paused host's calls make no tick).
	calls := make(chan uint64, 1)
	go func() {
		defer close(ticking)
		// The enemy is seen at step 1000 only, which the ticks alone do not
		// reach within the test's 30 s (900 ticks), however long the
		// browser takes to start: the edit below brings it near.
		h := newGuardHostShards(t, 1000, shards)
		defer h.Close()
		_, addr, err := Serve(ctx, h, "127.0.0.1:0")
		if err != nil {
			t.Error(err)
			addrc <- ""
			return
		}
		addrc <- addr.String()
		tk := time.NewTicker(time.Second / 30)
		defer tk.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				h.Tick(1.0 / 30)
				n := h.Ticks()
				select {
				case <-calls: // not taken: replaced by the latest
				default:
				}
				calls <- n
			}
		}
	}()
	defer func() { cancel(); <-ticking }()
	addr := <-addrc
	if addr == "" {
		t.FailNow()
	}

	bctx, closeBrowser := newChromium(t, ctx, nil)
	defer closeBrowser()

	text := func(sel string) string {
		t.Helper()
		// The page re-renders its tables as events arrive: a node found
		// may be replaced before its text is read, so try again.
		var err error
		for range 20 {
			var s string
			if s, err = chromedp.Run(bctx, chromedp.Text(chromedp.CSS(sel))); err == nil {
				return strings.TrimSpace(s)
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("text of %s: %v", sel, err)
		return ""
	}
	tickNow := func() int {
		n, err := strconv.Atoi(text("#tick"))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// ticksAfter waits for the host's next k Tick calls and returns its
	// tick count after them.
	ticksAfter := func(k int) uint64 {
		t.Helper()
		var n uint64
		for range k {
			select {
			case n = <-calls:
			case <-ctx.Done():
				t.Fatal("the host stopped ticking")
			}
		}
		return n
	}
	// waitFor polls cond until it holds (or the test's time runs out).
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(8 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				// What the page showed, to tell why.
				shown, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`JSON.stringify({
					tick: $("tick").textContent, run: $("runstate").textContent, hit: $("hit").textContent,
					vars: [...document.querySelectorAll("#vars tr")].map(r => r.textContent),
					running: [...document.querySelectorAll("#graph g.node.running")].map(e => e.dataset.path),
					breakpoints: document.querySelectorAll("#graph .bp.on").length})`))
				t.Fatalf("waited in vain for %s; the page showed %s", what, shown)
			}
			time.Sleep(30 * time.Millisecond)
		}
	}

	if err := chromedp.Do(bctx, chromedp.Navigate("http://"+addr+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#agents li[data-id="1"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#graph g.node.running[data-path="Root/Patrol[2]/Wander[2]"]`))); err != nil {
		t.Fatalf("page: %v", err)
	}
	// The tree is an SVG graph: one box per task, laid out top-down
	// (children below their parent, parents centred over their
	// children); the running path (Root, Patrol and Wander, nothing else)
	// is highlighted: its boxes filled with the running colour and the
	// edges between them drawn in it.
	running, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#graph g.node.running")].map(e => e.dataset.path)`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(running, ",") != "Root,Root/Patrol[2],Root/Patrol[2]/Wander[2]" {
		t.Errorf("highlighted running path %q", running)
	}
	graph, err := chromedp.Run(bctx, chromedp.Evaluate[map[string]any](`(() => {
		const box = p => document.querySelector('#graph g.node[data-path="' + p + '"]').getBoundingClientRect();
		const fill = p => getComputedStyle(document.querySelector('#graph g.node[data-path="' + p + '"] rect.box')).fill;
		const root = box("Root"), fight = box("Root/Fight[1]"), patrol = box("Root/Patrol[2]"), wander = box("Root/Patrol[2]/Wander[2]");
		return {
			nodes: document.querySelectorAll("#graph g.node").length,
			runningEdges: document.querySelectorAll("#graph path.edge.running").length,
			edges: document.querySelectorAll("#graph path.edge").length,
			wanderFill: fill("Root/Patrol[2]/Wander[2]"), fightFill: fill("Root/Fight[1]"),
			childrenBelow: fight.top > root.bottom && wander.top > patrol.bottom,
			rootCentred: Math.abs((root.left + root.right) / 2 - ((fight.left + fight.right) / 2 + (patrol.left + patrol.right) / 2) / 2) < 1,
			siblingsApart: fight.right < patrol.left,
		};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"nodes": 7.0, "edges": 6.0, "runningEdges": 2.0, "wanderFill": "rgb(46, 157, 70)",
		"fightFill": "rgb(243, 192, 192)", "childrenBelow": true, "rootCentred": true, "siblingsApart": true}
	if fmt.Sprint(graph) != fmt.Sprint(want) {
		t.Errorf("graph %v\nwant  %v", graph, want)
	}
	steps := func() int {
		// A cell caught while the table re-renders can read empty: read
		// again.
		var err error
		for range 20 {
			var n int
			if n, err = strconv.Atoi(text(`#vars tr[data-var="steps"] .value`)); err == nil {
				return n
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatal(err)
		return 0
	}
	first := steps()
	waitFor("the blackboard's steps to update", func() bool { return steps() > first })

	// Pause holds the ticks; Step makes exactly one.
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.CSS("#pause"))); err != nil {
		t.Fatal(err)
	}
	waitFor("paused", func() bool { return text("#runstate") == "paused" })
	ticksAfter(2) // a tick under way when Pause came ends
	held := ticksAfter(1)
	if n := ticksAfter(10); n != held {
		t.Fatalf("paused, yet 10 Tick calls took the host from tick %d to %d", held, n)
	}
	waitFor(fmt.Sprintf("the page to show tick %d", held), func() bool { return tickNow() == int(held) })
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.CSS("#step"))); err != nil {
		t.Fatal(err)
	}
	waitFor("the step", func() bool { return tickNow() != int(held) })
	if n := ticksAfter(10); n != held+1 {
		t.Fatalf("one step, then 10 Tick calls, took the host from tick %d to %d", held, n)
	}
	if n := tickNow(); n != int(held)+1 {
		t.Fatalf("one step went from tick %d to %d on the page", held, n)
	}

	// An edit from the page, carried out between two ticks while paused.
	if err := chromedp.Do(bctx,
		chromedp.SetValue(chromedp.CSS("#setname"), "steps"),
		chromedp.SetValue(chromedp.CSS("#setvalue"), "995"),
		chromedp.Click(chromedp.CSS("#setbtn"))); err != nil {
		t.Fatal(err)
	}
	waitFor("the edited steps", func() bool { return steps() == 995 })

	// A breakpoint on Attack's start: the enemy is seen at step 1000, the
	// abort starts Attack on the next tick, and the run stops there.
	if err := chromedp.Do(bctx,
		chromedp.Click(chromedp.CSS(`.node[data-path="Root/Fight[1]/Attack[2]"] .bp-start`)),
		chromedp.WaitVisible(chromedp.CSS(`.node[data-path="Root/Fight[1]/Attack[2]"] .bp-start.on`)),
		chromedp.Click(chromedp.CSS("#resume"))); err != nil {
		t.Fatal(err)
	}
	waitFor("the breakpoint", func() bool { return strings.Contains(text("#hit"), "Root/Fight[1]/Attack[2] start") })
	if err := chromedp.Do(bctx, chromedp.WaitVisible(chromedp.CSS(`#graph g.node.running.hit[data-path="Root/Fight[1]/Attack[2]"]`))); err != nil {
		t.Fatal(err)
	}
	stopped := tickNow()
	if want := fmt.Sprintf("at tick %d", stopped); !strings.Contains(text("#hit"), want) || text("#runstate") != "paused" {
		t.Errorf("hit %q, state %q; want the run paused %s", text("#hit"), text("#runstate"), want)
	}
	// Steps 996..1000 took five ticks after the edit's tick, the abort one more.
	if s := steps(); s != 1001 {
		t.Errorf("steps at the breakpoint = %d, want 1001 (Attack walked once)", s)
	}
	if n := ticksAfter(10); n != uint64(stopped) {
		t.Errorf("stopped at a breakpoint at tick %d, yet 10 Tick calls took the host to tick %d", stopped, n)
	}

	png, err := chromedp.Run(bctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	out := os.Getenv("BTLUA_SCREENSHOT")
	if out == "" || shards != 0 {
		out = t.TempDir() + "/inspector.png"
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

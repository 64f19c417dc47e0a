package inspect

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/chromedp/chromedp"
)

// labelsBTAI is a BTAI tree of 15 nodes whose functions are named.
const labelsBTAI = `
local function IsHungry() return true end
local function Eat() end
local function Look() end
local root = BT.Root()
root:OpenBranch(
	BT.Sequence():OpenBranch(BT.Condition(IsHungry), BT.Call(Eat), BT.Call(Look), BT.Call(Eat)),
	BT.Sequence():OpenBranch(BT.Call(Look), BT.Call(Eat), BT.Call(Look), BT.Call(Eat)),
	BT.Selector():OpenBranch(BT.Call(Look), BT.Call(Eat), BT.Call(Look), BT.Wait(1))
)
local tree = BTBehaviorTree:New()
tree.name = "brain"
tree:SetStartTask(root)
return tree`

// labelsReplay records 4 ticks of a guard whose Patrol an abort ends at
// tick 4 (agent 1), the woodcutter carrying out its second plan (agent 2)
// and the BTAI tree of labelsBTAI (agent 3), and serves their replay.
func labelsReplay(t *testing.T) *httptest.Server {
	t.Helper()
	h, err := host.New(host.Options{Stdout: io.Discard, BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("ENEMY_AT", 2)
	brain := filepath.Join(t.TempDir(), "brain.lua")
	if err := os.WriteFile(brain, []byte(labelsBTAI), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"testdata/guard.lua", "testdata/woodcutter.lua", brain} {
		if _, err := h.LoadFile(f); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	r, err := NewRecorder(h, &buf, Header{DT: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	tick(t, h, 4)
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	rec, err := ReadRecording(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return httptest.NewServer(NewReplay(rec).Handler())
}

// The page's labels in a real headless Chromium, over a replay (no
// clicks needed for the first view: it comes with the page). Opened
// plain, it shows the first agent at once, by its load event (as a
// `chromium --headless --screenshot` takes it) and with ?agent=1 in
// the address; the tasks the abort ended read Ended, not Running; the
// "Set variable" form is hidden (a replay refuses edits). Agent 2's
// GOAP task boxes name BTGoapAgentTask, its plan is numbered from 1 and
// the world state the planner used is shown with it. Switching agents
// and back keeps who wrote each variable. ?agent=3 opens the BTAI tree,
// its nodes named by the script's functions, at a readable zoom.
func TestBrowserLabels(t *testing.T) {
	srv := labelsReplay(t)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bctx, closeIt := newChromium(t, ctx, nil)
	defer closeIt()

	check := func(what, js string, want map[string]any) {
		t.Helper()
		got, err := chromedp.Run(bctx, chromedp.Evaluate[map[string]any](js))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s:\ngot  %v\nwant %v", what, got, want)
		}
	}
	if err := chromedp.Do(bctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	// Navigate returns at the load event: what a screenshot then shows.
	check("the plain page at its load event", `(() => {
		const q = s => document.querySelector(s);
		const patrol = q('#graph g.node[data-path="Root/Patrol[2]"]');
		return {
			selected: q("#agents li.selected") ? q("#agents li.selected").dataset.id : "none",
			address: location.search,
			title: q("#agenttitle").textContent,
			nodes: document.querySelectorAll("#graph g.node").length,
			patrol: patrol.querySelector("text.kind").textContent,
			patrolClass: patrol.getAttribute("class"),
			wander: q('#graph g.node[data-path="Root/Patrol[2]/Wander[2]"] text.kind').textContent,
			setform: getComputedStyle(q("#setform")).display,
			enemyBy: q('#vars tr[data-var="enemy"] .writer').textContent,
		};
	})()`, map[string]any{"selected": "1", "address": "?agent=1", "title": "#1 guard — testdata/guard.lua — Running", "nodes": 7.0,
		"patrol": "BTSequence · Ended", "patrolClass": "node status-Ended", "wander": "Walk · Ended",
		"setform": "none", "enemyBy": "by Root/Patrol[2]/Wander[2]"})

	if err := chromedp.Do(bctx, chromedp.Click(chromedp.CSS(`#agents li[data-id="2"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#graph g.node[data-path="Root/Try[1]"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#goap .world`))); err != nil {
		t.Fatal(err)
	}
	check("agent 2, the woodcutter", `(() => {
		const q = s => document.querySelector(s);
		return {
			address: location.search,
			try: q('#graph g.node[data-path="Root/Try[1]"] text.kind').textContent,
			retry: q('#graph g.node[data-path="Root/Retry[2]"] text.kind').textContent,
			planStart: q("#goap ol.plan").start,
			steps: [...document.querySelectorAll("#goap ol.plan li")].map(li => li.textContent).join(" | "),
			world: q("#goap .world").textContent,
		};
	})()`, map[string]any{"address": "?agent=2", "try": "BTGoapAgentTask · Failure", "retry": "BTGoapAgentTask · Running",
		"planStart": 1.0, "steps": "GetAxe (cost 2) | ChopLog (cost 4) — running", "world": "planned from {hasAxe=false, logs=0}"})

	if err := chromedp.Do(bctx, chromedp.Click(chromedp.CSS(`#agents li[data-id="1"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#graph g.node[data-path="Root/Patrol[2]"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#vars tr[data-var="enemy"] .writer`))); err != nil {
		t.Fatal(err)
	}
	check("back to agent 1", `(() => ({
		enemyBy: document.querySelector('#vars tr[data-var="enemy"] .writer').textContent,
		stepsBy: document.querySelector('#vars tr[data-var="steps"] .writer').textContent,
	}))()`, map[string]any{"enemyBy": "by Root/Patrol[2]/Wander[2]", "stepsBy": "by Root/Fight[1]/Attack[2]"})

	if err := chromedp.Do(bctx, chromedp.Navigate(srv.URL+"/?agent=3")); err != nil {
		t.Fatal(err)
	}
	check("?agent=3, the BTAI tree", `(() => {
		const q = s => document.querySelector(s);
		const svg = q("#graph");
		return {
			selected: q("#agents li.selected").dataset.id,
			nodes: document.querySelectorAll("#graph g.node").length,
			hungry: q('#graph g.node[data-path="BT.Root/Sequence[1]/IsHungry[1]"] text.name').textContent,
			eat: q('#graph g.node[data-path="BT.Root/Sequence[2]/Eat[2]"] text.name').textContent,
			readable: svg.getBoundingClientRect().width / svg.viewBox.baseVal.width >= 0.79,
			rootShown: (() => { const r = q('#graph g.node[data-path="BT.Root"]').getBoundingClientRect(), b = q("#treebox").getBoundingClientRect();
				return r.left >= b.left && r.right <= b.right; })(),
		};
	})()`, map[string]any{"selected": "3", "nodes": 16.0, "hungry": "IsHungry", "eat": "Eat", "readable": true, "rootShown": true})
}

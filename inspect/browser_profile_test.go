package inspect

import (
	"context"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The inspector's page in headless Chromium over a host ticking at 30 Hz
// with the profiler on: the "Hottest tasks" panel shows, listing the
// guard's task paths, and the graph outlines the hottest (at most five,
// each one of the panel's paths; the guard's seven all fit in the
// panel's ten rows, so a graph drawn before the panel's last refresh
// still passes). Without Chromium the test fails, as
// TestBrowser does.
func TestBrowserProfile(t *testing.T) {
	if _, err := exec.LookPath(chromiumPath); err != nil {
		t.Fatalf("Chromium is needed at %s for the browser test (apt-get install -y chromium): %v", chromiumPath, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	addrc := make(chan string, 1)
	ticking := make(chan struct{})
	go func() {
		defer close(ticking)
		h := newGuardHost(t, 1000)
		defer h.Close()
		h.StartProfile(nil)
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

	if err := chromedp.Do(bctx, chromedp.Navigate("http://"+addr+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#profbox`)),
		chromedp.WaitVisible(chromedp.CSS(`#prof tr`)),
		chromedp.WaitVisible(chromedp.CSS(`#graph g.node.hot`))); err != nil {
		t.Fatalf("page: %v", err)
	}
	shown, err := chromedp.Run(bctx, chromedp.Evaluate[map[string][]string](`({
		panel: [...document.querySelectorAll("#prof tr")].map(r => r.children[0].textContent),
		hot: [...document.querySelectorAll("#graph g.node.hot")].map(e => e.dataset.path),
	})`))
	if err != nil {
		t.Fatal(err)
	}
	panel, hot := shown["panel"], shown["hot"]
	if !slices.Contains(panel, "Root/Patrol[2]/Wander[2]") || !slices.Contains(panel, "Root") {
		t.Errorf("the panel lists %q, want the guard's paths (Root, Root/Patrol[2]/Wander[2], ...)", panel)
	}
	if len(hot) == 0 || len(hot) > 5 {
		t.Errorf("outlined in the graph: %q, want one to five tasks", hot)
	}
	for _, p := range hot {
		if !slices.Contains(panel, p) {
			t.Errorf("%s is outlined but not in the panel %q", p, panel)
		}
	}
}

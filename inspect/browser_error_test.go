package inspect

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/chromedp/chromedp"
)

// The page of an agent stopped by an error, in headless Chromium: the
// tasks under way when it came are drawn as errors, none as running,
// the failing task's box tells the error, and the agent list and title
// give the status Error and the message.
func TestBrowserError(t *testing.T) {
	if _, err := exec.LookPath(chromiumPath); err != nil {
		t.Fatalf("Chromium is needed at %s for the browser test (apt-get install -y chromium; .ci/run does it): %v", chromiumPath, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	addrc := make(chan string, 1)
	ticking := make(chan struct{})
	go func() {
		defer close(ticking)
		h := newFaultyHost(t, 1, host.ErrorPolicy{Action: host.StopAgent})
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
	work := `#graph g.node.status-Error[data-path="Root/Work[2]"]`
	if err := chromedp.Do(bctx, chromedp.Navigate("http://"+addr+"/"), chromedp.WaitVisible(chromedp.CSS(work)),
		chromedp.WaitVisible(chromedp.CSS(`#agents li[data-id="1"]`))); err != nil {
		t.Fatalf("page: %v", err)
	}
	// The list is fetched every second: the first one may predate the
	// error. Wait (in the page, at each DOM change) for it to say Error;
	// the comparison below names what it said if it never did.
	_, _ = chromedp.Run(bctx, chromedp.Poll[bool](`document.querySelector('#agents li[data-id="1"] .st')?.textContent === "Error"`,
		chromedp.WithPollingMutation(), chromedp.WithPollingTimeout(10*time.Second)))
	got, err := chromedp.Run(bctx, chromedp.Evaluate[map[string]any](`(() => ({
		errors: [...document.querySelectorAll("#graph g.node.status-Error")].map(e => e.dataset.path).join(","),
		running: document.querySelectorAll("#graph g.node.running").length,
		title: document.querySelector('#graph g.node[data-path="Root/Work[2]"] > title').textContent,
		list: document.querySelector('#agents li[data-id="1"] .st').textContent,
		agenterror: document.getElementById("agenterror").textContent,
	}))()`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"errors": "Root,Root/Work[2]", "running": 0.0, "title": "Root/Work[2]\nerror: " + faultyErr,
		"list": "Error", "agenterror": faultyErr}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %q, want %q", k, got[k], w)
		}
	}
}

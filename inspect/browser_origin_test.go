package inspect

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// seenRequest is a request the inspector answered, as the test's
// middleware saw it.
type seenRequest struct {
	method, path string
	status       int
}

// statusWriter keeps the status of an answer.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(p)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// attackPage is a page of another origin that tries to drive the
// inspector at target: no-cors fetches of text/plain bodies (sent
// without a preflight), a CORS fetch with JSON and a guessed token (which
// needs a preflight), a read of the inspector's page for its token, and a
// text/plain form whose body is a pause command. It puts what each gave
// in window.results.
const attackPage = `<!doctype html><html><body>
<form id="f" method="POST" action="TARGET/api/command" enctype="text/plain" target="sink">
<input name='{"cmd":"pause","x":"' value='"}'></form>
<iframe name="sink"></iframe>
<script>
const u = "TARGET/api/command", results = [];
(async () => {
  for (const body of ['{"cmd":"pause"}', '{"cmd":"set","agent":1,"name":"mood","value":"evil"}']) {
    try { const r = await fetch(u, {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body}); results.push("no-cors " + r.type); }
    catch (e) { results.push("no-cors failed"); }
  }
  try { await fetch(u, {method: "POST", headers: {"Content-Type": "application/json", "X-Btlua-Token": "guess"}, body: '{"cmd":"pause"}'}); results.push("cors sent"); }
  catch (e) { results.push("cors blocked"); }
  try { const r = await fetch("TARGET/"); results.push("page read " + (await r.text()).length); }
  catch (e) { results.push("page read blocked"); }
  const sink = document.querySelector("iframe");
  await new Promise(done => { sink.onload = done; document.getElementById("f").submit(); });
  window.results = results;
})();
</script></body></html>`

// newChromium starts a headless Chromium with the browser tests' options
// and flags (nil for none); closeIt ends it (before the servers it reaches close, else
// their Close waits for its connections).
func newChromium(t *testing.T, ctx context.Context, flags map[string]any) (bctx context.Context, closeIt func()) {
	t.Helper()
	if _, err := exec.LookPath(chromiumPath); err != nil {
		t.Fatalf("Chromium is needed at %s for the browser test (apt-get install -y chromium; .ci/run does it): %v", chromiumPath, err)
	}
	opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(chromiumPath), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true), chromedp.WindowSize(1280, 720)}
	for k, v := range flags {
		opts = append(opts, chromedp.Flag(k, v))
	}
	// A Chromium that exits as it starts ("chrome failed to start", seen
	// now and then on a busy machine) is started again, three times at
	// most; any other error, or a third such exit, fails the test.
	var err error
	for range 3 {
		actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		if err = chromedp.Do(bctx); err == nil {
			return bctx, func() { bcancel(); acancel() }
		}
		bcancel()
		acancel()
		if !strings.Contains(err.Error(), "chrome failed to start") {
			break
		}
	}
	t.Fatalf("Chromium did not start: %v", err)
	return nil, nil
}

// A page served from another origin (another port of this machine), in a
// real Chromium, tries to pause the run and set a variable every way a
// page can without the inspector's help: every request that reaches the
// inspector is refused (403), the run goes on and the variable is not
// set. A name that resolves to 127.0.0.1 (DNS rebinding) gets a 403 for
// the page itself. The inspector's own page still pauses the run.
func TestBrowserCrossOriginRefused(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	h := newGuardHost(t, 1000)
	defer h.Close()
	in := Attach(h)
	in.WatchAgents(1)
	tick(t, h, 3)
	var mu sync.Mutex
	var seen []seenRequest
	handler := in.Handler()
	insp := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		handler.ServeHTTP(sw, r)
		mu.Lock()
		seen = append(seen, seenRequest{r.Method, r.URL.Path, sw.status})
		mu.Unlock()
	}))
	defer insp.Close()
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, strings.ReplaceAll(attackPage, "TARGET", insp.URL))
	}))
	defer evil.Close()
	stop := tickOn(t, h)
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()

	bctx, closeBrowser := newChromium(t, ctx, map[string]any{"host-resolver-rules": "MAP evil.example 127.0.0.1"})
	defer closeBrowser()
	if err := chromedp.Do(bctx, chromedp.Navigate(evil.URL)); err != nil {
		t.Fatalf("the attacking page: %v", err)
	}
	results, err := chromedp.Run(bctx, chromedp.Poll[[]string]("window.results", chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil {
		t.Fatalf("the attacking page: %v", err)
	}
	if got := strings.Join(results, ", "); got != "no-cors opaque, no-cors opaque, cors blocked, page read blocked" {
		t.Errorf("the attacking page's requests: %s", got)
	}
	// DNS rebinding: evil.example now names 127.0.0.1.
	u, _ := url.Parse(insp.URL)
	rebound, err := "", chromedp.Do(bctx, chromedp.Navigate("http://evil.example:"+u.Port()+"/"))
	if err == nil {
		rebound, err = chromedp.Run(bctx, chromedp.Text(chromedp.CSS("body")))
	}
	if want := `inspector: refused: Host "evil.example:` + u.Port() + `" is not this inspector's address`; err != nil || !strings.HasPrefix(rebound, want) {
		t.Errorf("the inspector's page at evil.example: %q (%v), want %q...", rebound, err, want)
	}
	stop()
	stopped = true

	mu.Lock()
	var commands []string
	for _, s := range seen {
		if s.path != "/favicon.ico" {
			commands = append(commands, fmt.Sprintf("%s %s %d", s.method, s.path, s.status))
		}
	}
	mu.Unlock()
	// The two no-cors fetches, the preflight of the CORS fetch (the fetch
	// itself never sent), the page read (a CORS GET, with the attacker's
	// Origin), the form; then the rebound page.
	want := "POST /api/command 403, POST /api/command 403, OPTIONS /api/command 403, GET / 403, POST /api/command 403, GET / 403"
	if got := strings.Join(commands, ", "); got != want {
		t.Errorf("requests the inspector answered:\n%s\nwant\n%s", got, want)
	}
	ticks := h.Ticks()
	var s State
	getJSON(t, insp.URL+"/api/state", &s)
	if s.Paused || ticks < 4 {
		t.Errorf("after the attack: paused %v, %d ticks; want running", s.Paused, ticks)
	}
	if v := h.Agents()[0].Get("mood"); v != nil {
		t.Errorf("mood = %v after the attack, want it not set", v)
	}

	// The inspector's own page drives it.
	stop = tickOn(t, h)
	stopped = false
	if err := chromedp.Do(bctx, chromedp.Navigate(insp.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#agents li[data-id="1"]`)),
		chromedp.Click(chromedp.CSS("#pause"))); err != nil {
		t.Fatalf("the inspector's page: %v", err)
	}
	if _, err := chromedp.Run(bctx, chromedp.Poll[bool](`document.getElementById("runstate").textContent === "paused"`)); err != nil {
		t.Fatalf("the inspector's page after Pause: %v", err)
	}
	getJSON(t, insp.URL+"/api/state", &s)
	if !s.Paused {
		t.Errorf("the page's pause: %+v", s)
	}
}

package inspect

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// newLiveServer attaches an inspector to a guard host (the enemy at step
// 1000), serves it with httptest and ticks the host 3 times.
func newLiveServer(t *testing.T) (*Inspector, *httptest.Server, func(n int)) {
	t.Helper()
	h := newGuardHost(t, 1000)
	t.Cleanup(func() { h.Close() })
	in := Attach(h)
	in.WatchAgents(1)
	srv := httptest.NewServer(in.Handler())
	t.Cleanup(srv.Close)
	tick(t, h, 3)
	return in, srv, func(n int) { tick(t, h, n) }
}

// get sends a GET of path to srv with Host host ("" keeps the URL's) and
// Origin origin (none when ""), returning the status and body.
func get(t *testing.T, srv *httptest.Server, path, host, origin string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// A page of another origin posting text/plain (what a cross-origin form
// or a no-cors fetch can send) is refused: the run is not paused and the
// variable not set, whether or not the request carries the token.
func TestCrossOriginCommandRefused(t *testing.T) {
	in, srv, ticks := newLiveServer(t)
	token := pageToken(t, srv.URL)
	evil := "http://evil.example"
	for _, c := range []struct {
		hdr  map[string]string
		body string
		code int
		want string
	}{
		{map[string]string{"Origin": evil, "Content-Type": "text/plain"}, `{"cmd":"pause"}`, 403, `Origin "http://evil.example" is not the inspector's page`},
		{map[string]string{"Origin": evil, "Content-Type": "text/plain"}, `{"cmd":"set","agent":1,"name":"mood","value":"evil"}`, 403, `Origin "http://evil.example" is not the inspector's page`},
		{map[string]string{"Content-Type": "text/plain"}, `{"cmd":"pause"}`, 403, `no X-Btlua-Token header`},
		{map[string]string{"Origin": evil, "Content-Type": "application/json", TokenHeader: token}, `{"cmd":"pause"}`, 403, `Origin "http://evil.example" is not the inspector's page`},
		// Another port of this machine is another origin too.
		{map[string]string{"Origin": "http://127.0.0.1:1", "Content-Type": "application/json", TokenHeader: token}, `{"cmd":"pause"}`, 403, `Origin "http://127.0.0.1:1" is not the inspector's page`},
		{map[string]string{"Origin": "null", "Content-Type": "application/json", TokenHeader: token}, `{"cmd":"pause"}`, 403, `Origin "null" is not the inspector's page`},
	} {
		code, body := sendCommand(t, srv.URL, c.body, c.hdr)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%v %s: %d %q, want %d %q", c.hdr, c.body, code, body, c.code, c.want)
		}
	}
	ticks(2)
	if n := in.h.Ticks(); n != 5 {
		t.Errorf("after the refused pause the host made %d ticks, want 5 (not paused)", n)
	}
	if v := in.h.Agents()[0].Get("mood"); v != nil {
		t.Errorf("mood = %v after a refused set, want it not set", v)
	}
	// The page's own origin, with the token, is obeyed.
	u, _ := url.Parse(srv.URL)
	for _, origin := range []string{srv.URL, "http://localhost:" + u.Port()} {
		code, body := sendCommand(t, srv.URL, `{"cmd":"pause"}`, map[string]string{"Origin": origin, "Content-Type": "application/json", TokenHeader: token})
		if code != 200 || !strings.Contains(body, `"paused":true`) {
			t.Errorf("pause from %s: %d %s", origin, code, body)
		}
	}
	// A GET from another origin is refused too.
	if code, body := get(t, srv, "/api/state", "", evil); code != 403 || !strings.Contains(body, `Origin "http://evil.example"`) {
		t.Errorf("GET /api/state from evil.example: %d %q", code, body)
	}
}

// A request whose Host is not the inspector's address (DNS rebinding:
// evil.example resolving to 127.0.0.1) is refused on every endpoint.
func TestRebindingHostRefused(t *testing.T) {
	in, srv, ticks := newLiveServer(t)
	token := pageToken(t, srv.URL)
	u, _ := url.Parse(srv.URL)
	port := u.Port()
	want := `inspector: refused: Host "evil.example:8750" is not this inspector's address (want 127.0.0.1:` + port + ", localhost:" + port + " or [::1]:" + port + ")\n"
	for _, path := range []string{"/", "/api/state", "/api/agents", "/api/agent?id=1", "/api/stream?agent=1"} {
		if code, body := get(t, srv, path, "evil.example:8750", ""); code != 403 || body != want {
			t.Errorf("GET %s with Host evil.example:8750: %d %q, want 403 %q", path, code, body, want)
		}
	}
	for _, host := range []string{"evil.example:8750", "evil.example:" + port, "127.0.0.2:" + port, "localhost:1", "localhost"} {
		code, body := sendCommand(t, srv.URL, `{"cmd":"pause"}`, map[string]string{"Host": host, "Content-Type": "application/json", TokenHeader: token})
		if code != 403 || !strings.Contains(body, `refused: Host "`+host+`"`) {
			t.Errorf("POST with Host %s: %d %q", host, code, body)
		}
	}
	ticks(1)
	if n := in.h.Ticks(); n != 4 {
		t.Errorf("the host made %d ticks, want 4 (not paused)", n)
	}
	for _, host := range []string{"127.0.0.1:" + port, "localhost:" + port, "LocalHost:" + port, "[::1]:" + port, "0.0.0.0:" + port, "[::]:" + port} {
		if code, body := get(t, srv, "/api/state", host, ""); code != 200 || !strings.Contains(body, `"mode":"live"`) {
			t.Errorf("GET /api/state with Host %s: %d %q", host, code, body)
		}
	}

	// The name the inspector was asked to listen at (--inspect=mybox:8750)
	// is accepted once allowed, with the same token; only it.
	if code, _ := get(t, srv, "/api/state", "mybox:"+port, ""); code != 403 {
		t.Errorf("Host mybox before AllowHosts: %d, want 403", code)
	}
	named := httptest.NewServer(AllowHosts(in.Handler(), "MyBox"))
	defer named.Close()
	nu, _ := url.Parse(named.URL)
	namedToken := pageToken(t, named.URL)
	code, body := sendCommand(t, named.URL, `{"cmd":"pause"}`, map[string]string{"Host": "mybox:" + nu.Port(), "Origin": "http://mybox:" + nu.Port(),
		"Content-Type": "application/json", TokenHeader: namedToken})
	if code != 200 || !strings.Contains(body, `"paused":true`) {
		t.Errorf("pause with Host mybox after AllowHosts: %d %q", code, body)
	}
	if code, _ := get(t, named, "/api/state", "otherbox:"+nu.Port(), ""); code != 403 {
		t.Errorf("Host otherbox after AllowHosts(mybox): %d, want 403", code)
	}
}

// A command needs the token of the handler it reaches: none, a wrong one
// or another handler's is refused.
func TestCommandTokenRequired(t *testing.T) {
	in, srv, ticks := newLiveServer(t)
	other := httptest.NewServer(in.Handler()) // another run's page
	defer other.Close()
	otherToken := pageToken(t, other.URL)
	token := pageToken(t, srv.URL)
	if token == otherToken || len(token) != 32 {
		t.Fatalf("tokens %q and %q: want two different 32-digit tokens", token, otherToken)
	}
	for _, c := range []struct{ token, want string }{
		{"", "inspector: refused: no X-Btlua-Token header (the token is in the page's <meta name=\"btlua-token\">)\n"},
		{"0123", "inspector: refused: wrong X-Btlua-Token (the token is in the page's <meta name=\"btlua-token\">; it changes with each run)\n"},
		{otherToken, "inspector: refused: wrong X-Btlua-Token (the token is in the page's <meta name=\"btlua-token\">; it changes with each run)\n"},
	} {
		hdr := map[string]string{"Content-Type": "application/json"}
		if c.token != "" {
			hdr[TokenHeader] = c.token
		}
		if code, body := sendCommand(t, srv.URL, `{"cmd":"pause"}`, hdr); code != 403 || body != c.want {
			t.Errorf("token %q: %d %q, want 403 %q", c.token, code, body, c.want)
		}
	}
	ticks(1)
	if n := in.h.Ticks(); n != 4 {
		t.Errorf("the host made %d ticks, want 4 (not paused)", n)
	}
	if s := postCommand(t, srv.URL, `{"cmd":"pause"}`); !s.Paused {
		t.Errorf("pause with the token: %+v", s)
	}
}

// A command's body is one JSON object of known fields, as
// application/json, at most 64 KiB: anything else is refused, the run
// untouched.
func TestCommandBodyRefused(t *testing.T) {
	in, srv, ticks := newLiveServer(t)
	token := pageToken(t, srv.URL)
	for _, c := range []struct {
		ctype, body string
		code        int
		want        string
	}{
		{"text/plain", `{"cmd":"pause"}`, 415, "bad command: Content-Type \"text/plain\", want application/json\n"},
		{"", `{"cmd":"pause"}`, 415, "bad command: Content-Type \"\", want application/json\n"},
		{"application/x-www-form-urlencoded", `cmd=pause`, 415, "bad command: Content-Type \"application/x-www-form-urlencoded\", want application/json\n"},
		{"application/json", `{"cmd":"pause"} {"cmd":"resume"}`, 400, "bad command: data after the JSON object at byte 16\n"},
		{"application/json", `{"cmd":"pause"}garbage`, 400, "bad command: data after the JSON object at byte 15\n"},
		{"application/json", `{"cmd":"pause"}}`, 400, "bad command: data after the JSON object at byte 15\n"},
		{"application/json", `{"cmd":"pause","evil":1}`, 400, "bad command: json: unknown field \"evil\"\n"},
		{"application/json", `{"cmd":"pause"`, 400, "bad command: unexpected EOF\n"},
		{"application/json", `["pause"]`, 400, "bad command: want one JSON object such as {\"cmd\":\"pause\"}\n"},
		{"application/json", ``, 400, "bad command: want one JSON object such as {\"cmd\":\"pause\"}\n"},
		{"application/json", `{"cmd":"pause","agent":"1"}`, 400, "bad command: json: cannot unmarshal string into Go struct field Command.agent of type int\n"},
		{"application/json", `{"cmd":"set","agent":1,"name":"x","value":"` + strings.Repeat("a", 70000) + `"}`, 413, "bad command: the body is over the 65536 bytes a command may have\n"},
	} {
		code, body := sendCommand(t, srv.URL, c.body, map[string]string{"Content-Type": c.ctype, TokenHeader: token})
		if code != c.code || body != c.want {
			short := c.body
			if len(short) > 60 {
				short = short[:60] + "..."
			}
			t.Errorf("%s %s: %d %q, want %d %q", c.ctype, short, code, body, c.code, c.want)
		}
	}
	ticks(1)
	if n := in.h.Ticks(); n != 4 {
		t.Errorf("the host made %d ticks, want 4 (not paused)", n)
	}
	if v := in.h.Agents()[0].Get("x"); v != nil {
		t.Errorf("x = %v, want it not set", v)
	}
	// With a charset, and white space after the object, it is obeyed.
	code, body := sendCommand(t, srv.URL, "{\"cmd\":\"pause\"}\n", map[string]string{"Content-Type": "application/json; charset=utf-8", TokenHeader: token})
	if code != 200 || !strings.Contains(body, `"paused":true`) {
		t.Errorf("pause: %d %s", code, body)
	}
}

package inspect

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// TokenHeader is the request header that carries the inspector's token on
// POST /api/command. The token is made at random for each handler (each
// Serve, Attach's Handler, each replay) and given to the page in its
// index.html (<meta name="btlua-token" content="...">); a client that is
// not the page (curl, a script) reads it from there. A page of another
// origin can neither read the token (the same-origin policy) nor send a
// custom header without a CORS preflight, which the inspector never
// answers, so a cross-origin form or text/plain POST is refused.
const TokenHeader = "X-Btlua-Token"

// access holds what a request must show to be served: its Host the
// address it reached (DNS rebinding), its Origin, when it has one, the
// inspector's own page, and for commands the token.
type access struct {
	token string
	names []string // host names allowed besides the loopback ones (AllowHosts)
}

func newAccess() access {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	return access{token: hex.EncodeToString(b)}
}

// localPort returns the port of the address the request reached, and
// that address ("" when the server does not tell it).
func localPort(r *http.Request) (port, addr string) {
	a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return "", ""
	}
	_, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "", ""
	}
	return port, a.String()
}

// hostAllowed reports whether hostport, a Host header or an Origin's
// host (port 80 when it has none), names the inspector at the address
// the request reached: 127.0.0.1, localhost, [::1], 0.0.0.0, [::] or a
// name of ac.names at its port, or that address exactly.
func (ac access) hostAllowed(hostport string, r *http.Request) bool {
	port, addr := localPort(r)
	if port == "" {
		return false
	}
	h, p, err := net.SplitHostPort(hostport)
	if err != nil { // no port: http's own
		h, p = strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]"), "80"
	}
	if p != port {
		return false
	}
	h = strings.ToLower(h)
	switch h {
	case "127.0.0.1", "localhost", "::1", "0.0.0.0", "::":
		// 0.0.0.0 and [::] are what a browser reaches a listener on all
		// addresses at (the address btlua prints for --inspect=:PORT).
		return true
	}
	for _, n := range ac.names {
		if h == n {
			return true
		}
	}
	return net.JoinHostPort(h, p) == addr
}

// check refuses (403, the reason in the body) a request whose Host is not
// the inspector's address or whose Origin is another page's; it reports
// whether the request may go on.
func (ac access) check(w http.ResponseWriter, r *http.Request) bool {
	if !ac.hostAllowed(r.Host, r) {
		port, _ := localPort(r)
		http.Error(w, fmt.Sprintf("inspector: refused: Host %q is not this inspector's address (want 127.0.0.1:%s, localhost:%s or [::1]:%s)", r.Host, port, port, port), http.StatusForbidden)
		return false
	}
	if o, ok := r.Header["Origin"]; ok && !ac.originAllowed(strings.Join(o, ","), r) {
		http.Error(w, fmt.Sprintf("inspector: refused: Origin %q is not the inspector's page", strings.Join(o, ",")), http.StatusForbidden)
		return false
	}
	return true
}

// originAllowed reports whether origin is the inspector's page: http:// and
// an allowed host (hostAllowed).
func (ac access) originAllowed(origin string, r *http.Request) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Scheme != "http" || u.Host == "" || u.Path != "" || u.User != nil {
		return false
	}
	return ac.hostAllowed(u.Host, r)
}

// checkToken refuses (403) a command without the token, or with another.
func (ac access) checkToken(w http.ResponseWriter, r *http.Request) bool {
	got := r.Header.Get(TokenHeader)
	if got == "" {
		http.Error(w, "inspector: refused: no "+TokenHeader+" header (the token is in the page's <meta name=\"btlua-token\">)", http.StatusForbidden)
		return false
	}
	if subtle.ConstantTimeCompare([]byte(got), []byte(ac.token)) != 1 {
		http.Error(w, "inspector: refused: wrong "+TokenHeader+" (the token is in the page's <meta name=\"btlua-token\">; it changes with each run)", http.StatusForbidden)
		return false
	}
	return true
}

// apiHandler is the handler newHandler returns: the API and page behind
// the access checks.
type apiHandler struct {
	ac  access
	mux *http.ServeMux
}

func (a *apiHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if a.ac.check(w, r) {
		a.mux.ServeHTTP(w, r)
	}
}

// AllowHosts returns the inspector's handler h (of Inspector.Handler or
// Replay.Handler) accepting the host names names in a request's Host and
// Origin too, besides the loopback ones: the name it was asked to listen
// at ("mybox" of --inspect=mybox:8750), which a browser sends. Same
// token. Another handler is returned as it is. A name that resolves to
// this machine is not enough: that is what DNS rebinding does.
func AllowHosts(h http.Handler, names ...string) http.Handler {
	a, ok := h.(*apiHandler)
	if !ok {
		return h
	}
	b := *a
	b.ac.names = append([]string(nil), a.ac.names...)
	for _, n := range names {
		if n = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(n, "["), "]")); n != "" {
			b.ac.names = append(b.ac.names, n)
		}
	}
	return &b
}

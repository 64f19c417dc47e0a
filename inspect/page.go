package inspect

import (
	"bytes"
	"net/http"
	"time"
)

// tokenPlaceholder is the content of index.html's btlua-token meta tag,
// replaced by the handler's token when the page is served.
const tokenPlaceholder = "BTLUA_TOKEN"

// pageHandler serves the page, index.html with token in it, at / and
// /index.html; 404 for any other path.
func pageHandler(token string) http.Handler {
	raw, err := assets.ReadFile("assets/index.html")
	if err != nil {
		panic("inspect: the embedded page is missing: " + err.Error())
	}
	page := bytes.Replace(raw, []byte(tokenPlaceholder), []byte(token), 1)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" && r.URL.Path != "/index.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("Content-Security-Policy", "frame-ancestors 'none'")
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(page))
	})
}

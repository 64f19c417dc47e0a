package inspect

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// dialStream sends a request for /api/stream?agent=1 on a raw
// connection whose read buffer is small, so that the server's writes
// soon block once the client stops reading.
func dialStream(t *testing.T, srv *httptest.Server) net.Conn {
	t.Helper()
	addr := strings.TrimPrefix(srv.URL, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	conn.(*net.TCPConn).SetReadBuffer(4096)
	fmt.Fprintf(conn, "GET /api/stream?agent=1 HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	return conn
}

// statusLine reads the answer's status line of conn, and nothing more
// (a client that stopped reading).
func statusLine(t *testing.T, conn net.Conn) string {
	t.Helper()
	status, err := bufio.NewReaderSize(conn, 16).ReadString('\n')
	if err != nil {
		t.Fatalf("stream's status line: %v", err)
	}
	return strings.TrimSpace(status)
}

// openStreamConn is dialStream and statusLine.
func openStreamConn(t *testing.T, srv *httptest.Server) (net.Conn, string) {
	t.Helper()
	c := dialStream(t, srv)
	return c, statusLine(t, c)
}

// Clients that never read: at most streamLimit streams are served, the
// others refused with 503; /api/state still answers; each change is
// encoded once for all the streams of an agent (not once per client);
// and a stream whose client does not take its message within
// streamWriteTimeout is dropped, its goroutine gone.
func TestSlowStreamClients(t *testing.T) {
	defer func(d time.Duration) { streamWriteTimeout = d }(streamWriteTimeout)
	streamWriteTimeout = 200 * time.Millisecond
	in, srv, ticks := newLiveServer(t)
	// A big blackboard value makes each message about 256 KiB.
	in.h.Agents()[0].Set("pad", strings.Repeat("x", 256<<10))
	ticks(1)
	goroutines := runtime.NumGoroutine()

	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range streamLimit { // all at once: each waits hostWait for a tick
		conns = append(conns, dialStream(t, srv))
	}
	for i, c := range conns {
		if status := statusLine(t, c); status != "HTTP/1.1 200 OK" {
			t.Fatalf("stream %d: %q", i+1, status)
		}
	}
	const extra = 1000
	for range extra {
		c, status := openStreamConn(t, srv)
		rest, _ := io.ReadAll(c) // the 503 closes the connection
		c.Close()
		if status != "HTTP/1.1 503 Service Unavailable" || !strings.HasSuffix(string(rest), "inspector: 32 streams are open, the most it serves at once: close a page\n") {
			t.Fatalf("stream over the limit: %q %q", status, rest)
		}
	}
	var s State
	began := time.Now()
	getJSON(t, srv.URL+"/api/state", &s)
	t.Logf("/api/state with %d streams that do not read and %d refused: %v", streamLimit, extra, time.Since(began))
	if s.Tick != 4 {
		t.Errorf("/api/state with %d streams open: tick %d, want 4", streamLimit, s.Tick)
	}
	in.mu.Lock()
	open, refused, encodes, gen := in.hub.open, in.hub.refused, in.hub.encodes, in.gen
	in.mu.Unlock()
	if open != streamLimit || refused != extra {
		t.Errorf("streams open %d, refused %d; want %d and %d", open, refused, streamLimit, extra)
	}
	if encodes > int(gen)+1 {
		t.Errorf("%d messages encoded for %d changes: want one per change, shared by the %d streams", encodes, gen, streamLimit)
	}

	// The host ticks on: the streams' writes block, and each is dropped.
	deadline := time.Now().Add(60 * time.Second)
	for {
		ticks(1)
		in.mu.Lock()
		open, dropped := in.hub.open, in.hub.dropped
		encodes, gen = in.hub.encodes, in.gen
		in.mu.Unlock()
		if dropped == streamLimit && open == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 60 s: %d streams dropped, %d open; want all %d dropped", dropped, open, streamLimit)
		}
		<-time.After(10 * time.Millisecond) // let the streams write
	}
	if encodes > int(gen)+1 {
		t.Errorf("%d messages encoded for %d changes: want one per change, shared by the %d streams", encodes, gen, streamLimit)
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	t.Logf("%d streams dropped after %d changes (%d messages encoded); heap %d MiB; goroutines %d before, %d after",
		streamLimit, gen, encodes, m.HeapAlloc>>20, goroutines, runtime.NumGoroutine())
	getJSON(t, srv.URL+"/api/state", &s)
	if s.Mode != "live" {
		t.Errorf("state after the drops: %+v", s)
	}
	// A new stream is served again.
	c, status := openStreamConn(t, srv)
	c.Close()
	if status != "HTTP/1.1 200 OK" {
		t.Errorf("a stream after the drops: %q", status)
	}
}

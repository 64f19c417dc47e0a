package host

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/btlua/btlua/host/internal/budget"
)

// A print flood to a pipe nobody reads does not block the host: the first
// write that takes over the budget is left to finish alone, the output is
// dropped with a note in the log, the flood's agent is stopped by the CPU
// budget and the other ticks on; once the pipe is read again, output
// flows and the log says how much was dropped. Classic host and 2 shards
// (where a shard holds 4 MiB of a tick's output at most: the rest is
// dropped with a note).
func TestPrintToBlockedPipe(t *testing.T) {
	forShards(t, func(t *testing.T, shards int) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		defer w.Close()
		var logged lockedBuffer
		h, err := New(Options{Stdout: w, Logger: lineLogger(&logged), Budget: attackBudget, Shards: shards})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		path := writeScript(t, attackScript(`    local line = string.rep("x", 999)
    while true do print(line) end`))
		hog, err := h.Spawn(path, map[string]any{"name": "hog"})
		if err != nil {
			t.Fatal(err)
		}
		idle, err := h.Spawn(path, map[string]any{"name": "idle"})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		h.Tick(0.1)
		t.Logf("tick over after %v", time.Since(start).Round(time.Millisecond))
		want := path + ":4: CPU budget of 100ms exceeded (task Hog; tick of agent hog, " + path + " factory return value 1)"
		if hog.Err() == nil || hog.Err().Error() != want {
			t.Errorf("hog's error\n%v\nwant\n%s", hog.Err(), want)
		}
		if idle.Err() != nil || idle.Running() {
			t.Errorf("idle: error %v, running %v; want it done", idle.Err(), idle.Running())
		}
		blocked := "btlua: output blocked: a write to stdout took over the CPU budget of 100ms; output is dropped until it drains\n"
		if shards > 0 { // a shard holds 4 MiB of a tick's output at most
			l := logged.String()
			i := strings.Index(l, "\n") + 1
			if !strings.HasPrefix(l, "btlua: output dropped: ") || !strings.HasSuffix(l[:i], " bytes of the agents' output in this tick, over 4 MiB held in one shard\n") {
				t.Errorf("log\n%s\nwant the dropped note first", l)
			}
			blocked = l[:i] + blocked
		}
		if logged.String() != blocked {
			t.Errorf("log\n%s\nwant\n%s", logged.String(), blocked)
		}
		var read bytes.Buffer
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); io.Copy(&read, r) }()
		h.stdout().(*budget.OutputGuard).Settle()
		if _, err := h.LoadFile(writeScript(t, `print("after") return BTAction:New()`)); err != nil {
			t.Fatal(err)
		}
		h.Close()
		w.Close()
		wg.Wait()
		if !strings.HasSuffix(read.String(), "x\nafter\n") {
			t.Errorf("output ends %q, want the pending write, then after", tail(read.String(), 20))
		}
		if l := logged.String(); !strings.HasPrefix(l, blocked+"btlua: output drained: ") || !strings.HasSuffix(l, " bytes of output were dropped while it was blocked\n") {
			t.Errorf("log\n%s\nwant the blocked note, then the drained one", l)
		}
	})
}

// Output to a pipe that is read is written whole and in order.
func TestPrintToPipeInOrder(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var read bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); io.Copy(&read, r) }()
	// Not an attack: a budget a loaded machine cannot run out of while
	// 2000 lines go through the pipe (100 ms did, beside other builds).
	h, err := New(Options{Stdout: w, Budget: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(writeScript(t, `for i = 1, 2000 do print(i) end return BTAction:New()`)); err != nil {
		t.Fatal(err)
	}
	h.Close()
	w.Close()
	wg.Wait()
	var want strings.Builder
	for i := 1; i <= 2000; i++ {
		want.WriteString(strconv.Itoa(i) + "\n")
	}
	if read.String() != want.String() {
		t.Errorf("output %d bytes, want %d: %q", read.Len(), want.Len(), tail(read.String(), 40))
	}
}

// lockedBuffer is a bytes.Buffer safe for concurrent use (the log).
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func tail(s string, n int) string { return s[max(0, len(s)-n):] }

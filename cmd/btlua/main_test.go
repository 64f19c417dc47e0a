package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestMain runs the command itself when the test binary is started by
// startCLI (BTLUA_TEST_MAIN=1), so that tests can send it signals and see
// it exit (os.Exit included) without building btlua.
func TestMain(m *testing.M) {
	if os.Getenv("BTLUA_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// cli is btlua running as a process of its own (startCLI).
type cli struct {
	cmd         *exec.Cmd
	out, errOut syncBuffer
	exited      chan struct{}
	code        int
}

// startCLI starts btlua with args in a process of its own.
func startCLI(t *testing.T, args ...string) *cli {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := &cli{cmd: exec.Command(exe, args...), exited: make(chan struct{})}
	c.cmd.Env = append(os.Environ(), "BTLUA_TEST_MAIN=1")
	c.cmd.Stdout, c.cmd.Stderr = &c.out, &c.errOut
	c.cmd.WaitDelay = 100 * time.Millisecond // a child of the script may keep the pipes
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		err := c.cmd.Wait()
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee):
			c.code = ee.ExitCode()
		case err != nil:
			c.code = -1
		}
		close(c.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-c.exited:
		default:
			_ = c.cmd.Process.Kill()
			<-c.exited
		}
	})
	return c
}

// interrupt sends the process a SIGINT (Ctrl-C).
func (c *cli) interrupt(t *testing.T) {
	t.Helper()
	if err := c.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
}

// wait waits up to d for the process to exit and reports whether it did.
func (c *cli) wait(d time.Duration) bool {
	select {
	case <-c.exited:
		return true
	case <-time.After(d):
		return false
	}
}

// marks are the mark pipes of makeMark, by path.
var marks sync.Map // string -> <-chan struct{}

// makeMark makes path a named pipe that a script touches as it would a
// file (local f = io.open(MARK, "w"); f:write("x"); f:close()), and
// returns a channel closed at the first touch: a test waits on it (or
// waitFile) instead of polling for a file. The test holds the pipe open
// for reading and writing until it ends, so that a script's open never
// blocks, and drains what scripts write.
func makeMark(t *testing.T, path string) <-chan struct{} {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	touched := make(chan struct{})
	go func() {
		buf := make([]byte, 64)
		if n, _ := f.Read(buf); n > 0 {
			close(touched)
		}
		for {
			if _, err := f.Read(buf); err != nil {
				return // closed at the test's end
			}
		}
	}()
	t.Cleanup(func() { f.Close(); marks.Delete(path) })
	marks.Store(path, (<-chan struct{})(touched))
	return touched
}

// waitFile waits up to 10 s for a script to touch the mark at path (see
// makeMark).
func waitFile(t *testing.T, path string) {
	t.Helper()
	m, ok := marks.Load(path)
	if !ok {
		t.Fatalf("%s is no mark: make it with makeMark first", path)
	}
	select {
	case <-m.(<-chan struct{}):
	case <-time.After(10 * time.Second):
		t.Fatalf("%s was never touched", path)
	}
}

// waitOutput waits until the process has written want to buf: it looks
// again after each write, for at most 10 s.
func waitOutput(t *testing.T, buf *syncBuffer, want string) {
	t.Helper()
	if !buf.waitFor(want, 10*time.Second) {
		t.Fatalf("%q never written; got %q", want, buf.String())
	}
}

// syncBuffer is a bytes.Buffer that a test may read while the process
// writes it.
type syncBuffer struct {
	mu      sync.Mutex
	b       bytes.Buffer
	written chan struct{} // a token after each write, for waitFor
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.written == nil {
		s.written = make(chan struct{}, 1)
	}
	select {
	case s.written <- struct{}{}:
	default:
	}
	return s.b.Write(p)
}

// waitFor waits until the buffer holds want, looking again after each
// write, and reports whether it did within d.
func (s *syncBuffer) waitFor(want string, d time.Duration) bool {
	s.mu.Lock()
	if s.written == nil {
		s.written = make(chan struct{}, 1)
	}
	written := s.written
	s.mu.Unlock()
	timeout := time.After(d)
	for !strings.Contains(s.String(), want) {
		select {
		case <-written:
		case <-timeout:
			return false
		}
	}
	return true
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

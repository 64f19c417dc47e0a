package main

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
)

// An --inspect address another program listens on is refused with the
// listen error and how to get a free port (found by a newcomer's run: a
// second btlua on the default address said only "bind: address already
// in use"); a replay on it is refused the same way.
func TestInspectAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	rec := filepath.Join(t.TempDir(), "r.jsonl")
	if code, _, errOut := runCLI("--fast", "--ticks", "2", "--record", rec, seq); code != exitOK {
		t.Fatalf("recording: code %d, stderr %q", code, errOut)
	}
	hint := "listen tcp " + addr + ": bind: address already in use (another program, or another btlua, listens there: give another port, or --inspect=127.0.0.1:0 for a free one)\n"
	for _, args := range [][]string{
		{"--inspect=" + addr, "--fast", "--ticks", "1", seq},
		{"replay", "--inspect", addr, rec},
	} {
		code, _, errOut := runCLI(args...)
		if code != exitFailed || !strings.HasSuffix(errOut, hint) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("btlua %q: code %d, stderr %q; want %d and one line ending %q", args, code, errOut, exitFailed, hint)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// One Ctrl-C ends a --watch run with 130 whatever it is doing: within
// 3 s waiting for a reload once the trees completed, after a file was
// deleted and created again, or reloading a file whose top level spins;
// within twice stuckTick (and a second) reloading one whose top level is
// blocked in a call the CPU budget cannot interrupt (os.execute: the
// watchdog only stops Lua code), where the Ctrl-C was once consumed.
func TestInterruptWatch(t *testing.T) {
	const done = "print(\"done\")\nreturn BTLog:New(\"hi\")\n"
	for _, c := range []struct {
		name string
		// within is how soon the run must end after the Ctrl-C.
		within time.Duration
		// edit changes the script after the first tick (dir holds it,
		// mark is the file its new version touches), and returns when
		// the Ctrl-C is to be sent.
		edit func(t *testing.T, script, mark string)
	}{
		{"trees complete, waiting for a reload", 3 * time.Second, func(t *testing.T, script, mark string) {}},
		{"after a delete and a re-creation", 3 * time.Second, func(t *testing.T, script, mark string) {
			if err := os.Remove(script); err != nil {
				t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond)
			src := "local f = io.open([[" + mark + "]], \"w\"); f:write(\"x\"); f:close()\n" + done
			if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			waitFile(t, mark)
			time.Sleep(200 * time.Millisecond)
		}},
		{"while a reload spins", 3 * time.Second, func(t *testing.T, script, mark string) {
			src := "local f = io.open([[" + mark + "]], \"w\"); f:write(\"x\"); f:close()\nlocal stop = os.clock() + 20\nwhile os.clock() < stop do end\n" + done
			if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			waitFile(t, mark)
		}},
		{"while a reload is blocked in os.execute", 2*stuckTick + time.Second, func(t *testing.T, script, mark string) {
			src := "local f = io.open([[" + mark + "]], \"w\"); f:write(\"x\"); f:close()\nos.execute(\"sleep 8\")\n" + done
			if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			waitFile(t, mark)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			script := filepath.Join(dir, "ai.lua")
			mark := filepath.Join(dir, "reloading")
			if err := os.WriteFile(script, []byte(done), 0o644); err != nil {
				t.Fatal(err)
			}
			p := startCLI(t, "--watch", "--hz", "100", script)
			for deadline := time.Now().Add(10 * time.Second); !strings.Contains(p.errOut.String()+p.out.String(), "hi") && time.Now().Before(deadline); {
				time.Sleep(10 * time.Millisecond)
			}
			c.edit(t, script, mark)
			p.interrupt(t)
			sent := time.Now()
			if !p.wait(c.within) {
				t.Fatalf("still running %v after Ctrl-C; stderr %q", time.Since(sent), p.errOut.String())
			}
			if p.code != exitInterrupted {
				t.Errorf("code %d, stderr %q; want %d", p.code, p.errOut.String(), exitInterrupted)
			}
		})
	}
}

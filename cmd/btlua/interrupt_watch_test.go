package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// One Ctrl-C ends a --watch run with 130 whatever it is doing: waiting
// for a reload once the trees completed, after a file was deleted and
// created again, reloading a file whose top level spins (20 s of CPU), or
// one whose top level is blocked in a call the CPU budget cannot
// interrupt (os.execute: the watchdog only stops Lua code), where the
// Ctrl-C was once consumed. A --watch run never ends by itself, so one
// still running 30 s after the Ctrl-C did not take it; the time it took
// is logged.
func TestInterruptWatch(t *testing.T) {
	const done = "print(\"done\")\nreturn BTLog:New(\"hi\")\n"
	for _, c := range []struct {
		name string
		// edit changes the script after the first tick (dir holds it,
		// mark is the file its new version touches), and returns when
		// the Ctrl-C is to be sent.
		edit func(t *testing.T, p *cli, script, mark string)
	}{
		{"trees complete, waiting for a reload", func(t *testing.T, p *cli, script, mark string) {}},
		{"after a delete and a re-creation", func(t *testing.T, p *cli, script, mark string) {
			if err := os.Remove(script); err != nil {
				t.Fatal(err)
			}
			waitOutput(t, &p.errOut, script+" was removed; the running code stays until it comes back")
			src := "local f = io.open([[" + mark + "]], \"w\"); f:write(\"x\"); f:close()\n" + done
			if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			waitOutput(t, &p.errOut, "btlua: reloaded "+script)
		}},
		{"while a reload spins", func(t *testing.T, p *cli, script, mark string) {
			src := "local f = io.open([[" + mark + "]], \"w\"); f:write(\"x\"); f:close()\nlocal stop = os.clock() + 20\nwhile os.clock() < stop do end\n" + done
			if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			waitFile(t, mark)
		}},
		{"while a reload is blocked in os.execute", func(t *testing.T, p *cli, script, mark string) {
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
			makeMark(t, mark)
			if err := os.WriteFile(script, []byte(done), 0o644); err != nil {
				t.Fatal(err)
			}
			p := startCLI(t, "--watch", "--hz", "100", script)
			waitOutput(t, &p.out, "hi\n")
			c.edit(t, p, script, mark)
			p.interrupt(t)
			sent := time.Now()
			if !p.wait(30 * time.Second) {
				t.Fatalf("still running %v after Ctrl-C; stderr %q", time.Since(sent), p.errOut.String())
			}
			t.Logf("ended %v after the Ctrl-C", time.Since(sent))
			if p.code != exitInterrupted {
				t.Errorf("code %d, stderr %q; want %d", p.code, p.errOut.String(), exitInterrupted)
			}
		})
	}
}

package main

import (
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/btlua/btlua/inspect"
)

// catchStraySIGINT keeps a SIGINT that a test sends too late (after
// run returned, on a loaded machine) from killing the test binary.
func catchStraySIGINT(t *testing.T) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	t.Cleanup(func() { signal.Stop(c) })
}

// recordedRepeater is the newcomer's script: a BTRepeater over a sequence
// of a Lua task (which touches MARK when it runs, then spins for SPIN
// seconds of CPU), a BTWait(0.5) and a BTIncrement.
const recordedRepeater = `local seq = BTSequence:New()
Mark = BTAction:New()
Mark.name = "Mark"
function Mark:OnUpdate()
    local f = io.open(MARK, "w"); f:write("x"); f:close()
    local stop = os.clock() + SPIN
    while os.clock() < stop do end
    return BTTaskStatus.Success
end
seq:AddChild(Mark:New())
seq:AddChild(BTWait:New(0.5))
seq:AddChild(BTIncrement:New("count", 1))
local r = BTRepeater:New()
r.name = "Loop"
r:AddChild(seq)
local tree = BTSequence:New()
tree.name = "Root"
tree:AddChild(BTSetVariable:New("count", 0))
tree:AddChild(r)
return tree
`

// One Ctrl-C to a recorded run in real time stops it promptly, whenever
// it comes: while the loop waits for the next tick (a long period:
// --hz 0.1 waits 10 s between ticks), or while a tick's script runs. The
// run exits 130 and the recording is closed and replays.
func TestInterruptRecordedRun(t *testing.T) {
	for _, c := range []struct {
		name string
		spin string // seconds the Lua task spins after touching the mark
		wait time.Duration
		// last is the kind (and cause) of the recording's last record:
		// the root's end when Close halted the tree, the tick's end when
		// the interrupted task's error stopped the tree (nothing to halt).
		last []string
	}{
		{"in the wait between ticks", "0", 100 * time.Millisecond, []string{"end Halted"}},
		// At once, the task's Lua code may still run: either is right.
		{"at once after the first tick", "0", 0, []string{"end Halted", "tickend "}},
		{"inside a tick", "5", 100 * time.Millisecond, []string{"tickend "}},
	} {
		t.Run(c.name, func(t *testing.T) {
			catchStraySIGINT(t)
			dir := t.TempDir()
			mark := filepath.Join(dir, "ticked")
			script := filepath.Join(dir, "loop.lua")
			src := "MARK = [[" + mark + "]]\nSPIN = " + c.spin + "\n" + recordedRepeater
			if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			rec := filepath.Join(dir, "x.rec")
			touched := makeMark(t, mark)
			sent := make(chan time.Time, 1)
			go func() {
				select {
				case <-touched:
					// Placed after the mark: in the 10 s wait between
					// ticks, or inside the 5 s spin.
					time.Sleep(c.wait)
					sent <- time.Now()
					_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
				case <-time.After(10 * time.Second):
					close(sent)
				}
			}()
			code, _, errOut := runCLI("--hz", "0.1", "--record", rec, script)
			at, ok := <-sent
			if !ok {
				t.Fatalf("the script never ran: code %d, stderr %q", code, errOut)
			}
			// The loop waits 10 s between ticks and the task spins 5 s;
			// the run has no tick limit, so only the Ctrl-C ends it.
			t.Logf("stopped %v after the Ctrl-C", time.Since(at))
			if code != exitInterrupted {
				t.Errorf("code %d, stderr %q; want %d", code, errOut, exitInterrupted)
			}
			r, err := inspect.ReadRecordingFile(rec)
			if err != nil {
				t.Fatalf("the recording does not replay: %v", err)
			}
			if r.Header.DT != 10 || r.Len() == 0 {
				t.Errorf("recording: dt %v, %d records", r.Header.DT, r.Len())
			}
			if last := r.Record(r.Len() - 1); !slices.Contains(c.last, last.K+" "+last.C) {
				t.Errorf("last record %+v, want one of %q", last, c.last)
			}
		})
	}
}

// A Ctrl-C while the script loads (its top level runs) stops the load and
// exits 130, as one during a tick does: it is no failure of the script.
func TestInterruptWhileLoading(t *testing.T) {
	catchStraySIGINT(t)
	dir := t.TempDir()
	mark := filepath.Join(dir, "loading")
	script := filepath.Join(dir, "slow.lua")
	src := "local f = io.open([[" + mark + "]], \"w\"); f:write(\"x\"); f:close()\n" +
		"local stop = os.clock() + 5\nwhile os.clock() < stop do end\nreturn BTLog:New(\"loaded\")\n"
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	touched := makeMark(t, mark)
	go func() {
		select {
		case <-touched:
			_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
		case <-time.After(10 * time.Second):
		}
	}()
	code, out, errOut := runCLI("--record", filepath.Join(dir, "x.rec"), script)
	if code != exitInterrupted || out != "" {
		t.Errorf("code %d, stdout %q, stderr %q; want %d", code, out, errOut, exitInterrupted)
	}
}

// A Ctrl-C that comes after the last tick, while Close runs the OnEnds of
// the tasks still running, does not cut those OnEnds short: the ticks
// were over, and the interrupt is for the script of a tick.
func TestInterruptDuringOnEndsAtExit(t *testing.T) {
	catchStraySIGINT(t)
	dir := t.TempDir()
	mark := filepath.Join(dir, "ending")
	script := filepath.Join(dir, "hold.lua")
	src := `Hold = BTAction:New()
Hold.name = "Hold"
function Hold:OnUpdate() return BTTaskStatus.Running end
function Hold:OnEnd()
    local f = io.open([[` + mark + `]], "w"); f:write("x"); f:close()
    local stop = os.clock() + 0.3
    while os.clock() < stop do end
    print("end done")
end
return Hold:New()
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	touched := makeMark(t, mark)
	go func() {
		select {
		case <-touched:
			_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
		case <-time.After(10 * time.Second):
		}
	}()
	code, out, errOut := runCLI("--fast", "--ticks", "2", "--record", filepath.Join(dir, "x.rec"), script)
	if code != exitOK || out != "end done\n" || errOut != "" {
		t.Errorf("code %d, stdout %q, stderr %q; want 0 and the OnEnd run whole", code, out, errOut)
	}
}

package tests

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/host/watch"
	"github.com/btlua/btlua/lua/luaerr"
)

// speaker is a leaf class file: a Running leaf that counts its ticks and
// prints "<tag> <count>" each tick.
func speaker(tag string) string {
	return `Speaker = BTAction:New()
Speaker.name = "speaker"

function Speaker:OnStart()
    self.n = 0
    print("start")
end

function Speaker:OnUpdate()
    self.n = self.n + 1
    print("` + tag + ` " .. self.n)
    return BTTaskStatus.Running
end

function Speaker:OnEnd()
    print("end")
end
`
}

const speakerMain = `require("speaker")
local seq = BTSequence:New()
seq:AddChild(Speaker:New())
seq:AddChild(BTLog:New("after"))
local tree = BTBehaviorTree:New()
tree:SetStartTask(seq)
tree:SetVariable("hp", 42)
return tree
`

// syncBuffer is a bytes.Buffer safe for the watcher's and the test's use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// take returns what was written since the last take.
func (s *syncBuffer) take() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.b.String()
	s.b.Reset()
	return out
}

type reloadHarness struct {
	t       *testing.T
	dir     string
	h       *host.Host
	out     *syncBuffer
	errOut  *syncBuffer
	reloads chan error
}

func newReloadHarness(t *testing.T, files map[string]string, main string) *reloadHarness {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &reloadHarness{t: t, dir: dir, out: &syncBuffer{}, errOut: &syncBuffer{}, reloads: make(chan error, 16)}
	h, err := host.New(host.Options{Stdout: r.out, Logger: lineLogger(r.errOut), BTAIGlobals: true, OnReload: func(_ *host.ReloadReport, err error) {
		r.reloads <- err
	}})
	if err != nil {
		t.Fatal(err)
	}
	r.h = h
	t.Cleanup(func() { h.Close() })
	if _, err := h.LoadFile(filepath.Join(dir, main)); err != nil {
		t.Fatal(err)
	}
	if err := watch.Start(h, 20*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	return r
}

// tick ticks once and returns what the scripts printed.
func (r *reloadHarness) tick() string {
	r.t.Helper()
	if err := r.h.Tick(1.0 / 60); err != nil {
		r.t.Fatalf("tick: %v", err)
	}
	return r.out.take()
}

// waitReload waits, without ticking, for the watcher to report a settled
// change, applies it, and returns what the next tick printed (including
// what the reload itself printed) and the reload's error.
func (r *reloadHarness) waitReload() (string, error) {
	r.t.Helper()
	applied := 0
	if !r.gameLoop(func() bool { applied = r.h.ApplyReloads(); return applied > 0 }) {
		r.t.Fatal("no reload within 10 s")
	}
	err := <-r.reloads
	return r.tick(), err
}

// gameLoop calls done at 200 Hz, as a game loop calls ApplyReloads
// between frames, until it reports true; false when it did not within
// 10 s. The watcher is polled (host.Watcher.Changes), so its news can
// only be waited for this way.
func (r *reloadHarness) gameLoop(done func() bool) bool {
	frame := time.NewTicker(5 * time.Millisecond)
	defer frame.Stop()
	timeout := time.After(10 * time.Second)
	for !done() {
		select {
		case <-frame.C:
		case <-timeout:
			return false
		}
	}
	return true
}

func (r *reloadHarness) write(name, text string) {
	r.t.Helper()
	if err := os.WriteFile(filepath.Join(r.dir, name), []byte(text), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

// writeByRename saves as many editors do: a temporary file renamed over
// the original.
func (r *reloadHarness) writeByRename(name, text string) {
	r.t.Helper()
	tmp := filepath.Join(r.dir, "."+name+".swp")
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		r.t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(r.dir, name)); err != nil {
		r.t.Fatal(err)
	}
}

// stderr returns what the host printed on stderr since the last call,
// with the reload durations replaced by "T" and the temp folder by "DIR",
// so that reload lines can be compared exactly.
func (r *reloadHarness) stderr() string {
	s := strings.ReplaceAll(r.errOut.take(), r.dir+string(filepath.Separator), "DIR/")
	return tookRE.ReplaceAllString(s, " in T: ")
}

// tookRE matches the duration of a reload line ("in 390µs: ").
var tookRE = regexp.MustCompile(` in [0-9.]+(ns|µs|ms|s): `)

func (r *reloadHarness) blackboard(name string) any {
	return r.h.Agents()[0].Get(name)
}

// A leaf class file rewritten in place, then by rename, then broken, then
// fixed: the running task calls the new OnUpdate from the next tick on,
// stays Running with its counter, the blackboard keeps its value, and the
// broken save changes nothing.
func TestReloadLeafClass(t *testing.T) {
	r := newReloadHarness(t, map[string]string{"speaker.lua": speaker("v1"), "main.lua": speakerMain}, "main.lua")
	if got := r.tick() + r.tick(); got != "start\nv1 1\nv1 2\n" {
		t.Fatalf("before reload: %q", got)
	}

	r.write("speaker.lua", speaker("v2"))
	if printed, err := r.waitReload(); err != nil || printed != "v2 3\n" {
		t.Fatalf("in-place save: err %v, printed %q; want the new OnUpdate with count 3 and no restart", err, printed)
	}
	if got := r.tick(); got != "v2 4\n" {
		t.Fatalf("after in-place save: %q", got)
	}

	r.writeByRename("speaker.lua", speaker("v3"))
	if printed, err := r.waitReload(); err != nil || !strings.HasSuffix(printed, "v3 5\n") {
		t.Fatalf("save by rename: err %v, printed %q", err, printed)
	}

	r.write("speaker.lua", "Speaker = BTAction:New()\nfunction Speaker:OnUpdate(\n")
	printed, err := r.waitReload()
	var le *luaerr.Error
	if !errors.As(err, &le) || filepath.Base(le.File) != "speaker.lua" || le.Line != 2 {
		t.Fatalf("broken save: err %v; want a speaker.lua:2 error", err)
	}
	if printed != "v3 6\n" {
		t.Fatalf("broken save must leave the old code running: printed %q", printed)
	}
	if !strings.Contains(r.errOut.take(), "reload of "+filepath.Join(r.dir, "speaker.lua")+" failed, the old code keeps running") {
		t.Error("the failed reload was not reported on stderr")
	}

	r.write("speaker.lua", speaker("v4"))
	if printed, err := r.waitReload(); err != nil || printed != "v4 7\n" {
		t.Fatalf("fixed save: err %v, printed %q", err, printed)
	}
	if s := r.h.Agents()[0].Status().String(); s != "Running" {
		t.Errorf("tree status %s, want Running", s)
	}
	if hp := r.blackboard("hp"); hp != 42.0 {
		t.Errorf("blackboard hp = %v, want 42", hp)
	}
	if log := r.errOut.take(); !strings.Contains(log, "classes Speaker (") || !strings.Contains(log, "running trees kept") {
		t.Errorf("reload line on stderr: %q", log)
	}
}

// Changing how the tree is built rebuilds it: the old running task gets
// OnEnd, the new tree starts, and the blackboard is carried across.
func TestReloadStructure(t *testing.T) {
	r := newReloadHarness(t, map[string]string{"speaker.lua": speaker("v1"), "main.lua": speakerMain}, "main.lua")
	r.tick()
	r.h.Agents()[0].Set("hp", 7)
	rebuilt := strings.Replace(speakerMain, `seq:AddChild(BTLog:New("after"))`, `seq:AddChild(BTLog:New("after"))
seq:AddChild(BTLog:New("and more"))`, 1)
	r.write("main.lua", rebuilt)
	printed, err := r.waitReload()
	if err != nil || printed != "end\nstart\nv1 1\n" {
		t.Fatalf("err %v, printed %q; want the old task ended and the new tree started", err, printed)
	}
	if hp := r.blackboard("hp"); hp != 7 {
		t.Errorf("blackboard hp = %v, want the old tree's 7", hp)
	}
	if log := r.errOut.take(); !strings.Contains(log, "trees rebuilt: BTBehaviorTree") {
		t.Errorf("reload line: %q", log)
	}
}

// 200 reloads leak neither goroutines nor memory: the heap after a full
// GC grows by less than 8 MiB, and the goroutine count is what it was.
func TestReloadLeaks(t *testing.T) {
	if testing.Short() {
		t.Skip("200 reloads")
	}
	r := newReloadHarness(t, map[string]string{"speaker.lua": speaker("v1"), "main.lua": speakerMain}, "main.lua")
	r.tick()
	path := filepath.Join(r.dir, "speaker.lua")
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	for i := 0; i < 20; i++ { // warm up
		r.writeByRename("speaker.lua", speaker("w"))
		if _, err := r.h.Reload(path); err != nil {
			t.Fatal(err)
		}
		r.tick()
	}
	g0, h0 := runtime.NumGoroutine(), heap()
	for i := 0; i < 200; i++ {
		r.writeByRename("speaker.lua", speaker("v"+string(rune('a'+i%26))))
		if _, err := r.h.Reload(path); err != nil {
			t.Fatal(err)
		}
		r.tick()
	}
	// Let the watcher see the writes too (the last one reloads once it
	// has settled), then drain its reloads. The writes are renames, so
	// the watcher never reads a file half written (an in-place write read
	// between its truncation and its text is "empty", which the watcher
	// reports when a loaded machine stalls the writer past its re-read).
	if printed, err := r.waitReload(); err != nil || printed != "vr 222\n" {
		t.Fatalf("the watcher's reload of the last write: err %v, printed %q", err, printed)
	}
	g1, h1 := runtime.NumGoroutine(), heap()
	if g1 != g0 {
		t.Errorf("goroutines: %d before, %d after 200 reloads", g0, g1)
	}
	if h1 > h0+8<<20 {
		t.Errorf("heap grew from %d to %d bytes over 200 reloads", h0, h1)
	}
	t.Logf("heap %d -> %d bytes, goroutines %d -> %d", h0, h1, g0, g1)

	// Starting and closing watching hosts leaves no goroutine behind.
	g2 := runtime.NumGoroutine()
	for i := 0; i < 20; i++ {
		h, err := host.New(host.Options{Stdout: &bytes.Buffer{}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.LoadFile(filepath.Join(r.dir, "main.lua")); err != nil {
			t.Fatal(err)
		}
		if err := watch.Start(h, 0); err != nil {
			t.Fatal(err)
		}
		h.Close()
	}
	// fsnotify's reader goroutine signals Close before it has returned:
	// give it a moment.
	g3 := runtime.NumGoroutine()
	for end := time.Now().Add(time.Second); g3 != g2 && time.Now().Before(end); g3 = runtime.NumGoroutine() {
		time.Sleep(time.Millisecond)
	}
	if g3 != g2 {
		t.Errorf("goroutines: %d before 20 watching hosts, %d after closing them", g2, g3)
	}
}

// A script that returns a BTAI root is rebuilt on every reload: the root
// holds the functions it was built with.
func TestReloadBTAIRoot(t *testing.T) {
	script := func(word string) string {
		return `local root = BT.Root()
root:OpenBranch(BT.Call(function() print("` + word + `") end), BT.Wait(1))
return root
`
	}
	r := newReloadHarness(t, map[string]string{"ai.lua": script("walk")}, "ai.lua")
	if got := r.tick() + r.tick(); got != "walk\n" {
		t.Fatalf("before reload: %q", got)
	}
	r.write("ai.lua", script("run"))
	if printed, err := r.waitReload(); err != nil || printed != "run\n" {
		t.Fatalf("err %v, printed %q; want the rebuilt root to call the new function", err, printed)
	}
	if log := r.errOut.take(); !strings.Contains(log, "trees rebuilt") {
		t.Errorf("reload line: %q", log)
	}
}

// A file deleted and created again is still watched: the new content is
// reloaded, and the deletion alone changes nothing.
func TestReloadDeletedAndRecreated(t *testing.T) {
	r := newReloadHarness(t, map[string]string{"speaker.lua": speaker("v1"), "main.lua": speakerMain}, "main.lua")
	r.tick()
	if err := os.Remove(filepath.Join(r.dir, "speaker.lua")); err != nil {
		t.Fatal(err)
	}
	// The watcher reports the deletion once the file has stayed away for
	// the debounce time; nothing is reloaded.
	log := ""
	if !r.gameLoop(func() bool {
		if n := r.h.ApplyReloads(); n != 0 {
			t.Fatalf("%d reloads after the deletion, want none", n)
		}
		log += r.errOut.take()
		return strings.Contains(log, "speaker.lua was removed; the running code stays until it comes back")
	}) {
		t.Fatalf("no removal reported within 10 s; log %q", log)
	}
	if got := r.tick(); got != "v1 2\n" {
		t.Fatalf("after deletion: %q, want the old code running", got)
	}
	r.write("speaker.lua", speaker("v2"))
	if printed, err := r.waitReload(); err != nil || printed != "v2 3\n" {
		t.Fatalf("re-created file: err %v, printed %q", err, printed)
	}
}

// A tree stopped by an error in a module's class restarts when the module
// is fixed: the script that built it is reloaded too.
func TestReloadRestartsStoppedTree(t *testing.T) {
	broken := strings.Replace(speaker("v1"), `print("v1 " .. self.n)`, `print(nil .. "x")`, 1)
	r := newReloadHarness(t, map[string]string{"speaker.lua": broken, "main.lua": speakerMain}, "main.lua")
	if err := r.h.Tick(1.0 / 60); err == nil || !strings.Contains(err.Error(), "speaker.lua:11:") {
		t.Fatalf("tick error = %v, want the concat error at speaker.lua:11", err)
	}
	r.out.take()
	r.write("speaker.lua", speaker("fixed"))
	if printed, err := r.waitReload(); err != nil || printed != "start\nfixed 1\n" {
		t.Fatalf("err %v, printed %q; want the tree rebuilt and running the fixed class", err, printed)
	}
	if log := r.errOut.take(); !strings.Contains(log, "trees rebuilt: BTBehaviorTree") {
		t.Errorf("reload line: %q", log)
	}
}

// An edited constructor argument is a change of structure: the tree is
// rebuilt with the new value.
func TestReloadConstructorArgument(t *testing.T) {
	script := func(msg string) string {
		return `local seq = BTSequence:New()
seq:AddChild(BTWait:New(1))
seq:AddChild(BTLog:New("` + msg + `"))
return seq
`
	}
	r := newReloadHarness(t, map[string]string{"ai.lua": script("old")}, "ai.lua")
	r.tick()
	r.write("ai.lua", script("new"))
	if _, err := r.waitReload(); err != nil {
		t.Fatal(err)
	}
	if log := r.errOut.take(); !strings.Contains(log, "trees rebuilt") {
		t.Errorf("reload line: %q, want the tree rebuilt", log)
	}
	var printed string
	for i := 0; i < 70 && printed == ""; i++ {
		printed = r.tick()
	}
	if printed != "new\n" {
		t.Errorf("printed %q, want the new message", printed)
	}
}

// A reload that no longer defines a task class the file defined is
// refused: nothing changes, and the next save that defines it again is
// applied.
func TestReloadVanishedClass(t *testing.T) {
	r := newReloadHarness(t, map[string]string{"speaker.lua": speaker("v1"), "main.lua": speakerMain}, "main.lua")
	r.tick()
	r.write("speaker.lua", strings.ReplaceAll(speaker("v2"), "Speaker", "Talker"))
	printed, err := r.waitReload()
	if err == nil || !strings.Contains(err.Error(), "speaker.lua: Speaker is no longer defined here; running tasks may use it, so nothing is reloaded") {
		t.Fatalf("err = %v", err)
	}
	if printed != "v1 2\n" {
		t.Errorf("printed %q, want the old code running", printed)
	}
	if v := r.h.GetGlobal("Talker"); v != nil {
		t.Errorf("the refused reload defined Talker = %v", v)
	}
	r.write("speaker.lua", speaker("v3"))
	if printed, err := r.waitReload(); err != nil || printed != "v3 3\n" {
		t.Fatalf("next good save: err %v, printed %q", err, printed)
	}
}

package host

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// The host's entry points called from a script it is running are refused
// with a Lua error naming the line and the task; the host stays usable.
func TestReentryHostCalls(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{"host:Close()", "host: Close called from a script the host is running; call it from Go between two ticks"},
		{"host:Tick(0.1)", "host: Tick called from a script the host is running; call it from Go between two ticks"},
		{"host:LoadFile('x.lua')", "host: LoadFile called from a script the host is running; call it from Go between two ticks"},
		{"host:Reload('x.lua')", "host: Reload called from a script the host is running; call it from Go between two ticks"},
		{"host:ApplyReloads()", "host: ApplyReloads called from a script the host is running; call it from Go between two ticks"},
		{"host:Spawn('x.lua', {})", "host: Spawn called from a script the host is running; call it from Go between two ticks"},
	} {
		t.Run(c.call, func(t *testing.T) {
			var out bytes.Buffer
			h, err := New(Options{Stdout: &out, Logger: lineLogger(&out)})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			h.SetGlobal("host", h)
			path := writeScript(t, "Leaf = BTAction:New()\nfunction Leaf:OnUpdate()\n  "+c.call+"\n  return BTTaskStatus.Running\nend\nreturn { Leaf:New(), BTActionUniversal:New(nil, function() print('other') return BTTaskStatus.Running end) }\n")
			if _, err := h.LoadFile(path); err != nil {
				t.Fatal(err)
			}
			err = h.Tick(0.1)
			want := path + ":3: " + c.want + " (task Leaf)"
			if err == nil || err.Error() != want {
				t.Fatalf("error\n%v\nwant\n%s", err, want)
			}
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
			if out.String() != "other\nother\n" {
				t.Errorf("output %q", out.String())
			}
		})
	}
}

// Close called at load from the script is refused too.
func TestReentryCloseAtLoad(t *testing.T) {
	h, err := New(Options{Stdout: &bytes.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("host", h)
	path := writeScript(t, "host:Close()\nreturn BTIdle:New()\n")
	_, err = h.LoadFile(path)
	if err == nil || !strings.HasSuffix(err.Error(), ":1: host: Close called from a script the host is running; call it from Go between two ticks") {
		t.Fatalf("error %v", err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
}

// Tick called from inside Tick by Go code (an OnReload callback) returns
// an error; Close called there closes the host when Tick returns.
func TestReentryFromOnReload(t *testing.T) {
	var h *Host
	var inner error
	h, err := New(Options{Stdout: &bytes.Buffer{}, OnReload: func(*ReloadReport, error) {
		inner = h.Tick(0.1)
		h.Close()
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, "return BTIdle:New()\n")
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	w := &fakeWatcher{}
	if err := h.Watch(w); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	w.changes = []Change{{Path: filepath.Clean(abs), Text: []byte("return BTIdle:New()\n")}} // as if the file had been saved
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if inner == nil || inner.Error() != "host: re-entered: Tick called from inside Tick (an OnReload callback?); call it after Tick returns" {
		t.Errorf("inner Tick: %v", inner)
	}
	if !h.rt.Closed() {
		t.Error("host not closed after the tick")
	}
}

package host

import (
	"bytes"
	"os"
	"slices"
	"testing"
)

// A script whose first load failed (btlua --watch waits for a fixed
// version) starts its trees when the fixed version is reloaded, for a
// syntax error and for an error while it runs.
func TestReloadAfterFailedFirstLoad(t *testing.T) {
	for _, broken := range []string{"if then\n", "error('not yet')\n"} {
		var out bytes.Buffer
		h, err := New(Options{Stdout: &out})
		if err != nil {
			t.Fatal(err)
		}
		path := writeScript(t, broken)
		if _, err := h.LoadFile(path); err == nil {
			t.Fatalf("%q loaded", broken)
		}
		fixed := "local tree = BTBehaviorTree:New()\ntree.name = \"fixed\"\ntree:SetStartTask(BTLog:New(\"fixed runs\"))\nreturn tree\n"
		if err := os.WriteFile(path, []byte(fixed), 0o644); err != nil {
			t.Fatal(err)
		}
		rep, err := h.Reload(path)
		if err != nil {
			t.Fatalf("%q: reload: %v", broken, err)
		}
		if !slices.Equal(rep.Started, []string{"fixed"}) || len(h.Agents()) != 1 {
			t.Fatalf("%q: started %q, %d agents; want the fixed tree", broken, rep.Started, len(h.Agents()))
		}
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		if out.String() != "fixed runs\n" {
			t.Errorf("%q: output %q", broken, out.String())
		}
		h.Close()
	}
}

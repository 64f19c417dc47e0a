package host

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// A reloaded file that now assigns a built-in parent class (the series'
// own BTSequence.lua: BTSequence = BTComposite:New()) is merged into the
// built-in class table in place. The class's __index, the Go function
// that answers childTasks of the parents the library made and looks
// methods up, is not a script's method: the merge keeps it, so the
// parents built before keep their views and their methods.
func TestReloadKeepsParentClassIndex(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `
seq = BTSequence:New()
seq:AddChild(BTLog:New("a"))
return BTLog:New("root")
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		got, err := h.DoString(`local s = BTSequence:New(); s:AddChild(BTLog:New("b"))
return #seq.childTasks, seq.childTasks == seq.childTasks, seq:GetChildCount(), seq:Extra(), #s.childTasks, rawget(s, "childTasks")`)
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if s, want := strings.TrimSpace(fmt.Sprintln(got...)), "1 true 1 extra 1 <nil>"; s != want {
			t.Errorf("%s: %s, want %s", when, s, want)
		}
	}
	if err := os.WriteFile(path, []byte(`
seq = seq or BTSequence:New()
BTSequence = BTComposite:New()
function BTSequence:Extra() return "extra" end
return BTLog:New("root")
`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Reload(path); err != nil {
		t.Fatal(err)
	}
	check("after reload")
}

package btlib

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// The checked-in task reference, docs/tasks.md, is the one the built-in
// declarations generate.
func TestReferenceUpToDate(t *testing.T) {
	got, err := os.ReadFile("../../docs/tasks.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := Reference(Builtins()); !bytes.Equal(got, want) {
		t.Fatal("docs/tasks.md is out of date: run go generate ./lua/luasrc")
	}
}

// A class's reference entry sits under its kind, with its usage, base,
// doc, and a row per argument giving its type, unit and default.
func TestReferenceOfClass(t *testing.T) {
	c := Class{
		Name: "Shoot", Base: "BTAction", Doc: "Fires | aims.",
		Params: []Param{
			{Name: "rate", Type: ArgSeconds, Unit: "s", Optional: true, Default: 0.5, Doc: "between shots"},
		},
		New: func(Args) (bt.Task, error) { return &leafImpl{}, nil },
	}
	want := "\n## Actions\n\nLeaves that act on the world.\n" +
		"\n### Shoot\n\n`Shoot:New(rate?)` (derives from `BTAction`)\n\nFires | aims.\n" +
		"\n| argument | type | unit | default | meaning |\n| --- | --- | --- | --- | --- |\n" +
		"| `rate?` | number | s | `0.5` | between shots |\n"
	got := string(Reference([]Class{{Name: "BTAction", Doc: "base"}, c}))
	_, body, _ := strings.Cut(got, "(a GOAP agent as a task) is in [goap.md](goap.md).\n")
	body, _, _ = strings.Cut(body, "\n## Base classes")
	if body != want {
		t.Errorf("reference:\n%s\nwant:\n%s", body, want)
	}
}

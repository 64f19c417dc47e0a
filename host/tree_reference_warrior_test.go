package host

import (
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestReferenceWarriorSameRun: the warriors of BenchmarkReferenceWarrior
// take the same actions, tick for tick, with their fight branch inline or
// behind a tree reference (so the benchmark compares the same work), and
// every action is taken.
func TestReferenceWarriorSameRun(t *testing.T) {
	hist := map[string]map[string]any{}
	for _, mode := range []string{"inline", "reference"} {
		dir := t.TempDir()
		for name, text := range refWarriorFiles(20, mode) {
			if name == "main.lua" {
				text = replaceLeaf(text, filepath.Join(dir, "leaf.lua"))
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		h, err := New(Options{Stdout: io.Discard})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.LoadFile(filepath.Join(dir, "main.lua")); err != nil {
			t.Fatal(err)
		}
		for range 200 {
			if err := h.Tick(1.0 / 60); err != nil {
				t.Fatal(err)
			}
		}
		m, _ := h.GetGlobal("hist").(map[string]any)
		hist[mode] = m
		h.Close()
	}
	if !reflect.DeepEqual(hist["inline"], hist["reference"]) {
		t.Fatalf("actions inline %v, through the reference %v", hist["inline"], hist["reference"])
	}
	for _, a := range []string{"patrol", "alert", "run away", "crazy attack", "attack"} {
		if n, _ := hist["inline"][a].(float64); n == 0 {
			t.Errorf("action %q never taken: %v", a, hist["inline"])
		}
	}
	t.Logf("actions: %v", hist["inline"])
}

package tests

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// luaBlockRE matches a fenced Lua code block of a Markdown file.
var luaBlockRE = regexp.MustCompile("(?s)```lua\n(.*?)```")

// moduleUseRE matches a use of a module table (bt.X, goap.X, ...).
var moduleUseRE = regexp.MustCompile(`(?m)(?:^|[^\w.:])(bt|goap|fsm)\.\w`)

// Every Lua snippet of the README runs as written in a host with the Go
// class MoveTo of the "Go task classes" section, and requires each module
// table it uses (bt, goap, fsm) instead of relying on a global. Each
// snippet's output over 5 ticks is the one listed here under its first
// line: a new snippet must be added to the list.
func TestREADMELuaSnippets(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := luaBlockRE.FindAllSubmatch(src, -1)
	if len(blocks) < 5 {
		t.Fatalf("%d Lua blocks in README.md, want at least 5", len(blocks))
	}
	for i, b := range blocks {
		code := string(b[1])
		for _, m := range moduleUseRE.FindAllStringSubmatch(code, -1) {
			if !strings.Contains(code, "local "+m[1]+" = require(\""+m[1]+"\")") {
				t.Errorf("block %d uses %s. without local %s = require(%q):\n%s", i, m[1], m[1], m[1], code)
			}
		}
		path := filepath.Join(t.TempDir(), "snippet.lua")
		if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		reg := btlib.NewRegistry()
		if err := reg.Register(btlib.Class{
			Name: "MoveTo", Base: "BTAction",
			Params: []btlib.Param{
				{Name: "target", Type: btlib.ArgNumber},
				{Name: "speed", Type: btlib.ArgNumber, Optional: true, Default: 1.0},
			},
			New: func(btlib.Args) (bt.Task, error) { return bt.NewFuncAction(nil), nil },
		}); err != nil {
			t.Fatal(err)
		}
		h, err := host.New(host.Options{Stdout: &out, BTAIGlobals: true, Classes: reg})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.LoadFile(path); err != nil {
			t.Errorf("block %d: %v\n%s", i, err, code)
		}
		for n := 0; n < 5 && !h.Done(); n++ {
			if err := h.Tick(1.0 / 60); err != nil {
				t.Errorf("block %d tick %d: %v\n%s", i, n+1, err, code)
				break
			}
		}
		h.Close()
		first, _, _ := strings.Cut(strings.TrimSpace(code), "\n")
		want, ok := readmeOutputs[first]
		if !ok {
			t.Errorf("block %d (%q): no expected output listed", i, first)
		} else if out.String() != want {
			t.Errorf("block %d (%q): output %q, want %q", i, first, out.String(), want)
		}
	}
}

// readmeOutputs is the output of each README Lua snippet, by first line.
var readmeOutputs = map[string]string{
	`Patrol = BTAction:New()`:  "patrol step 1\npatrol step 2\npatrol step 3\npatrol done\n",
	`local bt = require("bt")`: "true\t80\n",
	`local function TestVisibleTarget() return false end -- the game's functions`: "",
	`local goap = require("goap")`: "1\tChopLog\t4\n",
	`Careful = MoveTo:New(5, 0.5)`: "",
}

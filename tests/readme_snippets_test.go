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

// Every Lua snippet of the README and the guides in docs/ runs as
// written in a host with the Go class MoveTo of embedding.md's "Go task
// classes", and requires each module table it uses (bt, goap, fsm)
// instead of relying on a global. Each snippet's output over 5 ticks is
// the one listed here under its key (its first line that is not blank or
// a require): a new snippet must be added to the list.
func TestREADMELuaSnippets(t *testing.T) {
	blocks := docLuaBlocks(t)
	if len(blocks) < 10 {
		t.Fatalf("%d Lua blocks in README.md and docs/, want at least 10", len(blocks))
	}
	for i, b := range blocks {
		code := b.code
		for _, m := range moduleUseRE.FindAllStringSubmatch(code, -1) {
			if !strings.Contains(code, "local "+m[1]+" = require(\""+m[1]+"\")") {
				t.Errorf("%s block %d uses %s. without local %s = require(%q):\n%s", b.file, i, m[1], m[1], m[1], code)
			}
		}
		// A block whose first line names a file ("-- flee.lua: ...") is
		// written under that name beside every block of its guide, so a
		// block referencing it finds it; one that another block of the
		// guide references is run through that reference, not alone.
		named := namedBlocks(blocks, b.file)
		if name := blockFileName(code); name != "" && referencedIn(blocks, b.file, name) {
			continue
		}
		dir := t.TempDir()
		for name, src := range named {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(dir, "snippet.lua")
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
		// A block returning a factory (agents on every core) is spawned
		// as btlua --agents 4 --shards 2 would.
		factory := strings.Contains(code, "\nreturn function(")
		opts := host.Options{Stdout: &out, BTAIGlobals: true, Classes: reg}
		if factory {
			opts.Shards = 2
		}
		h, err := host.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		if factory {
			for n := 1; n <= 4; n++ {
				if _, err := h.Spawn(path, map[string]any{"index": n, "count": 4}); err != nil {
					t.Errorf("%s block %d: agent %d: %v\n%s", b.file, i, n, err, code)
				}
			}
		} else if _, err := h.LoadFile(path); err != nil {
			t.Errorf("%s block %d: %v\n%s", b.file, i, err, code)
		}
		for n := 0; n < 5 && !h.Done(); n++ {
			if err := h.Tick(1.0 / 60); err != nil {
				t.Errorf("%s block %d tick %d: %v\n%s", b.file, i, n+1, err, code)
				break
			}
		}
		h.Close()
		first := snippetKey(code)
		want, ok := readmeOutputs[first]
		if !ok {
			t.Errorf("%s block %d (%q): no expected output listed (it printed %q)", b.file, i, first, out.String())
		} else if out.String() != want {
			t.Errorf("%s block %d (%q): output %q, want %q", b.file, i, first, out.String(), want)
		}
	}
}

// readmeOutputs is the output of each documentation Lua snippet, by
// its key (see snippetKey).
var readmeOutputs = map[string]string{
	`Patrol = BTAction:New()`: "patrol step 1\npatrol step 2\npatrol step 3\npatrol done\n",
	`bt.SetGlobalVariable("alarm", true) -- one value for every tree`:             "true\t80\n",
	`local function TestVisibleTarget() return false end -- the game's functions`: "",
	`local Chop = goap.Action:New{ name = "ChopLog", cost = 4,`:                   "1\tChopLog\t4\n",
	`Careful = MoveTo:New(5, 0.5)`:                                                "",
	`-- A guard patrols until it sees an enemy, then attacks.`:                    "patrol step 1\npatrol step 2\npatrol step 3\npatrol ended\nattack!\n",
	`-- The cook is the provider: it says what the world is and what it wants.`:   "plan: 2 actions, cost 3\nfetched flour\nbaked bread\ndinner is ready\n",
	`-- Each task prints its own path when it runs.`:                              "Root/Look[1]\nRoot/Fight[2]/Aim[1]\nRoot/Fight[2]/Attack[2]\n",
	`-- crowd.lua: one guard per agent; run it with`:                              "",
	`-- A patrol that saves only where it is.`:                                    "walking to gate\nwalking to tower\nwalking to well\nwalking to gate\nwalking to tower\n",
	`-- guard.lua: btlua guard.lua`:                                               "scout flees from the wolf: 4 m\nveteran flees from the bandit: 2 m\nscout flees from the wolf: 8 m\nveteran flees from the bandit: 4 m\nveteran flees from the bandit: 6 m\n",
	`-- patrols.lua: btlua patrols.lua`:                                           "patrol at speed 2\npatrol at speed 5\n",
	`local ref = BTBehaviorTreeReference:New("flee.lua")`:                         "fight\n",
	`-- guard.lua: flee.lua twice; the scout has its own speed`:                   "scout flees at speed 4\nveteran flees at speed 2\n",
	`local fsm = goap.FSM:New()`:                                                  "guard, hp 80\nenter Flee\nflee, hp 30\nexit Flee\nGuard\t1\n",
}

// blockFileNameRE matches a block's first line naming its file.
var blockFileNameRE = regexp.MustCompile(`^-- ([\w-]+\.lua):`)

// blockFileName returns the file a block's first line names, or "".
func blockFileName(code string) string {
	if m := blockFileNameRE.FindStringSubmatch(snippetKey(code)); m != nil {
		return m[1]
	}
	return ""
}

// namedBlocks returns the blocks of the guide file that name their file,
// by that name.
func namedBlocks(blocks []docBlock, file string) map[string]string {
	out := map[string]string{}
	for _, b := range blocks {
		if name := blockFileName(b.code); b.file == file && name != "" {
			out[name] = b.code
		}
	}
	return out
}

// referencedIn reports whether a block of the guide file other than the
// one named name references it as a tree file ("name" in quotes).
func referencedIn(blocks []docBlock, file, name string) bool {
	for _, b := range blocks {
		if b.file == file && blockFileName(b.code) != name && strings.Contains(b.code, `"`+name+`"`) {
			return true
		}
	}
	return false
}

package tests

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The layers stay one-way: the pure Go core (stdlib/...) imports no Lua
// and nothing above it, not even in its tests; the Lua bindings (lua/...)
// do not import the host or the command; the host does not import the
// command. Of lua/, the host uses the bindings' public entry points
// (btlib, btailib, goaplib), the object layer (luaclass), the errors
// (luaerr), the pattern functions (luapattern) and the VM's context
// setter (luavm.SetContext, for the CPU budget) only; what it must not
// know of a binding (its hidden fields) TestNoHiddenKeysOutsideObjectLayer
// checks. The host does not import the inspector; the inspector (over the
// host) does not import the command, nor gopher-lua or gopher-luar: the
// host hands it Go values (host.Event.New, host.LuaType). The host's
// budget package (host/internal/budget) imports nothing of btlua and no
// Lua; its Lua side (host/internal/vm) imports neither the host (but its
// budget and its own libraries' limits and sandbox, vm/liblimits and
// vm/sandbox, which import no VM), nor the inspector or the command; its
// reload transaction
// (host/internal/reload) imports no host package at all, its event
// stream (host/internal/stream) no host package and no Lua, and its save
// format (host/internal/savefile) no Lua and nothing of btlua but the
// core's bt and goap (and its own types and writer, savefile/format,
// its bad save's wording, savefile/wording, which imports the types and
// the reader, and JSON reader, savefile/jsonread, which imports nothing
// of btlua); its
// sharded engine (host/internal/shards) of the
// host's packages the Lua side (vm) alone, and nothing of lua/; its
// error policy (host/internal/policy) nothing but the standard library;
// its variables' values (host/internal/vars) of the host's packages vm
// and shards only; its goroutine guard (host/internal/entry) nothing but
// the standard library; its loader (host/internal/loader) of the host's
// packages vm and reload only; its save and restore (host/internal/persist)
// of the host's packages the save format, reload's signature, the error
// policy's rules and its own value codec only; that codec
// (host/internal/persist/values) of the host's packages the save format
// only; an agent's standing in a save (host/internal/standing) of the
// host's packages the save format, the error policy and the frame
// schedule only, and no Lua; its engine side (host/internal/engine) of
// the host's packages its parts only, never the facade (package host);
// one Lua state and its agents (host/internal/state) of its parts only,
// never the engine over it nor the facade; the sharded engine
// (host/internal/sharding) of the host's packages the state's, the
// generic sharded engine's, the event stream's and the Lua side's only;
// a reload applied to one state (host/internal/statereload) of the state
// and its reload's parts only; a scope of variables seen from Go
// (host/internal/scope) of the guard's refusals and the values' only;
// the classic host's engine (host/internal/single) of the state's, its
// reload's and the save format's only; one state's side of a save
// (host/internal/statesave) of the state and the save's parts only; the
// facade's calls on one agent (host/internal/agentctl) of the state's
// and the variables' scope only; a LoadFile or Spawn in one state
// (host/internal/stateload) of the state's and its loader's only; a
// host's save and restore across its states (host/internal/hostsave) of
// the state's, its loads', one state's save side's, the save drivers'
// and the save format's only.
func TestLayering(t *testing.T) {
	rules := []struct {
		dir       string
		tests     bool // test files too (end-to-end tests of a binding may use the host)
		forbidden []string
		// allowed, when set, lists the only packages under allowedIn
		// that the directory may import.
		allowedIn string
		allowed   []string
	}{
		{"stdlib", true, []string{"github.com/yuin/gopher-lua", "layeh.com/gopher-luar", "github.com/btlua/btlua/lua", "github.com/btlua/btlua/host", "github.com/btlua/btlua/cmd"}, "", nil},
		{"lua", false, []string{"github.com/btlua/btlua/host", "github.com/btlua/btlua/cmd"}, "", nil},
		{"host", false, []string{"github.com/btlua/btlua/cmd", "github.com/btlua/btlua/inspect"}, "github.com/btlua/btlua/lua/",
			[]string{"btlib", "btailib", "goaplib", "luaclass", "luaerr", "luapattern", "luavm"}},
		{"inspect", false, []string{"github.com/yuin/gopher-lua", "layeh.com/gopher-luar", "github.com/btlua/btlua/cmd"}, "", nil},
		// The host's limits (CPU budget, heap checks) know no host, agent
		// or Lua: the standard library only.
		{"host/internal/budget", true, []string{"github.com/btlua/btlua", "github.com/yuin/gopher-lua", "layeh.com/gopher-luar"}, "", nil},
		// The host's Lua side (state, libraries, sandbox, values) never
		// reaches back into the host, the inspector or the command.
		// Of the host's packages it may import the budget only.
		{"host/internal/vm", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/budget", "/internal/vm/liblimits", "/internal/vm/sandbox"}},
		// The libraries' limits (string sizes, chunk size, tail calls,
		// os.time and os.date) know no VM or sandbox: of the host's
		// packages the budget (its byte sizes' wording) only, of lua/
		// the pattern functions (luapattern) only.
		{"host/internal/vm/liblimits", true, nil, "github.com/btlua/btlua/host",
			[]string{"/internal/budget"}},
		{"host/internal/vm/liblimits", true, nil, "github.com/btlua/btlua/lua/",
			[]string{"luapattern"}},
		// The sandbox knows no VM and reads no file: of the host's
		// packages none, of lua/ the object layer (luaclass: a class's
		// sealed proxy) only.
		{"host/internal/vm/sandbox", true, nil, "github.com/btlua/btlua/host", nil},
		{"host/internal/vm/sandbox", true, nil, "github.com/btlua/btlua/lua/",
			[]string{"luaclass"}},
		// The reload transaction (snapshot, stage, merge, signature, plan)
		// is handed a Lua state, its library and trees: it imports no
		// package of the host (nor the host itself), the inspector or the
		// command.
		{"host/internal/reload", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host", nil},
		// The host's event stream knows no host: agents are references,
		// values arrive as Go values (no Lua). Of lua/ it may import the
		// errors (luaerr) and the GOAP and BTAI bindings' observers only,
		// and nothing of the host's packages.
		{"host/internal/stream", true, []string{"github.com/btlua/btlua/host", "github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd", "github.com/yuin/gopher-lua", "layeh.com/gopher-luar"}, "github.com/btlua/btlua/lua/",
			[]string{"luaerr", "goaplib", "btailib"}},
		// How a blackboard value is seen from Go knows no host: of the
		// host's packages the Lua side (vm) and the sharded engine's
		// table form (shards), of lua/ the errors (luaerr).
		{"host/internal/vars", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd", "github.com/btlua/btlua/lua/btlib", "github.com/btlua/btlua/lua/btailib", "github.com/btlua/btlua/lua/goaplib", "github.com/btlua/btlua/lua/luaclass", "github.com/btlua/btlua/lua/luasrc"}, "github.com/btlua/btlua/host",
			[]string{"/internal/vm", "/internal/shards"}},
		// The goroutine guard (Curg, Guard) knows no host: the standard
		// library only.
		{"host/internal/entry", true, []string{"github.com/btlua/btlua", "github.com/yuin/gopher-lua", "layeh.com/gopher-luar"}, "", nil},
		// The error policy (actions, rules, back-off, the error log) knows
		// no host, agent or Lua: the standard library only.
		{"host/internal/policy", true, []string{"github.com/btlua/btlua", "github.com/yuin/gopher-lua", "layeh.com/gopher-luar"}, "", nil},
		// The sharded engine (placement, crew, frames and their joins, the
		// global variables' logical blackboard) drives shards through an
		// interface of its own: of the host's packages it imports the Lua
		// side (vm) only, and no binding of lua/.
		{"host/internal/shards", true, []string{"github.com/btlua/btlua/lua", "github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/vm"}},
		// The loader (a script's run, its trees or factory checked, the
		// files require, dofile and tree references run, the BTAI lint)
		// is handed a VM and the host's record of files and trees through
		// interfaces: of the host's packages it imports the Lua side (vm)
		// and the reload transaction's staging (reload) only, never the
		// host, the inspector or the command.
		{"host/internal/loader", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/vm", "/internal/reload"}},
		// The save format (host/internal/savefile: decoding, checks,
		// error wording; its types and writer in savefile/format) knows
		// no host and no Lua: of btlua it imports the core's bt and goap
		// only, and of the host's packages its own sub-packages.
		{"host/internal/savefile", true, []string{"github.com/yuin/gopher-lua", "layeh.com/gopher-luar", "github.com/btlua/btlua/lua", "github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/stdlib/",
			[]string{"bt", "goap"}},
		{"host/internal/savefile", true, nil, "github.com/btlua/btlua/host",
			[]string{"/internal/savefile/format", "/internal/savefile/jsonread", "/internal/savefile/wording"}},
		// A bad save's wording (the place, key and kinds of a JSON error,
		// a null, a missing or repeated key) knows no decoder: of the
		// save's packages it imports the types (format) and the JSON
		// reader (jsonread) only; of btlua the core's bt and goap.
		{"host/internal/savefile/wording", true, []string{"github.com/yuin/gopher-lua", "layeh.com/gopher-luar", "github.com/btlua/btlua/lua", "github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/savefile/format", "/internal/savefile/jsonread"}},
		// The save's types and writer (savefile/format) read nothing back:
		// of the save's packages they import the JSON reader's number
		// boxing (jsonread) only, never the decoder (savefile).
		{"host/internal/savefile/format", true, nil, "github.com/btlua/btlua/host",
			[]string{"/internal/savefile/jsonread"}},
		// The JSON reader knows nothing of saves: the standard library
		// only.
		{"host/internal/savefile/jsonread", true, []string{"github.com/btlua/btlua", "github.com/yuin/gopher-lua", "layeh.com/gopher-luar"}, "", nil},
		// Saving and restoring (the drivers of an agent's save and
		// restore, the loads' checks, the chunk locals' baseline) is
		// handed a Lua state, trees and the save's values: of the host's
		// packages it imports the save format, reload's signature, the
		// error policy's rules and its value codec (persist/values) only,
		// never the host.
		{"host/internal/persist", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd", "layeh.com/gopher-luar"}, "github.com/btlua/btlua/host",
			[]string{"/internal/savefile", "/internal/reload", "/internal/policy", "/internal/persist/values"}},
		// The value codec (Lua values to savefile values and back, the
		// journal, the built functions) knows no driver, reload or policy:
		// of the host's packages it imports the save format only, of lua/
		// the bindings' entry points, the object layer and the errors.
		{"host/internal/persist/values", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd", "layeh.com/gopher-luar"}, "github.com/btlua/btlua/host",
			[]string{"/internal/savefile"}},
		{"host/internal/persist/values", true, nil, "github.com/btlua/btlua/lua/",
			[]string{"btlib", "goaplib", "luaclass", "luaerr"}},
		// An agent's standing in a save (its error policy's back-off, its
		// tick schedule) is handed values: of the host's packages the save
		// format, the error policy and the frame schedule only, no Lua.
		{"host/internal/standing", true, []string{"github.com/yuin/gopher-lua", "layeh.com/gopher-luar", "github.com/btlua/btlua/lua", "github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/savefile", "/internal/policy", "/internal/schedule"}},
		// The engine side of the host (its Runtime, Lua states, agents,
		// loads, the single and sharding engines and the glue of reload
		// over its parts) never imports the facade,
		// package host, nor its watcher: of the host's packages its parts
		// only.
		{"host/internal/engine", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/budget", "/internal/entry", "/internal/hostsave", "/internal/loader", "/internal/persist", "/internal/persist/values", "/internal/policy", "/internal/reload", "/internal/savefile", "/internal/schedule", "/internal/scope", "/internal/sharding", "/internal/shards", "/internal/single", "/internal/sources", "/internal/standing", "/internal/state", "/internal/statereload", "/internal/statesave", "/internal/stream", "/internal/vars", "/internal/vm"}},
		// The classic host's engine over one state (host/internal/single)
		// is the other: it imports neither the engine nor the facade; of
		// the host's packages the state's, its loads', its reload's and
		// the save format's only.
		{"host/internal/single", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/savefile", "/internal/state", "/internal/stateload", "/internal/statereload"}},
		// The sharded engine over N states (host/internal/sharding) is
		// one of the engine's two: it imports neither the engine nor the
		// facade; of the host's packages the state's, the save format's,
		// the generic sharded engine's (shards), the event stream's and
		// the Lua side's (and the loads and the reload in a state) only.
		{"host/internal/sharding", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/entry", "/internal/savefile", "/internal/shards", "/internal/state", "/internal/stateload", "/internal/statereload", "/internal/stream", "/internal/vm"}},
		// One Lua state and its agents (host/internal/state) is the
		// engine's part, never the engine's whole: it imports neither the
		// engine (host/internal/engine) nor the facade, its watcher or
		// the sharded engine's own package; of the host's packages its
		// parts below only.
		// A reload applied to one state (host/internal/statereload) is
		// handed the state: of the host's packages it imports the state,
		// its loads (stateload, for a factory's trees), its loader, its
		// record of files and the reload transaction only, never the
		// engine or the facade.
		// A scope of variables seen from Go (host/internal/scope) is
		// handed its owner, an agent or the host: of the host's packages
		// it imports the goroutine guard's refusals (entry), the sharded
		// engine's sameness of values (shards) and the values'
		// conversions (vars) only, never a state, the engine or the
		// facade.
		{"host/internal/scope", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/entry", "/internal/shards", "/internal/vars"}},
		// One state's side of a save and a restore
		// (host/internal/statesave) is handed the state: of the host's
		// packages it imports the state, its loader, the save format,
		// the save's drivers (persist) and an agent's standing only,
		// never the engine or the facade.
		{"host/internal/statesave", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/loader", "/internal/persist", "/internal/savefile", "/internal/standing", "/internal/state"}},
		// The facade's calls on one agent (host/internal/agentctl) are
		// handed the agent: of the host's packages it imports the state
		// and the variables' scope only, never the engine or the facade.
		{"host/internal/agentctl", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/scope", "/internal/state"}},
		// A LoadFile or Spawn in one state (host/internal/stateload) is
		// handed the state: of the host's packages it imports the state
		// and its loader only, never the engine or the facade.
		{"host/internal/stateload", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/loader", "/internal/state"}},
		// A host's save and restore across its states
		// (host/internal/hostsave) is handed the Runtime through an
		// interface: of the host's packages it imports the state, its
		// loads, one state's side of a save, the save's drivers and its
		// format only, never the engine, the engines under it or the
		// facade.
		{"host/internal/hostsave", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/persist", "/internal/savefile", "/internal/state", "/internal/stateload", "/internal/statesave"}},
		{"host/internal/statereload", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/loader", "/internal/reload", "/internal/sources", "/internal/state", "/internal/stateload"}},
		{"host/internal/state", true, []string{"github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd"}, "github.com/btlua/btlua/host",
			[]string{"/internal/budget", "/internal/entry", "/internal/loader", "/internal/persist", "/internal/persist/values", "/internal/policy", "/internal/reload", "/internal/savefile", "/internal/schedule", "/internal/scope", "/internal/shards", "/internal/sources", "/internal/standing", "/internal/stream", "/internal/vars", "/internal/vm"}},
		// The record of a state's loaded files (keys, load order, kinds,
		// the tables each defined, marks for a failed reload) knows no
		// agent, load or host: of the host's packages the loader (its
		// Kind and Record) only, and no binding of lua/.
		{"host/internal/sources", true, []string{"github.com/btlua/btlua/lua", "github.com/btlua/btlua/inspect", "github.com/btlua/btlua/cmd", "layeh.com/gopher-luar"}, "github.com/btlua/btlua/host",
			[]string{"/internal/loader"}},
	}
	for _, r := range rules {
		checked := 0
		err := filepath.WalkDir(filepath.Join("..", r.dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			if !r.tests && strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			checked++
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				for _, bad := range r.forbidden {
					if p == bad || strings.HasPrefix(p, bad+"/") {
						t.Errorf("%s imports %s", path, p)
					}
				}
				if rest, ok := strings.CutPrefix(p, r.allowedIn); ok && r.allowedIn != "" && !slices.Contains(r.allowed, rest) && (rest == "" || rest[0] == '/' || strings.HasSuffix(r.allowedIn, "/")) {
					t.Errorf("%s imports %s; of %s it may import only %v", path, p, r.allowedIn, r.allowed)
				}
			}
			return nil
		})
		if err != nil || checked == 0 {
			t.Fatalf("%s: %d files checked, err %v", r.dir, checked, err)
		}
	}
}

// A program that embeds the host without watching files does not import
// fsnotify: only host/watch does.
func TestHostWithoutFsnotify(t *testing.T) {
	for pkg, want := range map[string]bool{"../host": false, "../host/watch": true} {
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		deps := strings.Fields(string(out))
		if got := slices.Contains(deps, "github.com/fsnotify/fsnotify"); got != want {
			t.Errorf("%s imports fsnotify: %v, want %v", pkg, got, want)
		}
	}
}

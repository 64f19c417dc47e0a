package host

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// In the sandbox, each way out of it ends in a clear Lua error at the line
// that tried, and the host goes on.
func TestSandboxRefuses(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(filepath.Dir(dir), "secret.lua")
	if err := os.WriteFile(secret, []byte("return 'secret'"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(secret)
	for _, c := range []struct{ code, want string }{
		{`os.execute("echo hi")`, `:1: os.execute is not available in the btlua sandbox`},
		{`io.open("/etc/passwd")`, `:1: io.open is not available in the btlua sandbox`},
		{`io.popen("ls")`, `:1: io.popen is not available in the btlua sandbox`},
		{`os.exit(0)`, `:1: os.exit is not available in the btlua sandbox`},
		{`os.remove("x")`, `:1: os.remove is not available in the btlua sandbox`},
		{`debug.setmetatable("", {})`, `:1: debug.setmetatable is not available in the btlua sandbox`},
		{`debug.getregistry()`, `:1: debug.getregistry is not available in the btlua sandbox`},
		{`dofile("/etc/passwd")`, `:1: dofile is not available in the btlua sandbox`},
		{`loadfile("/etc/passwd")`, `:1: loadfile is not available in the btlua sandbox`},
		{`channel.make()`, `:1: channel.make is not available in the btlua sandbox`},
		{`require("../secret")`, `:1: require "../secret": the btlua sandbox takes module names (dotted, like ai.guard) inside the script folders only`},
		{`package.path = "` + filepath.Dir(dir) + `/?.lua"; require("secret")`, `:1: module secret not found:` + "\n\tno field package.preload['secret']\n\t'" + secret + "' is outside the script folders (btlua sandbox)"},
		{`setmetatable("", {__index = function() return "pwned" end})`, `:1: bad argument #1 to 'setmetatable' (table expected, got string)`},
		{`getmetatable("").__index = {}`, `:1: attempt to index a string value (key '__index')`},
		{`string.upper = function() return "pwned" end`, `:1: cannot set string.upper: the string library is locked by the btlua sandbox`},
		{`rawset(string, "upper", print)`, `:1: rawset: the string library is locked by the btlua sandbox`},
		{`setmetatable(string, {})`, `:1: cannot change a protected metatable`},
		{`math.huge = 1`, `:1: cannot set math.huge: the math library is locked by the btlua sandbox`},
		{`table.insert = nil`, `:1: cannot set table.insert: the table library is locked by the btlua sandbox`},
		{`os.time = nil`, `:1: cannot set os.time: the os library is locked by the btlua sandbox`},
	} {
		t.Run(c.code, func(t *testing.T) {
			var out bytes.Buffer
			h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), Sandbox: true})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			path := filepath.Join(dir, "mod.lua")
			if err := os.WriteFile(path, []byte(c.code+"\nreturn BTLog:New('ok')\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err = h.LoadFile(path)
			if err == nil || err.Error() != path+c.want {
				t.Fatalf("error\n%v\nwant\n%s", err, path+c.want)
			}
			ok := filepath.Join(dir, "ok.lua")
			if err := os.WriteFile(ok, []byte(`print(("x"):upper(), getmetatable(""), os.time{year=2020, month=1, day=1, hour=0} ~= nil)
return BTLog:New("ok")`), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := h.LoadFile(ok); err != nil {
				t.Fatal(err)
			}
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
			if want := "X\tthe string metatable is locked by the btlua sandbox\ttrue\nok\n"; out.String() != want {
				t.Errorf("output %q, want %q", out.String(), want)
			}
		})
	}
}

// In the sandbox, require finds modules inside the script folder
// (sub-folders too) and the standard libraries work as usual.
func TestSandboxAllows(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "ai"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ai", "guard.lua"), []byte("return { say = function() return 'halt' end }"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "main.lua")
	if err := os.WriteFile(path, []byte(`
local guard = require("ai.guard")
local t = {3, 1, 2}
table.sort(t)
local co = coroutine.wrap(function() coroutine.yield(1) end)
print(guard.say(), table.concat(t, ","), string.format("%5.2f", math.pi), co(), type(os.clock()), os.date("%Y", 0) ~= nil)
local parts, i = {"return ", "1"}, 0
print(load(function() i = i + 1 return parts[i] end)(), loadstring("return 2")())
local C = setmetatable({}, {__index = function() return 7 end})
print(C.x, getmetatable(C) ~= nil)
return BTLog:New("done")
`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), Sandbox: true, Budget: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if want := "halt\t1,2,3\t 3.14\t1\tnumber\ttrue\n1\t2\n7\ttrue\ndone\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

// With scripts in an fs.FS, the sandbox's script folders are folders of
// the FS: require finds modules under the script's folder and
// Options.SearchPath, and refuses a module elsewhere in the FS.
func TestSandboxFS(t *testing.T) {
	fsys := fstest.MapFS{
		"ai/guard.lua":      {Data: []byte(`local alarm = require("lib.alarm")` + "\nprint(alarm, require(\"shared\"))\nreturn BTIdle:New()\n")},
		"ai/lib/alarm.lua":  {Data: []byte(`return "alarm"`)},
		"common/shared.lua": {Data: []byte(`return "shared"`)},
		"secret.lua":        {Data: []byte(`return "secret"`)},
		"mod/thief.lua":     {Data: []byte("require(\"secret\")\nreturn BTIdle:New()\n")},
	}
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, FS: fsys, Sandbox: true, SearchPath: []string{"common"}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile("ai/guard.lua"); err != nil {
		t.Fatal(err)
	}
	if out.String() != "alarm\tshared\n" {
		t.Errorf("output %q", out.String())
	}
	_, err = h.LoadFile("mod/thief.lua")
	if want := "mod/thief.lua:1: module secret not found:\n\tno field package.preload['secret']" +
		"\n\tno file 'mod/secret.lua'\n\tno file 'mod/secret/init.lua'\n\tno file 'common/secret.lua'\n\tno file 'common/secret/init.lua'" +
		"\n\tno file 'ai/secret.lua'\n\tno file 'ai/secret/init.lua'" +
		"\n\t'secret.lua' is outside the script folders (btlua sandbox)\n\t'secret/init.lua' is outside the script folders (btlua sandbox)"; err == nil || err.Error() != want {
		t.Errorf("error\n%q\nwant\n%q", err, want)
	}
}

// In the sandbox, require of a module whose file would be outside the
// script folders says the same whether that file exists or not (no
// oracle of which files exist outside), and does not stop a later
// package.path entry inside them from being found.
func TestSandboxOutsideFileExistenceHidden(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	script := filepath.Join(dir, "mod.lua")
	code := `package.path = "` + out + `/?;` + out + `/?.lua"; return require("passwd")`
	if err := os.WriteFile(script, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	load := func() string {
		h, err := New(Options{Stdout: io.Discard, Sandbox: true})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		_, err = h.LoadFile(script)
		if err == nil {
			t.Fatal("require of a file outside the script folders loaded")
		}
		return err.Error()
	}
	missing := load()
	if err := os.WriteFile(filepath.Join(out, "passwd"), []byte("return BTLog:New('secret')"), 0o644); err != nil {
		t.Fatal(err)
	}
	present := load()
	if missing != present {
		t.Errorf("the refusal depends on whether the file exists:\nmissing: %s\npresent: %s", missing, present)
	}
	want := script + `:1: module passwd not found:` + "\n\tno field package.preload['passwd']" +
		"\n\t'" + out + "/passwd' is outside the script folders (btlua sandbox)" +
		"\n\t'" + out + "/passwd.lua' is outside the script folders (btlua sandbox)"
	if !strings.HasPrefix(present, want) {
		t.Errorf("refusal\n%s\nwant it to begin with\n%s", present, want)
	}
	// An entry inside the folders after the outside ones is still found.
	if err := os.WriteFile(filepath.Join(dir, "passwd.lua"), []byte("return BTLog:New('inside')"), 0o644); err != nil {
		t.Fatal(err)
	}
	code = `package.path = "` + out + `/?;` + dir + `/?.lua"; return require("passwd")`
	if err := os.WriteFile(script, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	h, err := New(Options{Stdout: &buf, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(script); err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil || buf.String() != "inside\n" {
		t.Errorf("Tick: %v, output %q; want the module inside the folders to log \"inside\"", err, buf.String())
	}
}

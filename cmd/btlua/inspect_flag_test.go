package main

import (
	"regexp"
	"strings"
	"testing"
)

// A bad --inspect address is a usage error (exit 2) found when the flags
// are parsed, with a message that says what is wanted: not "invalid
// boolean value", and not a listen error after the script loaded.
func TestInspectFlagBadAddress(t *testing.T) {
	for _, c := range []struct{ arg, got string }{
		{"--inspect=nonsense", `"nonsense"`},
		{"--inspect=", `""`},
		{"--inspect=127.0.0.1:99999", `"127.0.0.1:99999" (port 99999 is over 65535)`},
		{"--inspect=127.0.0.1:-1", `"127.0.0.1:-1" (port -1 is not a number from 0 to 65535)`},
		{"--inspect=127.0.0.1:http", `"127.0.0.1:http" (port http is not a number from 0 to 65535)`},
	} {
		code, out, errOut := runCLI("--fast", "--ticks", "3", c.arg, seq)
		want := "btlua: --inspect wants HOST:PORT with a port from 0 to 65535, such as " + defaultInspectAddr + ", got " + c.got + "\n"
		if code != exitUsage || out != "" || !strings.HasPrefix(errOut, want) || strings.Contains(errOut, "boolean") {
			t.Errorf("%s: code %d, stdout %q, stderr %q; want %d and %q first", c.arg, code, out, errOut, exitUsage, want)
		}
	}
}

// An --inspect address whose host does not resolve is a usage error
// (exit 2) found when the flags are parsed, before the script runs.
// Names under .invalid never resolve (RFC 6761).
func TestInspectFlagHostDoesNotResolve(t *testing.T) {
	code, out, errOut := runCLI("--fast", "--ticks", "3", "--inspect=nohost.invalid:0", seq)
	want := `btlua: --inspect: the host "nohost.invalid" of "nohost.invalid:0" does not resolve (no such host)` + "\n" + usageHint
	if code != exitUsage || out != "" || errOut != want {
		t.Errorf("code %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, exitUsage, want)
	}
}

// The inspector's address is printed with the host as given (0.0.0.0,
// not [::]), and the port it listens on.
func TestInspectFlagPrintsAddressAsGiven(t *testing.T) {
	code, _, errOut := runCLI("--fast", "--ticks", "2", "--inspect=0.0.0.0:0", seq)
	if line := regexp.MustCompile(`(?m)^btlua: inspector at http://0\.0\.0\.0:[1-9][0-9]*/ `); code != exitOK || !line.MatchString(errOut) {
		t.Errorf("code %d, stderr %q", code, errOut)
	}
}

// --inspect with --ticks N ends the run after N ticks (the page goes
// with it), as --help says; without --ticks the run goes on after the
// trees complete, until Ctrl-C.
func TestInspectWithTicksEnds(t *testing.T) {
	code, out, errOut := runCLI("--fast", "--ticks", "6", "--inspect", "127.0.0.1:0", seq)
	if code != exitOK || out != "22\n22\n22\nThis is log!!!\n" {
		t.Errorf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
	_, _, help := runCLI("--help")
	if !strings.Contains(help, "the run goes on after the trees complete, until Ctrl-C or until --ticks runs out") {
		t.Errorf("--help does not say that --ticks ends an --inspect run:\n%s", help)
	}
}

// A word after a bare --inspect that is no address is taken for the
// script: with the script after it, or before, the error about two
// scripts says how --inspect takes its address; two scripts without
// --inspect get no such hint. Each is a usage error, followed by the
// usage line.
func TestInspectFlagWordTakenForScript(t *testing.T) {
	hint := `btlua: more than one script given: "foo" and "script.lua" ("foo" follows a bare --inspect, which takes its address as --inspect=HOST:PORT)` + "\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--inspect", "foo", "script.lua"}, hint},
		{[]string{"-inspect", "foo", "script.lua"}, strings.Replace(hint, "a bare --inspect", "a bare -inspect", 1)},
		{[]string{"script.lua", "--inspect", "foo"}, `btlua: more than one script given: "script.lua" and "foo" ("foo" follows a bare --inspect, which takes its address as --inspect=HOST:PORT)` + "\n"},
		{[]string{"--inspect=127.0.0.1:0", "foo", "script.lua"}, `btlua: more than one script given: "foo" and "script.lua"` + "\n"},
		{[]string{"foo", "script.lua"}, `btlua: more than one script given: "foo" and "script.lua"` + "\n"},
		{[]string{"--inspect", "a.lua", "script.lua"}, `btlua: more than one script given: "a.lua" and "script.lua"` + "\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || errOut != c.want+usageHint {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want %d and %q", c.args, code, out, errOut, exitUsage, c.want+usageHint)
		}
	}
}

// A lone word after a bare --inspect that is no file is taken for the
// script: the usage error that it does not exist says how --inspect takes
// its address; a missing script not after a bare --inspect gets no such
// hint (and fails at its load, exit 1).
func TestInspectFlagWordTakenForLoneScript(t *testing.T) {
	hint := ` ("foo" follows a bare --inspect, which takes its address as --inspect=HOST:PORT)`
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--inspect", "foo"}, exitUsage, "btlua: foo: no such file" + hint + "\n"},
		{[]string{"--fast", "-inspect", "foo"}, exitUsage, "btlua: foo: no such file" + strings.Replace(hint, "a bare --inspect", "a bare -inspect", 1) + "\n"},
		{[]string{"--inspect=127.0.0.1:0", "foo"}, exitFailed, "btlua: foo: no such file\n"},
		{[]string{"foo"}, exitFailed, "btlua: foo: no such file\n"},
		{[]string{"--inspect", "missing.lua"}, exitFailed, "btlua: missing.lua: no such file\n"},
	} {
		if c.code == exitUsage {
			c.want += usageHint // a usage error ends with the usage line
		}
		code, out, errOut := runCLI(c.args...)
		if code != c.code || out != "" || errOut != c.want {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
}

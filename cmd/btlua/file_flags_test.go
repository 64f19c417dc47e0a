package main

import (
	"os"
	"path/filepath"
	"testing"
)

// Every file flag that cannot open its file names the flag and the file,
// as --save does: "--FLAG FILE: cannot write there: WHY".
func TestFileFlagErrorsNameTheFlag(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no", "such")
	notDir := filepath.Join(dir, "plain")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--fast", "--ticks", "1", "--record", filepath.Join(missing, "x.jsonl"), seq},
			"btlua: --record " + filepath.Join(missing, "x.jsonl") + ": cannot write there: the folder " + missing + " does not exist\n"},
		{[]string{"--fast", "--ticks", "1", "--record", filepath.Join(notDir, "x.jsonl"), seq},
			"btlua: --record " + filepath.Join(notDir, "x.jsonl") + ": cannot write there: " + notDir + " is not a folder\n"},
		{[]string{"--fast", "--ticks", "1", "--record", dir, seq},
			"btlua: --record " + dir + ": cannot write there: it is a folder\n"},
		{[]string{"--fast", "--restore", filepath.Join(missing, "s.json"), seq},
			"btlua: --restore " + filepath.Join(missing, "s.json") + ": cannot read it: no such file or directory\n"},
		{[]string{"--lua-stubs", filepath.Join(notDir, "p")},
			"btlua: --lua-stubs " + filepath.Join(notDir, "p") + ": cannot write there: mkdir " + notDir + ": not a directory\n"},
		{[]string{"replay", filepath.Join(missing, "r.jsonl")},
			"btlua: replay " + filepath.Join(missing, "r.jsonl") + ": cannot read it: no such file or directory\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitFailed || out != "" || errOut != c.want {
			t.Errorf("btlua %q: code %d, stdout %q, stderr\n%q\nwant 1 and\n%q", c.args, code, out, errOut, c.want)
		}
	}
}

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A plain-tree script loaded twice (--agents 2) on 2 shards, saved at
// tick 10 and restored, prints for ticks 11 to 20 what the straight
// 20-tick run prints: each load goes back to the shard it ran on, with
// the globals of its own Lua state. With --restore and no --shards the
// save's shard count is used; another count is refused, naming the
// script and both counts. --agents, which --restore needs not, must
// say the save's number of agents.
func TestRestorePlainLoadsOnShards(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"warrior.lua", "lumberjack.lua"} {
		script := filepath.Join("..", "..", "scripts", name)
		code, full, errOut := runCLI("--fast", "--agents", "2", "--shards", "2", "--ticks", "20", script)
		if code != exitOK {
			t.Fatalf("%s: 20 ticks: code %d, stderr %q", name, code, errOut)
		}
		save := filepath.Join(dir, name+".json")
		code, first, errOut := runCLI("--fast", "--agents", "2", "--shards", "2", "--ticks", "10", "--save", save, script)
		if code != exitOK {
			t.Fatalf("%s: --save: code %d, stderr %q", name, code, errOut)
		}
		if !strings.HasPrefix(full, first) {
			t.Fatalf("%s: the 10-tick run printed\n%s\nnot the start of the 20-tick run's\n%s", name, first, full)
		}
		want := strings.TrimPrefix(full, first)
		if want == "" {
			t.Fatalf("%s: ticks 11 to 20 print nothing", name)
		}
		for _, args := range [][]string{
			{"--fast", "--shards", "2", "--restore", save, "--ticks", "10", script},
			{"--fast", "--restore", save, "--ticks", "10", script},
			{"--fast", "--agents", "2", "--shards", "2", "--restore", save, "--ticks", "10", script},
		} {
			code, rest, errOut := runCLI(args...)
			if args[1] == "--agents" { // its figures on stderr
				errOut = ""
			}
			if code != exitOK || errOut != "" {
				t.Fatalf("%s %v: code %d, stderr %q", name, args, code, errOut)
			}
			if rest != want {
				t.Fatalf("%s %v: printed\n%s\nwant (ticks 11 to 20 of the straight run)\n%s", name, args, rest, want)
			}
		}
		code, out, errOut := runCLI("--fast", "--agents", "3", "--restore", save, "--ticks", "10", script)
		if want := "btlua: --restore " + save + ": the save holds 2 agents, and --agents says 3 (--restore needs no --agents)\n"; code != exitFailed || out != "" || errOut != want {
			t.Fatalf("%s --agents 3: code %d, stdout %q, stderr\n%q\nwant\n%q", name, code, out, errOut, want)
		}
		code, out, errOut = runCLI("--fast", "--shards", "1", "--restore", save, "--ticks", "10", script)
		wantErr := "btlua: --restore " + save + ": restoring: the save was made on 2 shards and this host has 1: " + script +
			" is loaded 2 times (LoadFile, no factory spawn), and such agents depend on the Lua state each load ran in; restore it on 2 shards (Options.Shards, --shards)\n"
		if code != exitFailed || out != "" || errOut != wantErr {
			t.Fatalf("%s on 1 shard: code %d, stdout %q, stderr\n%q\nwant\n%q", name, code, out, errOut, wantErr)
		}
	}
}

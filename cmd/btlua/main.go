// Command btlua runs behavior trees written in Lua.
//
//	btlua [flags] script.lua [flags]
//
// The script builds trees in the style of the Lua behavior-tree series and
// returns them (return TestBehaviorTree:New(), or a list of trees). btlua
// ticks them until all have completed, then exits 0. It exits 1 when a
// script fails (the message names the file, line and task) and 2 on a bad
// command line.
package main

import (
	"os"
)

// version is the btlua release; set with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

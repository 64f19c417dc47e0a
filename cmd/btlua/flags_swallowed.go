package main

import (
	"flag"
	"fmt"
	"strings"
)

// swallowedScript returns, when no script is left after the flags, the
// error for a flag of fs given a value that looks like the script (a
// path ending in .lua, any case), most likely taken as its value because
// the value was forgotten:
//
//	--record took "script.lua" as its FILE and no script is left: write --record FILE script.lua
//
// It is nil when no flag took such a value. Bool flags take no value.
func swallowedScript(fs *flag.FlagSet) error {
	return visitValueFlags(fs, func(f *flag.Flag, v, what, placeholder string) error {
		if !strings.HasSuffix(strings.ToLower(v), ".lua") {
			return nil
		}
		return fmt.Errorf("--%s took %q as its %s and no script is left: write --%s %s %s",
			f.Name, v, what, f.Name, placeholder, v)
	})
}

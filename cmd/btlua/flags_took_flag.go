package main

import (
	"flag"
	"fmt"
	"strings"
)

// flagTookAFlag returns the error for a flag of fs whose value is the
// name of another of its flags (--restore --ticks 2 script.lua: the save
// file was forgotten, and --restore took "--ticks"):
//
//	--restore took "--ticks" as its FILE: write --restore FILE --ticks
//
// It is nil when no flag took such a value; bool flags take no value, and
// a value such as "-5" that names no flag is a value.
func flagTookAFlag(fs *flag.FlagSet) error {
	return visitValueFlags(fs, func(f *flag.Flag, v, what, placeholder string) error {
		name, _, _ := strings.Cut(strings.TrimLeft(v, "-"), "=")
		if !strings.HasPrefix(v, "-") || name == "" || fs.Lookup(name) == nil {
			return nil
		}
		return fmt.Errorf("--%s took %q as its %s: write --%s %s %s", f.Name, v, what, f.Name, placeholder, v)
	})
}

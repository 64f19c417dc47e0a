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
//	--restore took "--ticks" as its FILE: write --restore FILE --ticks ...
//
// It is nil when no flag took such a value; bool flags take no value, and
// a value such as "-5" that names no flag is a value.
func flagTookAFlag(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err != nil {
			return
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			return
		}
		v := f.Value.String()
		name, _, _ := strings.Cut(strings.TrimLeft(v, "-"), "=")
		if !strings.HasPrefix(v, "-") || name == "" || fs.Lookup(name) == nil {
			return
		}
		arg, _ := flag.UnquoteUsage(f)
		what, placeholder := "value", "VALUE"
		if arg != "" && arg == strings.ToUpper(arg) { // a `NAME` of its usage
			what, placeholder = arg, arg
		}
		err = fmt.Errorf("--%s took %q as its %s: write --%s %s %s ...", f.Name, v, what, f.Name, placeholder, v)
	})
	return err
}

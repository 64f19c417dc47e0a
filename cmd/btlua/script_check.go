package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"unicode/utf8"
)

// sniffSize is how many of a script's first bytes checkScript reads.
const sniffSize = 512

// luaSignature starts precompiled Lua bytecode (luac's output).
const luaSignature = "\x1bLua"

// checkScript returns why path cannot be a Lua script, before the host
// loads it, or nil: "PATH: no such file", "PATH is a directory, not a
// Lua script", "PATH is not Lua text (a NUL byte at byte N)" (N from 1)
// or "(its first bytes are not UTF-8)", or "PATH is precompiled Lua
// bytecode, ...". Only the first sniffSize bytes are read; text that is
// not UTF-8 further on (a Latin-1 comment) is left to the loader.
func checkScript(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: no such file", path)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory, not a Lua script", path)
	}
	head := make([]byte, sniffSize)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return err
	}
	head = head[:n]
	if bytes.HasPrefix(head, []byte(luaSignature)) {
		return fmt.Errorf("%s is precompiled Lua bytecode, which btlua does not load: give its source", path)
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return fmt.Errorf("%s is not Lua text (a NUL byte at byte %d)", path, i+1)
	}
	if r, size := utf8.DecodeRune(head); r == utf8.RuneError && size == 1 {
		return fmt.Errorf("%s is not Lua text (its first bytes are not UTF-8)", path)
	}
	return nil
}

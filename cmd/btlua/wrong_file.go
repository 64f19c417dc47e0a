package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/inspect"
)

// A save and a recording are both JSON a user may give to the other's
// command (btlua replay s.json, --restore run.jsonl): the refusals below
// say which file it is and the command that reads it.

// saveNotRecording returns, when path is a save that btlua replay was
// given, the line that says so and how to resume it ("s.json is a btlua
// save file (written by --save), not a recording; resume it with btlua
// --restore s.json ai.lua"); "" when path is no save.
func saveNotRecording(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	data, err := host.ReadSave(f)
	if err != nil {
		return ""
	}
	scripts, err := host.SaveScripts(data)
	if err != nil {
		return ""
	}
	script := "script.lua"
	if len(scripts) == 1 {
		script = scripts[0]
	}
	return fmt.Sprintf("%s is a btlua save file (written by --save), not a recording; resume it with btlua --restore %s %s", path, path, script)
}

// restoreError is err of reading data, the file path of --restore, as a
// save, prefixed by "--restore PATH: "; when data is a recording, it says
// so instead, and how to replay it.
func restoreError(path string, data []byte, err error) error {
	if errors.Is(err, host.ErrBadSave) && isRecording(data) {
		return fmt.Errorf("--restore %s: this is a btlua recording (written by --record), not a save; replay it with btlua replay %s", path, path)
	}
	return fmt.Errorf("--restore %s: %w", path, hostError{err})
}

// isRecording reports whether data (gunzipped) reads as a recording, or
// as one cut short.
func isRecording(data []byte) bool {
	_, err := inspect.ReadRecording(bytes.NewReader(data))
	var cut *inspect.TruncatedError
	return err == nil || errors.As(err, &cut)
}

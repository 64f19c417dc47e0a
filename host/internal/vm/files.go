package vm

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Files is where a host reads its Lua files: the operating system's file
// system, or an fs.FS (the host's Options.FS: scripts embedded with go:embed, an
// archive, fstest.MapFS). Paths in an fs.FS are slash-separated and
// relative to its root ("ai/guard.lua"), as io/fs requires.
type Files struct {
	// FS is the file system read, nil for the OS's.
	FS fs.FS
}

// ReadFile returns the text of the file at name.
func (f Files) ReadFile(name string) ([]byte, error) {
	if f.FS == nil {
		return os.ReadFile(name)
	}
	return fs.ReadFile(f.FS, f.Key(name))
}

// Stat describes the file at name.
func (f Files) Stat(name string) (fs.FileInfo, error) {
	if f.FS == nil {
		return os.Stat(name)
	}
	return fs.Stat(f.FS, f.Key(name))
}

// Key is the name a file is known by, so that two spellings of one file
// match: an absolute, clean path on the OS; a clean slash path in an
// fs.FS ("./ai/../ai/guard.lua" is "ai/guard.lua").
func (f Files) Key(name string) string {
	if f.FS != nil {
		return path.Clean(name)
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		abs = name
	}
	return filepath.Clean(abs)
}

// Dir returns the folder of the file at name.
func (f Files) Dir(name string) string {
	if f.FS != nil {
		return path.Dir(name)
	}
	return filepath.Dir(name)
}

// Join joins path elements with the file system's separator.
func (f Files) Join(elem ...string) string {
	if f.FS != nil {
		return path.Join(elem...)
	}
	return filepath.Join(elem...)
}

// ModuleFile turns a require name into a file name part: "ai.guard" is
// "ai/guard" (with the OS's separator on the OS).
func (f Files) ModuleFile(module string) string {
	sep := "/"
	if f.FS == nil {
		sep = string(os.PathSeparator)
	}
	return strings.ReplaceAll(module, ".", sep)
}

// FSPackagePath is package.path in a host that reads an fs.FS: modules
// are looked up from the root of the FS (and the script's folder, added
// by setSearchPath), not in the OS folders of Lua's default path.
const FSPackagePath = "?.lua;?/init.lua"

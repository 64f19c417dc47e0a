package host

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// files is where a host reads its Lua files: the operating system's file
// system, or an fs.FS (Options.FS: scripts embedded with go:embed, an
// archive, fstest.MapFS). Paths in an fs.FS are slash-separated and
// relative to its root ("ai/guard.lua"), as io/fs requires.
type files struct {
	fsys fs.FS // nil for the OS
}

// readFile returns the text of the file at name.
func (f files) readFile(name string) ([]byte, error) {
	if f.fsys == nil {
		return os.ReadFile(name)
	}
	return fs.ReadFile(f.fsys, f.key(name))
}

// stat describes the file at name.
func (f files) stat(name string) (fs.FileInfo, error) {
	if f.fsys == nil {
		return os.Stat(name)
	}
	return fs.Stat(f.fsys, f.key(name))
}

// key is the name a file is known by, so that two spellings of one file
// match: an absolute, clean path on the OS; a clean slash path in an
// fs.FS ("./ai/../ai/guard.lua" is "ai/guard.lua").
func (f files) key(name string) string {
	if f.fsys != nil {
		return path.Clean(name)
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		abs = name
	}
	return filepath.Clean(abs)
}

// dir returns the folder of the file at name.
func (f files) dir(name string) string {
	if f.fsys != nil {
		return path.Dir(name)
	}
	return filepath.Dir(name)
}

// join joins path elements with the file system's separator.
func (f files) join(elem ...string) string {
	if f.fsys != nil {
		return path.Join(elem...)
	}
	return filepath.Join(elem...)
}

// moduleFile turns a require name into a file name part: "ai.guard" is
// "ai/guard" (with the OS's separator on the OS).
func (f files) moduleFile(module string) string {
	sep := "/"
	if f.fsys == nil {
		sep = string(os.PathSeparator)
	}
	return strings.ReplaceAll(module, ".", sep)
}

// fsPackagePath is package.path in a host that reads an fs.FS: modules
// are looked up from the root of the FS (and the script's folder, added
// by setSearchPath), not in the OS folders of Lua's default path.
const fsPackagePath = "?.lua;?/init.lua"

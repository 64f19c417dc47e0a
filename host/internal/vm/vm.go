package vm

import (
	"io"
	"io/fs"
	"strings"

	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/host/internal/vm/liblimits"
	"github.com/btlua/btlua/host/internal/vm/sandbox"
	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/goaplib"
	lua "github.com/yuin/gopher-lua"
)

// DefaultMaxChunkSize is Options.MaxChunkSize's default (bytes of
// source: liblimits.DefaultMaxChunkSize).
const DefaultMaxChunkSize = liblimits.DefaultMaxChunkSize

// Options configure Open. The host fills them from its own Options.
type Options struct {
	// Stdout receives print, BTLog and BT.Log output; it must not be nil.
	Stdout io.Writer
	// Bt configures the behavior-tree library (its Stdout is Stdout).
	Bt btlib.Options
	// BTAIGlobals binds BTAI's factories to the globals BT and BTState.
	BTAIGlobals bool
	// FS is where Lua files are read, nil for the OS's file system.
	FS fs.FS
	// Protos holds the compiled files, shared by the states of one host;
	// nil makes the state's own.
	Protos *Protos
	// Install, when not nil, runs once the libraries are open and before
	// the limits and the sandbox wrap them: the host installs its
	// require and dofile there.
	Install func(*VM)
	// Budget is the CPU budget every coroutine polls, or nil.
	Budget *budget.Budget
	// Threads counts the scripts' coroutines against MemoryLimit bytes;
	// nil without a memory limit.
	Threads     *Threads
	MemoryLimit uint64
	// MaxStringSize caps, in bytes, the strings the string functions and
	// the .. operator build; < 0 for no cap (0 is a cap of 0 bytes: the
	// host gives its default).
	MaxStringSize int64
	// MaxChunkSize caps, in bytes, the source loadstring and load compile
	// (see liblimits.LimitChunks): 0 means DefaultMaxChunkSize, below 0
	// no cap.
	MaxChunkSize int64
	// Sandbox restricts the libraries for untrusted scripts (package
	// sandbox),
	// with SearchPath's folders as script roots; require looks in
	// SearchPath's folders before a script's (AddScriptFolder).
	Sandbox    bool
	SearchPath []string
}

// VM is one Lua state with btlua's libraries, its limits and, when
// asked, its sandbox.
type VM struct {
	// L is the Lua state.
	L *lua.LState
	// Lib, GOAP and BTAI are the behavior-tree, GOAP (require("goap"))
	// and BTAI (require("btai")) libraries opened in L; GOAP's module is
	// made at its first require (goaplib.Install; see GOAPModule).
	Lib  *btlib.Lib
	GOAP *goaplib.Lib
	BTAI *btailib.Lib
	// Files is where the state's Lua files are read.
	Files Files
	// Protos holds the compiled files (shared by a host's states).
	Protos *Protos
	// Sandbox is the state's sandbox, nil without one.
	Sandbox *sandbox.Sandbox

	stdout     io.Writer
	searchPath []string // Options.SearchPath
}

// Open returns a Lua state with the stack limits (state.go), print
// writing to opts.Stdout, btlua's libraries, package.path and loadfile
// reading opts.FS when set (require.go), then (after opts.Install)
// the coroutines' budget and count, the libraries' limits (package
// liblimits: strings, chunks, os.time and os.date), and the sandbox. Its errors are the libraries'
// (the state is closed then).
func Open(opts Options) (*VM, error) {
	v := &VM{L: NewState(), Files: Files{FS: opts.FS}, Protos: opts.Protos, stdout: opts.Stdout,
		searchPath: opts.SearchPath}
	if v.Protos == nil {
		v.Protos = &Protos{}
	}
	L := v.L
	L.SetGlobal("print", L.NewFunction(v.print))
	L.SetGlobal("collectgarbage", L.NewFunction(collectGarbage(opts.Sandbox)))
	bo := opts.Bt
	bo.Stdout = opts.Stdout
	lib, err := btlib.Open(L, bo)
	if err != nil {
		L.Close()
		return nil, err
	}
	if v.BTAI, err = btailib.Open(lib, btailib.Options{Stdout: opts.Stdout, Globals: opts.BTAIGlobals}); err != nil {
		L.Close()
		return nil, err
	}
	v.GOAP = goaplib.Install(L, lib) // the module is made at the first require("goap")
	v.Lib = lib
	v.installFS()
	if opts.Install != nil {
		opts.Install(v)
	}
	shareBudget(L, opts.Budget, opts.Threads, opts.MemoryLimit)
	keepBudgetError(L, opts.Budget)
	liblimits.LimitStrings(L, opts.MaxStringSize)
	liblimits.LimitChunks(L, opts.MaxChunkSize)
	liblimits.CheckTime(L)
	if opts.Sandbox {
		v.Sandbox = sandbox.New(v.Files.FS, opts.SearchPath)
		v.Sandbox.Apply(L, v.BTAI.NodeClasses())
	}
	return v, nil
}

// GOAPModule returns the table require("goap") returns, made now if no
// require made it yet (goaplib.Lib.Load), or nil when goap.lua fails to
// run (it is embedded: a bug). The host's reload snapshots take it, so
// that a failed reload undoes its writes into the module as before the
// module was made lazily.
func (v *VM) GOAPModule() lua.LValue {
	mod, err := v.GOAP.Load()
	if err != nil {
		return lua.LNil
	}
	return mod
}

// Close closes the Lua state and removes its cap of the .. operator.
func (v *VM) Close() {
	liblimits.Uncap(v.L)
	v.L.Close()
}

// print is Lua's print writing to the state's stdout.
func (v *VM) print(L *lua.LState) int {
	top := L.GetTop()
	var b strings.Builder
	for i := 1; i <= top; i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(L.ToStringMeta(L.Get(i)).String())
	}
	b.WriteByte('\n')
	io.WriteString(v.stdout, b.String())
	return 0
}

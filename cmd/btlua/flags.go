package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// config is the parsed command line.
type config struct {
	script  string
	hz      float64
	ticks   int
	fast    bool
	watch   bool
	trace   bool
	profile bool
	dot     bool
	version bool
	// stubs is the project folder of --lua-stubs, or "".
	stubs string
	// execution is the trees' default execution type and maxExecutions
	// its cap (-execution-type, -max-task-executions).
	execution     bt.ExecutionType
	maxExecutions int
	// budget is the CPU budget of each stretch of script work (-budget).
	budget time.Duration
	// sandbox restricts scripts to the host's sandbox (-sandbox).
	sandbox bool
	// memoryMiB and maxStringMiB are the host's memory limit and maximum
	// string size in MiB (-memory-limit, -max-string).
	memoryMiB, maxStringMiB int
	// inspect is the address of --inspect ("" without it), record the
	// file of --record.
	inspect string
	record  string
	// save is the file of --save (every agent's state at the end of the
	// run), restore the file of --restore (a save to start from).
	save, restore string
	// saveLocals is the baseline of the chunk locals the agents read,
	// taken after the load with --save (startAgents), checked by writeSave.
	saveLocals *host.ChunkLocals
	// inspectErr is why the --inspect address is bad (checkInspectAddr,
	// checkInspectHost).
	inspectErr error
	// onError is what happens to a tree whose script fails (-on-error,
	// -strict).
	onError host.ErrorAction
	// agents is the number of instances of the script's tree (-agents, at
	// least 1; 0 without it), shards host.Options.Shards (-shards,
	// resolved: 0 for the classic unsharded host, else the Lua states the
	// agents are spread over, at most agents).
	agents, shards int
	// shardsGiven is set when -shards was given: without it a restore
	// runs on the save's shard count (restoreShards).
	shardsGiven bool
	// saveData is the save of -restore, read before the host is made.
	saveData []byte
	// frame is the frame schedule (-frame-budget, -tick-interval, -near).
	frame frameConfig
}

// defaultBudget is the CLI's CPU budget: generous for any tick or load a
// script means to make, short enough to stop an endless loop.
const defaultBudget = 2 * time.Second

const usageText = `usage: btlua [flags] script.lua
       btlua --lua-stubs DIR
       btlua replay [--inspect ADDR] FILE.jsonl[.gz]

Runs the behavior trees that script.lua returns until all have completed.
Flags may come before or after the script path.

Ctrl-C stops the scripts running in a tick at once and ends the run; the
OnEnds of the tasks still running then run, within 2s of the Ctrl-C. Past
that, or at a second Ctrl-C, the scripts still running are stopped (or,
with --budget 0 or a script blocked outside Lua, btlua exits at once);
exit code 130.

`

// The tick rates -hz accepts: from one tick per 100 s to a million a second.
const (
	minHz = 0.01
	maxHz = 1e6
)

// errHelp is returned by parseArgs for -h/--help.
var errHelp = flag.ErrHelp

// parseArgs parses args, letting flags and the script path come in any
// order. Usage errors are returned (and printed to stderr).
func parseArgs(args []string, stderr io.Writer) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("btlua", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Float64Var(&c.hz, "hz", 60, "tick rate in ticks per second; delta time is 1/hz seconds")
	fs.IntVar(&c.ticks, "ticks", 0, "stop after this many ticks (0: run until every tree has completed)")
	fs.BoolVar(&c.fast, "fast", false, "tick as fast as possible with a fixed delta time of 1/hz (deterministic)")
	fs.BoolVar(&c.watch, "watch", false, "reload the script and the Lua files it loaded when they change (a file removed is reported on stderr; its code keeps running until it comes back)")
	fs.BoolVar(&c.trace, "trace", false, "print, per tick, every run that ended (with its cause when ended early) and every task that started (to stderr)")
	fs.BoolVar(&c.profile, "profile", false, "time every task's ticks and print, at the end of the run, per task path and per class: ticks, total and self time in ms, self % of the time in task ticks, and the Lua share of self (to stderr; summed over --agents by path; docs/cli.md)")
	execution := fs.String("execution-type", "noduplicates", "noduplicates: a Repeater, UntilSuccess or UntilFailure runs its child at most once per tick; count: again within the tick, up to --max-task-executions")
	fs.IntVar(&c.maxExecutions, "max-task-executions", bt.DefaultMaxTaskExecutions, "with --execution-type count, the task executions per tick after which no child run starts again in the tick")
	fs.DurationVar(&c.budget, "budget", defaultBudget, "CPU budget of each agent's tick, of loading, reloading and of each agent's OnEnds at exit: a script over it is stopped with an error (0: no budget)")
	fs.IntVar(&c.memoryMiB, "memory-limit", 1024, "heap size in MiB over which the script that grew it is stopped with an error (0: no limit)")
	fs.IntVar(&c.maxStringMiB, "max-string", 64, "largest string in MiB that string.rep, string.gsub, string.format, table.concat and the .. operator may build (over it, the call raises a Lua error before building it) (0: no cap)")
	fs.BoolVar(&c.sandbox, "sandbox", false, "run the script as untrusted (a mod): no files, processes or debug library; require inside the script's folder only; library tables read-only")
	onError := fs.String("on-error", "stop", "what happens to a tree whose script fails: stop (the others run on), restart (after a back-off of 1s of tick time, doubled up to 60s) or fail (exit 1 at the first error); a tree stopped by an error exits 1 at the end, and an OnEnd that fails at exit (halting the tasks still running when --ticks runs out) exits 1 too, with or without --strict")
	strict := fs.Bool("strict", false, "exit 1 at the first script error (--on-error fail), for tests and CI")
	fs.BoolVar(&c.dot, "dot", false, "print a Graphviz DOT graph of each tree the script returns, then exit")
	fs.BoolVar(&c.version, "version", false, "print the version and exit")
	fs.StringVar(&c.stubs, "lua-stubs", "", "write the LuaLS stubs of the Lua API to DIR/"+stubsDir+" and name them in DIR/.luarc.json (for editors), then exit")
	fs.Var(addrFlag{&c.inspect, &c.inspectErr}, "inspect", "serve the live inspector (web page) at `ADDR` (HOST:PORT, port 0 to 65535; --inspect or --inspect=ADDR; default "+defaultInspectAddr+"); the run goes on after the trees complete, until Ctrl-C or until --ticks runs out")
	fs.IntVar(&c.agents, "agents", 0, "run `N` instances (at least 1) of the script's tree: Spawn N agents when the script returns a factory function (each called with {index = i, count = N}), else load the script N times (with a warning: loads in one Lua state share its globals, so the agents are not independent and results depend on --shards); at the end, print agents, shards, ticks, the agent-ticks made (the agents running at each tick, summed), agent-ticks per second and ns per agent-tick (of the time spent in ticks, not the sleeps between them; ticks after real-time sleeps are slower, so size with --fast), build time per agent and peak memory (to stderr)")
	fs.IntVar(&c.shards, "shards", 0, "spread the agents over `N` Lua states ticked in parallel, for any N of 1 or more with global variables applied at the frame boundary, so the results of agents spawned from a factory do not depend on N (see docs/agents-on-every-core.md); 0 is the classic unsharded host, where global writes are seen at once (default: 0, or with --agents above 1 the number of cores, GOMAXPROCS, or with --restore the save's); capped, with a notice, to 256 and (but for --restore) to the number of agents (--agents, or 1), as a shard is a Lua state")
	fs.StringVar(&c.save, "save", "", "at the end of the run (--ticks N ran out, the trees completed, or Ctrl-C) write every agent's state to `FILE` (gzip when FILE ends in .gz), for --restore; a script whose state cannot be saved is refused before the first tick, saying why (docs/saving.md)")
	fs.StringVar(&c.restore, "restore", "", "start from the save in `FILE` (written by --save from the same script) instead of loading the script afresh: the agents go on from the saved tick")
	fs.StringVar(&c.record, "record", "", "record the event stream to `FILE` (not empty) as JSON Lines (gzip when FILE ends in .gz); btlua replay FILE shows it; a write error exits 1")
	addFrameFlags(fs, &c.frame)
	// The flag package prints its errors and the usage with one dash:
	// silence it, and print both with two (flags_usage.go).
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	joined := joinInspectAddr(args)
	rest := joined
	for {
		if err := fs.Parse(rest); err != nil {
			if err == flag.ErrHelp {
				printUsage(stderr, fs)
				return nil, err
			}
			err = parseError(fs, err)
			fmt.Fprintln(stderr, "btlua:", err)
			io.WriteString(stderr, usageHint)
			return nil, err
		}
		if err := flagTookAFlag(fs); err != nil {
			return nil, usageError(stderr, err)
		}
		rest = fs.Args()
		if len(rest) == 0 {
			break
		}
		if c.script != "" {
			err := fmt.Errorf("more than one script given: %q and %q%s", c.script, rest[0],
				inspectHint(afterBareInspect(joined), c.script, rest[0]))
			return nil, usageError(stderr, err)
		}
		c.script, rest = rest[0], rest[1:]
	}
	if c.inspectErr == nil && c.inspect != "" {
		c.inspectErr = checkInspectHost(c.inspect)
	}
	if c.inspectErr != nil {
		return nil, usageError(stderr, c.inspectErr)
	}
	if c.version || c.stubs != "" {
		return c, nil
	}
	if c.script == "" {
		err := swallowedScript(fs)
		if err == nil {
			err = errors.New("no script given")
		}
		fmt.Fprintln(stderr, "btlua:", err)
		io.WriteString(stderr, usageHint)
		return nil, err
	}
	if hint := inspectHint(afterBareInspect(joined), c.script); hint != "" {
		if _, err := os.Stat(c.script); errors.Is(err, os.ErrNotExist) {
			err = fmt.Errorf("%s: no such file%s", c.script, hint) // a mistyped address, most likely
			return nil, usageError(stderr, err)
		}
	}
	if !(c.hz >= minHz && c.hz <= maxHz) {
		err := fmt.Errorf("--hz must be a number of ticks per second from %v to %v, got %v", minHz, maxHz, c.hz)
		return nil, usageError(stderr, err)
	}
	switch strings.ToLower(*execution) {
	case "noduplicates":
		c.execution = bt.NoDuplicates
	case "count":
		c.execution = bt.Count
	default:
		err := fmt.Errorf("--execution-type must be noduplicates or count, got %q", *execution)
		return nil, usageError(stderr, err)
	}
	switch strings.ToLower(*onError) {
	case "stop":
		c.onError = host.StopAgent
	case "restart":
		c.onError = host.RestartAgent
	case "fail":
		c.onError = host.FailTick
	default:
		err := fmt.Errorf("--on-error must be stop, restart or fail, got %q", *onError)
		return nil, usageError(stderr, err)
	}
	if *strict {
		c.onError = host.FailTick
	}
	if c.maxExecutions < 1 {
		err := fmt.Errorf("--max-task-executions must be at least 1, got %d", c.maxExecutions)
		return nil, usageError(stderr, err)
	}
	if c.memoryMiB < 0 || c.maxStringMiB < 0 {
		err := fmt.Errorf("--memory-limit and --max-string must not be negative, got %d and %d", c.memoryMiB, c.maxStringMiB)
		return nil, usageError(stderr, err)
	}
	if int64(c.memoryMiB) > maxMemoryMiB {
		err := fmt.Errorf("--memory-limit must be at most %d MiB (2^64 bytes less one MiB), got %d", maxMemoryMiB, c.memoryMiB)
		return nil, usageError(stderr, err)
	}
	if int64(c.maxStringMiB) > maxStringMiB {
		err := fmt.Errorf("--max-string must be at most %d MiB (2^63 bytes less one MiB), got %d", maxStringMiB, c.maxStringMiB)
		return nil, usageError(stderr, err)
	}
	if c.budget < 0 {
		err := fmt.Errorf("--budget must not be negative, got %v", c.budget)
		return nil, usageError(stderr, err)
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if given["record"] && c.record == "" {
		err := errors.New(`--record needs a file name, got ""`)
		return nil, usageError(stderr, err)
	}
	for _, name := range []string{"save", "restore"} {
		if given[name] && (name == "save" && c.save == "" || name == "restore" && c.restore == "") {
			err := fmt.Errorf(`--%s needs a file name, got ""`, name)
			return nil, usageError(stderr, err)
		}
	}
	if err := dotRefuses(c.dot, given); err != nil {
		return nil, usageError(stderr, err)
	}
	if err := resolveShards(c, given["agents"], given["shards"], stderr); err != nil {
		return nil, usageError(stderr, err)
	}
	if err := c.frame.check(); err != nil {
		return nil, usageError(stderr, err)
	}
	if err := c.frame.checkNear(c.agents); err != nil {
		return nil, usageError(stderr, err)
	}
	if c.ticks < 0 {
		err := fmt.Errorf("--ticks must not be negative, got %d", c.ticks)
		return nil, usageError(stderr, err)
	}
	return c, nil
}

// usageError writes err, a bad value of a flag, and the usage line to
// stderr, and returns it.
func usageError(stderr io.Writer, err error) error {
	fmt.Fprintln(stderr, "btlua:", err)
	io.WriteString(stderr, usageHint)
	return err
}

// maxMemoryMiB and maxStringMiB are the largest --memory-limit and
// --max-string values whose byte counts (MiB << 20) fit host.Options'
// uint64 MemoryLimit and int64 MaxStringSize without wrapping around.
const (
	maxMemoryMiB = 1<<44 - 1
	maxStringMiB = 1<<43 - 1
)

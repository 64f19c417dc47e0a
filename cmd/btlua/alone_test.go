package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// cliArgsEnv carries runAlone's arguments to the child process.
const cliArgsEnv = "BTLUA_TEST_CLI_ARGS"

// runAlone is runCLI in a process of its own (this test binary run again,
// as TestCLIAlone), for tests whose outcome depends on the process's heap:
// the memory limit reads the heap of the whole process, and a run before
// it in the same process (a host its goroutines have not let go of yet)
// would count against it.
func runAlone(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCLIAlone$")
	cmd.Env = append(os.Environ(), cliArgsEnv+"="+strings.Join(args, "\x1f"))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

// TestCLIAlone is runAlone's child: it runs btlua with the arguments in
// the environment and exits with its code. Run without them, it does
// nothing.
func TestCLIAlone(t *testing.T) {
	args := os.Getenv(cliArgsEnv)
	if args == "" {
		return
	}
	code, out, errOut := runCLI(strings.Split(args, "\x1f")...)
	os.Stdout.WriteString(out)
	os.Stderr.WriteString(errOut)
	os.Exit(code)
}

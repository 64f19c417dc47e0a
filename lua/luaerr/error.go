// Package luaerr turns errors raised by Lua code into Go errors that name
// the script file and line and, when a behavior-tree task was running, the
// task's path in its tree; a Go panic caught during a tick is a GoPanic.
package luaerr

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Error is a Lua error seen from Go.
type Error struct {
	// File and Line locate the error in a script; Line is 0 when unknown.
	File string
	Line int
	// Msg is the error message without the location prefix.
	Msg string
	// Task is the path of the behavior-tree task whose code raised the
	// error ("Tree/Sequence[1]/Attack[2]"), or "" outside a tick.
	Task string
	// Tree is the name the script gave the tree being ticked, or "".
	Tree string
	// Agent names the agent whose tick raised the error when its tree
	// has no name of its own (Tree is ""): a host with several agents
	// gives its number ("2"; see host.Agent); "" otherwise.
	Agent string
	// Named reports that Msg names the agent itself, in the parentheses
	// it ends with (the CPU budget's, an interrupt's or the memory
	// limit's "(tick of agent 2, fac.lua factory return value 1)"):
	// Error then leaves Tree and Agent out, so the agent is named once,
	// and puts the task in those parentheses.
	Named bool
	// Traceback is Lua's stack traceback, when one was taken.
	Traceback string
	// Kind, when set, classifies the error for errors.Is (a sentinel of
	// the package that made it, such as host.ErrFactoryScript); it is
	// not printed.
	Kind error
}

// Unwrap returns Kind, so that errors.Is(err, kind) finds it.
func (e *Error) Unwrap() error { return e.Kind }

// Error formats "file:line: msg (task path)", with "tree NAME, " or
// "agent NAME, " before the task when Tree or Agent is set and Named is
// not; when Named is, the task goes first in msg's closing parentheses
// ("CPU budget of 2s exceeded (task Loop; tick of agent 2, fac.lua
// factory return value 1)").
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteString(":")
			b.WriteString(strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	}
	if e.Named && e.Task != "" {
		if i := lastGroup(e.Msg); i >= 0 {
			b.WriteString(e.Msg[:i+1] + "task " + Shown(e.Task) + "; " + e.Msg[i+1:])
			return b.String()
		}
	}
	b.WriteString(e.Msg)
	who := ""
	switch {
	case e.Named:
	case e.Tree != "":
		who = "tree " + Shown(e.Tree)
	case e.Agent != "":
		who = "agent " + Shown(e.Agent)
	}
	switch {
	case who != "" && e.Task != "":
		b.WriteString(" (" + who + ", task " + Shown(e.Task) + ")")
	case who != "":
		b.WriteString(" (" + who + ")")
	case e.Task != "":
		b.WriteString(" (task " + Shown(e.Task) + ")")
	}
	return b.String()
}

// lastGroup returns the index of the "(" that opens the parentheses msg
// ends with, matched across any nested in them, or -1 when msg does not
// end with ")".
func lastGroup(msg string) int {
	if !strings.HasSuffix(msg, ")") {
		return -1
	}
	depth := 0
	for i := len(msg) - 1; i >= 0; i-- {
		switch msg[i] {
		case ')':
			depth++
		case '(':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// locRE matches the "file:line: " prefix Lua puts on error messages.
var locRE = lazyRE(`^(?:<string>:|@)?([^\s:][^:]*?):(\d+): ?`)

// syntaxRE matches gopher-lua's parse errors:
// "file line:3(column:7) near 'then':   syntax error".
var syntaxRE = lazyRE(`^(?:<string>:)?(.+?) line:(\d+)\(column:(\d+)\) near '(.*?)':\s*(.*)$`)

// eofRE matches gopher-lua's parse errors at the end of the input:
// "file at EOF:   syntax error".
var eofRE = lazyRE(`^(?:<string>:)?(.+?) at EOF:\s*(.*)$`)

// compileRE matches gopher-lua's compile errors (a break outside a loop):
// "compile error near line(3) file: no loop to break".
var compileRE = lazyRE(`^compile error near line\((\d+)\) (.+?): (.*)$`)

// From converts err (typically a *lua.ApiError from PCall, DoFile or
// DoString) into an *Error, splitting off the file and line prefix. task is
// the running task's path or "". A nil err gives nil; an *Error is
// returned as is, with task filled in when it had none.
func From(err error, task string) error {
	if err == nil {
		return nil
	}
	var le *Error
	if errors.As(err, &le) {
		if le.Task == "" {
			le.Task = task
		}
		return le
	}
	e := &Error{Task: task}
	var api *lua.ApiError
	if errors.As(err, &api) {
		msg := ""
		if api.Object != nil {
			msg = api.Object.String()
		}
		if api.Cause != nil && msg == "" {
			msg = api.Cause.Error()
		}
		e.Msg = firstLine(msg)
		e.Traceback = api.StackTrace
	} else {
		e.Msg = err.Error()
	}
	if m := syntaxRE().FindStringSubmatch(e.Msg); m != nil {
		e.File = m[1]
		e.Line, _ = strconv.Atoi(m[2])
		e.Msg = fmt.Sprintf("%s near %s (column %s)", strings.TrimSpace(m[5]), m[4], m[3])
		return e
	}
	if m := compileRE().FindStringSubmatch(e.Msg); m != nil {
		e.File = strings.TrimPrefix(m[2], "<string>:")
		e.Line, _ = strconv.Atoi(m[1])
		e.Msg = m[3]
		return e
	}
	if m := eofRE().FindStringSubmatch(e.Msg); m != nil {
		// gopher-lua names no line here: AtEnd gives the text's last.
		e.File = m[1]
		e.Msg = strings.TrimSpace(m[2]) + " at end of file"
		return e
	}
	// A wrapped error raised from Go code may itself carry a location.
	if m := locRE().FindStringSubmatch(e.Msg); m != nil {
		e.File = m[1]
		e.Line, _ = strconv.Atoi(m[2])
		e.Msg = e.Msg[len(m[0]):]
	}
	e.Msg = notFoundEnd(e.Msg)
	return e
}

// notFoundEnd returns msg without the ", " gopher-lua's require puts
// after the last place it looked ("module x not found:\n\tno file
// 'x.lua', "), so that the list ends as PUC Lua's does; another msg is
// returned as is.
func notFoundEnd(msg string) string {
	if strings.HasPrefix(msg, "module ") && strings.Contains(msg, " not found:\n\t") {
		return strings.TrimSuffix(msg, ",")
	}
	return msg
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "\nstack traceback:"); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

// AtEnd is From for an error compiling src, the text of a chunk: a
// syntax error at the end of the input, for which gopher-lua names no line,
// gets the number of src's last line. The text is the one compiled (a
// script read from an fs.FS has no file on disk to count lines in).
//
// A statement after a return or break reads as PUC Lua 5.1 words it
// ("'<eof>' expected near 'x'", "'end' expected (to close 'function' at
// line 3) near 'x'"; see afterLast) instead of gopher-lua's "syntax error
// near x (column 5)", and gopher-lua's "register overflow" names the line
// of an expression nested too deeply (see registerOverflow).
func AtEnd(err error, src []byte) error {
	col, near := syntaxAt(err)
	e := From(err, "")
	le, ok := e.(*Error)
	if !ok {
		return e
	}
	if isRegisterOverflow(le.Msg) {
		le.Line, le.Msg = registerOverflow(src, le.Line)
		return e
	}
	if le.Line == 0 && strings.HasSuffix(le.Msg, " at end of file") {
		le.Line = lastLine(src)
	}
	if col > 0 {
		if msg, ok := afterLast(src, le.Line, col, near); ok {
			le.Msg = msg
		}
	}
	return e
}

// syntaxAt returns the column and token of gopher-lua's syntax error err,
// 0 and "" for another error.
func syntaxAt(err error) (col int, near string) {
	var api *lua.ApiError
	if !errors.As(err, &api) || api.Object == nil {
		return 0, ""
	}
	m := syntaxRE().FindStringSubmatch(firstLine(api.Object.String()))
	if m == nil {
		return 0, ""
	}
	col, _ = strconv.Atoi(m[3])
	return col, m[4]
}

// lastLine returns the number of the last line of src, 0 when src is
// empty.
func lastLine(src []byte) int {
	if len(src) == 0 {
		return 0
	}
	n := bytes.Count(src, []byte("\n"))
	if src[len(src)-1] != '\n' {
		n++
	}
	return n
}

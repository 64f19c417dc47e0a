package btlib

import (
	"fmt"

	"github.com/btlua/btlua/stdlib/bt"
)

func init() {
	builtin(Class{
		Name: "BTLog", Base: "BTAction",
		Doc: "Prints its message on the library's output and succeeds (the series' BTLog). The message is required: BTLog:New() is an error, as the series always gives one and Behavior Designer's Log task exists to print its text; BTLog:New(\"\") prints an empty line on purpose.",
		Params: []Param{
			{Name: "message", Type: ArgString, Doc: "the line printed"},
		},
		New: func(a Args) (bt.Task, error) { return &logImpl{lib: a.lib, msg: a.String("message")}, nil },
	})
}

// logImpl is BTLog.
type logImpl struct {
	bt.Action
	lib *Lib
	msg string
}

func (l *logImpl) OnUpdate() bt.Status {
	fmt.Fprintln(l.lib.out, l.msg)
	return bt.Success
}

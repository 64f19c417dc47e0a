package tests

import (
	"fmt"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// goMover is a game's own Go task, declared outside the library with one
// Class and registered with one call: it walks a position toward a target,
// speed units per tick, and logs its Go hooks.
type goMover struct {
	bt.Action
	target, speed, pos float64
	log                *[]string
}

func (m *goMover) OnStart() {
	m.pos = 0
	*m.log = append(*m.log, fmt.Sprintf("go start %s target %v", m.Name, m.target))
}

func (m *goMover) OnUpdate() bt.Status {
	m.pos += m.speed
	*m.log = append(*m.log, fmt.Sprintf("go update %s pos %v", m.Name, m.pos))
	if m.pos < m.target {
		return bt.Running
	}
	return bt.Success
}

func (m *goMover) OnEnd() { *m.log = append(*m.log, "go end "+m.Name) }

// moverClass declares GoMover(target, speed?), logging to log.
func moverClass(log *[]string) btlib.Class {
	return btlib.Class{
		Name: "GoMover", Base: "BTAction",
		Doc: "Walks toward target, speed units per tick; Success on arrival.",
		Params: []btlib.Param{
			{Name: "target", Type: btlib.ArgNumber, Unit: "m", Doc: "where to walk to"},
			{Name: "speed", Type: btlib.ArgNumber, Unit: "m/tick", Optional: true, Default: 1.0, Doc: "distance per tick"},
		},
		New: func(a btlib.Args) (bt.Task, error) {
			return &goMover{target: a.Number("target"), speed: a.Number("speed"), log: log}, nil
		},
	}
}

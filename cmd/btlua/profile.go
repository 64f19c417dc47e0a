package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// writeProfile prints --profile's report: a header with the time in task
// ticks and its Lua share, then a table per task path and one per class,
// each sorted by self time, with ticks, total ms, self ms, self % (of the
// time in task ticks) and Lua % (of the row's self time).
func writeProfile(w io.Writer, p host.Profile) {
	all := p.Time()
	var lua time.Duration
	for _, r := range p.Tasks {
		lua += r.Lua
	}
	fmt.Fprintf(w, "profile: %s ms in task ticks, Lua %s\n", ms(all), percent(lua, all))
	profileTable(w, "task path", p.Tasks, all)
	profileTable(w, "class", p.Classes, all)
}

// profileTable prints rows under a header naming the first column.
func profileTable(w io.Writer, first string, rows []bt.ProfileRow, all time.Duration) {
	width := len(first)
	for _, r := range rows {
		width = max(width, len(r.Name))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s %10s %10s %10s %7s %6s\n", width, first, "ticks", "total ms", "self ms", "self %", "Lua %")
	for _, r := range rows {
		fmt.Fprintf(&b, "%-*s %10d %10s %10s %7s %6s\n", width, r.Name, r.Ticks, ms(r.Total), ms(r.Self),
			percent(r.Self, all), percent(r.Lua, r.Self))
	}
	io.WriteString(w, b.String())
}

// ms formats d in milliseconds with three decimals.
func ms(d time.Duration) string { return fmt.Sprintf("%.3f", float64(d)/1e6) }

// percent formats part of whole as a percentage with one decimal ("-"
// when whole is 0).
func percent(part, whole time.Duration) string {
	if whole <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(part)/float64(whole))
}

package liblimits

import (
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// This file wraps string.format (gopher-lua's hands the format to Go's
// fmt.Sprintf): the format is first checked as PUC Lua 5.1 checks it,
// with its errors, and the result's size against the maximum string size
// (the host's Options.MaxStringSize), before it is built:
//
//   - at most 5 flag characters ("invalid format (repeated flags)"), a
//     width and a precision of at most 2 digits each ("invalid format
//     (width or precision too long)"): "%60000001s" is refused, not
//     padded to 60 MB;
//   - a conversion among c d i o u x X e E f g G q s, or %% ("invalid
//     option '%y' to 'format'"), each with its argument ("bad argument #2
//     to 'format' (no value)");
//   - a number (or a string that converts to one) for each numeric
//     conversion ("bad argument #2 to 'format' (number expected, got
//     string)"), where gopher-lua's printed 0;
//   - the literal text plus each %s argument's length (its precision's at
//     most, its width's at least) plus 4 times each %q argument's, over
//     the cap: "string.format: the result would be 16 MiB, over the
//     maximum string size of 8 MiB". Numbers are not counted: each adds
//     at most a few hundred bytes (%.99f of 1e308).

// pucFormatOptions are PUC Lua 5.1's conversions of string.format.
const pucFormatOptions = "cdiouxXeEfgGqs"

// limitFormat wraps string.format with the checks above; max is the
// maximum string size, < 0 for none (the format is checked still).
func limitFormat(L *lua.LState, max int64) {
	str, ok := L.GetGlobal("string").(*lua.LTable)
	if !ok {
		return
	}
	format, ok := str.RawGetString("format").(*lua.LFunction)
	if !ok {
		return
	}
	str.RawSetString("format", L.NewFunction(func(L *lua.LState) int {
		f := L.CheckString(1)
		size, used := checkFormat(L, f)
		if max >= 0 && size > max {
			L.RaiseError("string.format: the result would be %s, over the maximum string size of %s", bytesText(float64(size)), bytesText(float64(max)))
		}
		if s, ok := formatBig(L, f, size, format); ok {
			L.Push(lua.LString(s))
			return 1
		}
		// Only the arguments the format uses: Go's fmt, under gopher-lua's
		// format, prints the others as "%!(EXTRA ...)"; Lua ignores them.
		L.Push(format)
		for n := 1; n <= used; n++ {
			L.Push(L.Get(n))
		}
		L.Call(used, 1)
		return 1
	}))
}

// checkFormat raises PUC Lua 5.1's error for a bad format f (arguments
// from 2 on) and returns the least size of the result (see above) and
// the number of arguments the format uses, itself included.
func checkFormat(L *lua.LState, f string) (int64, int) {
	var size int64
	arg := 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			size++
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			size++
			continue
		}
		start := i
		for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
			i++
		}
		if i-start >= 6 {
			L.RaiseError("invalid format (repeated flags)")
		}
		width, i := formatDigits(f, i)
		prec := -1
		if i < len(f) && f[i] == '.' {
			prec, i = formatDigits(f, i+1)
		}
		if i < len(f) && isDigit(f[i]) {
			L.RaiseError("invalid format (width or precision too long)")
		}
		if i >= len(f) || strings.IndexByte(pucFormatOptions, f[i]) < 0 {
			opt := ""
			if i < len(f) {
				opt = f[i : i+1]
			}
			L.RaiseError("invalid option '%%%s' to 'format'", opt)
		}
		arg++
		if arg > L.GetTop() {
			L.RaiseError("bad argument #%d to 'format' (no value)", arg)
		}
		if f[i] != 's' && f[i] != 'q' {
			checkFormatNumber(L, arg)
		}
		s, ok := L.Get(arg).(lua.LString)
		switch {
		case !ok:
		case f[i] == 's':
			n := len(s)
			if prec >= 0 {
				n = min(n, prec)
			}
			size += int64(max(n, width))
		case f[i] == 'q':
			size += 4*int64(len(s)) + 2
		}
	}
	return size, arg
}

// checkFormatNumber raises PUC Lua 5.1's error for argument arg of a
// numeric conversion that is neither a number nor a string that converts
// to one ("bad argument #2 to 'format' (number expected, got string)"),
// where gopher-lua's format printed 0, and replaces a string that
// converts by its number, as PUC Lua formats it (gopher-lua's printed
// the string's bytes in hex for %x, "%!f(string=...)" for %f).
func checkFormatNumber(L *lua.LState, arg int) {
	switch v := L.Get(arg).(type) {
	case lua.LNumber:
		return
	case lua.LString:
		t := strings.TrimSpace(string(v))
		if n, err := strconv.ParseFloat(t, 64); err == nil && !strings.ContainsAny(t, "xXpP") {
			L.Replace(arg, lua.LNumber(n))
			return
		}
		if len(t) > 2 && (t[:2] == "0x" || t[:2] == "0X") {
			if n, err := strconv.ParseUint(t[2:], 16, 64); err == nil {
				L.Replace(arg, lua.LNumber(n))
				return
			}
		}
	}
	L.RaiseError("bad argument #%d to 'format' (number expected, got %s)", arg, L.Get(arg).Type().String())
}

// formatDigits reads the at most 2 digits of a width or precision at i:
// their value (0 for none) and the index after them.
func formatDigits(f string, i int) (int, int) {
	n := 0
	for k := 0; k < 2 && i < len(f) && isDigit(f[i]); k++ {
		n = n*10 + int(f[i]-'0')
		i++
	}
	return n, i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// formatBig builds the result of format f, of at least size bytes, when
// that is 64 KiB or more (the doubling "%s%s" of a big string): literal
// text and each plain %s of a string are copied into one allocation of
// size bytes, and each other conversion is formatted alone by gopher-lua's
// format (orig), with the same result as a whole: Go's fmt, which
// gopher-lua's uses, formats each conversion on its own, and copied a
// big string several times (2 s of CPU for a 64 MiB result). It reports
// false for a smaller result, which gopher-lua's formats whole.
func formatBig(L *lua.LState, f string, size int64, orig *lua.LFunction) (string, bool) {
	if size < 1<<16 {
		return "", false
	}
	var b strings.Builder
	b.Grow(int(size))
	arg := 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if f[i+1] == '%' { // checkFormat saw a conversion after each %
			b.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		for strings.IndexByte("-+ #0.0123456789", f[j]) >= 0 {
			j++
		}
		arg++
		v := L.Get(arg)
		if s, ok := v.(lua.LString); ok && j == i+1 && f[j] == 's' {
			b.WriteString(string(s))
		} else {
			L.Push(orig)
			L.Push(lua.LString(f[i : j+1]))
			L.Push(v)
			L.Call(2, 1)
			b.WriteString(lua.LVAsString(L.Get(-1)))
			L.Pop(1)
		}
		i = j
	}
	return b.String(), true
}

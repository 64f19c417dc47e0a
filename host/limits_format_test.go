package host

import (
	"bytes"
	"testing"
)

// string.format checks its format as PUC Lua 5.1 does, with its errors:
// widths and precisions of 2 digits at most, 5 flags at most, PUC's
// conversions only, an argument for each; valid formats format as before.
func TestFormatPUCErrors(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `for _, f in ipairs({"%60000001s", "%100s", "%.100f", "%5.123s", "%-+ #0-d", "%y", "%", "%*d", "%1$d", "%v", "%d %d"}) do
    print(f, pcall(string.format, f, 1))
end
print(string.format("%99s|%-5d|%.2f|%5.2s|%%|%q|%x|%c", "x", 42, 3.14159, "abc", "a\"b", 255, 65))
print(#string.format("%099d", 7), #string.format("%.99f", 1))
return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	want := "%60000001s\tfalse\t" + path + ":2: invalid format (width or precision too long)\n" +
		"%100s\tfalse\t" + path + ":2: invalid format (width or precision too long)\n" +
		"%.100f\tfalse\t" + path + ":2: invalid format (width or precision too long)\n" +
		"%5.123s\tfalse\t" + path + ":2: invalid format (width or precision too long)\n" +
		"%-+ #0-d\tfalse\t" + path + ":2: invalid format (repeated flags)\n" +
		"%y\tfalse\t" + path + ":2: invalid option '%y' to 'format'\n" +
		"%\tfalse\t" + path + ":2: invalid option '%' to 'format'\n" +
		"%*d\tfalse\t" + path + ":2: invalid option '%*' to 'format'\n" +
		"%1$d\tfalse\t" + path + ":2: invalid option '%$' to 'format'\n" +
		"%v\tfalse\t" + path + ":2: invalid option '%v' to 'format'\n" +
		"%d %d\tfalse\t" + path + ":2: bad argument #3 to 'format' (no value)\n" +
		"                                                                                                  x|42   |3.14|   ab|%|\"a\\\"b\"|ff|A\n" +
		"99\t101\n"
	if out.String() != want {
		t.Errorf("output\n%s\nwant\n%s", out.String(), want)
	}
}

// A format of plain %s of big strings (built without Go's fmt) gives the
// same result as .. does.
func TestFormatBigStrings(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local big = string.rep("ab", 2^16)
print(string.format("a%%b%s|%s%%", big, "y") == "a%b" .. big .. "|y%")
print(string.format("%s%s", big, big) == big .. big, #string.format("%s%d", big, 7))
return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if want := "true\ntrue\t131073\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

// A big result with other conversions than plain %s (formatted one by
// one) is the same as gopher-lua's format of the whole (of a small one,
// with the big strings put in): 3 times 64 KiB and 44 bytes.
func TestFormatBigMixed(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, MaxStringSize: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local big = string.rep("é", 2^15)
local f = "<%5d|%-8.3f|%s|%10.4s|%x|%c|%q|%%|%s|%5s>"
local small = string.format(f, 42, 3.14159, "x", "abcdef", 255, 65, "q\\n", "y", "z")
local got = string.format(f, 42, 3.14159, big, "abcdef", 255, 65, "q\\n", big, big)
local want = small:gsub("|x|", "|" .. big .. "|", 1):gsub("|y|", "|" .. big .. "|", 1):gsub("|    z>", "|" .. big .. ">", 1)
print(#got, got == want)
return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if want := "196652\ttrue\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

// A numeric conversion takes a number, or a string that converts to one
// (formatted as that number), and refuses anything else with PUC Lua
// 5.1's error: gopher-lua's format printed 0 for "%d" of "x", the
// string's bytes in hex for "%x" of "0x1f" and "%!f(string= 2.5 )" for
// "%5.1f" of " 2.5 ". The expected lines are lua5.1's (which names the
// function '?').
func TestFormatNumberArguments(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `print(pcall(string.format, "%d", "x"))
print(pcall(string.format, "%5.2f", {}))
print(string.format("%d %x %5.1f", "10", "0x1f", " 2.5 "))
print(pcall(string.format, "%c", nil))
print(string.format("%s %q", 1, "a"))
return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	want := "false\t" + path + ":1: bad argument #2 to 'format' (number expected, got string)\n" +
		"false\t" + path + ":2: bad argument #2 to 'format' (number expected, got table)\n" +
		"10 1f   2.5\n" +
		"false\t" + path + ":4: bad argument #2 to 'format' (number expected, got nil)\n" +
		"1 \"a\"\n"
	if out.String() != want {
		t.Errorf("output\n%s\nwant\n%s", out.String(), want)
	}
}

// Arguments a format does not use are ignored, as PUC Lua 5.1 ignores
// them: gopher-lua's format handed them to Go's fmt, which printed
// "%!(EXTRA lua.LString=abc)" after the result (found by a newcomer's run).
func TestFormatExtraArguments(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `print(string.format("%%d", "abc"))
print(string.format("%%", 1))
print(string.format("plain", 1, 2))
print(string.format("%d|%s", 7, "x", "extra", 9))
return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if want := "%d\n%\nplain\n7|x\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

package host

import (
	"bytes"
	"testing"
)

// os.time refuses fields out of a C int's range, and missing ones, with
// PUC Lua's errors; os.date returns nil for a time whose year no C int
// holds; times in range are as before.
func TestOSTimeDateOutOfRange(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `print(pcall(os.time, {year = 2^40, month = 1, day = 1}))
print(pcall(os.time, {year = 2000, month = 2^31, day = 1}))
print(pcall(os.time, {year = 2000, month = 1, day = 1, sec = 0/0}))
print(pcall(os.time, {year = -2^31, month = 1, day = 1}))
print(pcall(os.time, {year = 2000, month = 1}))
print(pcall(os.time, {}))
print(os.time({year = 2000, month = 1, day = 1, hour = 0}) - os.time({year = 1999, month = 12, day = 31, hour = 0}))
print(os.time({year = "2000", month = "0x1", day = 2}) - os.time({year = 2000, month = 1, day = 1}))
print(os.date("%c", 1e308), os.date("!%c", -1e308), os.date("%c", 0/0), os.date("!%Y", 2^62), os.date("!*t", 1/0))
print(os.date("!%Y-%m-%d", 86400), os.date("!*t", 0).year)
return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	want := "false\t" + path + ":1: field 'year' is out-of-bound\n" +
		"false\t" + path + ":2: field 'month' is out-of-bound\n" +
		"false\t" + path + ":3: field 'sec' is out-of-bound\n" +
		"false\t" + path + ":4: field 'year' is out-of-bound\n" +
		"false\t" + path + ":5: field 'day' missing in date table\n" +
		"false\t" + path + ":6: field 'day' missing in date table\n" +
		"86400\n86400\n" +
		"nil\tnil\tnil\tnil\tnil\n" +
		"1970-01-02\t1970\n"
	if out.String() != want {
		t.Errorf("output\n%s\nwant\n%s", out.String(), want)
	}
}

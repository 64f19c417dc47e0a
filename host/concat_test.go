package host

import (
	"bytes"
	"testing"
)

// table.concat over the maximum string size ends in a Lua error before
// it allocates; ordinary results are PUC Lua 5.1's, other errors gopher-lua's.
func TestTableConcatCap(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Logger: lineLogger(&out), MaxStringSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `print(table.concat({1, "b", 3}, ", "), table.concat({}, "x"), table.concat({"a", "b", "c"}, "", 2, 3))
print(pcall(table.concat, {1, {}, 3}))
local t = {} for i = 1, 100 do t[i] = "0123456789" end
print(#table.concat(t))
t[101] = "x"
print(pcall(table.concat, {"a", "b"}, string.rep("-", 999)))
table.concat(t)
`)
	_, err = h.LoadFile(path)
	want := path + ":7: table.concat: the result would be 1001 bytes, over the maximum string size of 1000 bytes"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n%v\nwant\n%s", err, want)
	}
	wantOut := "1, b, 3\t\tbc\n" +
		"false\t" + path + ":2: invalid value (table) at index 2 in table for concat\n" +
		"1000\n" +
		"false\t" + path + ":6: table.concat: the result would be 1001 bytes, over the maximum string size of 1000 bytes\n"
	if out.String() != wantOut {
		t.Errorf("output\n%s\nwant\n%s", out.String(), wantOut)
	}
}

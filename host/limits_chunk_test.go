package host

import (
	"bytes"
	"testing"
	"time"
)

// A chunk compiled while a script runs (loadstring, load) is refused over
// Options.MaxChunkSize before gopher-lua's compiler, which no budget can
// stop, sees it: loadstring of "return ((((...1))))" nested 2^19 deep ran
// 3.3 s and took 560 MB against a 2 s budget, load of four 16 MiB pieces
// 67 s and 6.5 GB. Under the cap chunks compile as before; a reader's
// wrong piece is still load's own error. The same in the sandbox.
func TestChunkSizeCapped(t *testing.T) {
	for _, sandbox := range []bool{false, true} {
		var out bytes.Buffer
		h, err := New(Options{Stdout: &out, Sandbox: sandbox, Budget: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		path := writeScript(t, `local deep = "return " .. string.rep("(", 2^19) .. "1" .. string.rep(")", 2^19)
print(loadstring(deep))
local n, big = 0, string.rep("a=1 ", 2^22)
print(load(function() n = n + 1; if n > 4 then return nil end return big end))
print(n)
print(loadstring("return 1 + 2")())
local parts = {"return ", "40 ", "+ 2"}
local i = 0
print(load(function() i = i + 1; return parts[i] end, "=parts")())
print(load(function() return {} end))
print(loadstring(string.rep(" ", 300000) .. "return 7"))
print(pcall(os.date, string.rep("%c", 2^16)))
print(#os.date(string.rep("%Y", 2^14)))
return BTAction:New()`)
		start := time.Now()
		if _, err := h.LoadFile(path); err != nil {
			t.Fatalf("sandbox %v: %v", sandbox, err)
		}
		t.Logf("sandbox %v: %v", sandbox, time.Since(start))
		want := "nil\tchunk of 1 MiB, over the maximum chunk size of 262144 bytes (Options.MaxChunkSize)\n" +
			"nil\tchunk of 16 MiB, over the maximum chunk size of 262144 bytes (Options.MaxChunkSize)\n" +
			"1\n3\n42\n" +
			"nil\treader function must return a string\n" +
			"nil\tchunk of 300008 bytes, over the maximum chunk size of 262144 bytes (Options.MaxChunkSize)\n" +
			"false\t" + path + ":12: bad argument #1 to 'date' (format of 131072 bytes, over the 65536 bytes os.date takes)\n" +
			"65536\n"
		if got := out.String(); got != want {
			t.Errorf("sandbox %v:\n%s\nwant:\n%s", sandbox, got, want)
		}
		h.Close()
	}
}

package host

import (
	"path/filepath"
	"testing"
)

// BenchmarkReferenceReload: Reload of the file that the 1000 agents of
// BenchmarkReferenceBuild reference, unchanged (each reference's new
// instance is built and compared, and dropped). ns/op is one reload.
func BenchmarkReferenceReload(b *testing.B) {
	dir := b.TempDir()
	h, path := refBenchHost(b, dir, refBenchFiles(1000, "reference"))
	defer h.Close()
	if _, err := h.LoadFile(path); err != nil {
		b.Fatal(err)
	}
	sub := filepath.Join(dir, "sub.lua")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := h.Reload(sub)
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Rebuilt) != 0 {
			b.Fatalf("rebuilt %d", len(rep.Rebuilt))
		}
	}
}

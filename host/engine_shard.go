package host

// inShard is the engine of one shard of a sharded host: a single whose
// frame (shard_out.go) holds the global writes, output and events of the
// shard's part of a Tick until the coordinator joins the shards.
type inShard struct {
	single
	f *shardFrame
}

func (s inShard) coordinator() *Host     { return s.f.coord }
func (s inShard) heldFrame() *shardFrame { return s.f }
func (s inShard) beginScript(a *Agent)   { s.f.agent = a } // the writer of the shard's globals and output
func (s inShard) stopsHeapHog() bool     { return false }
func (s inShard) strictStopsBatch() bool { return false }

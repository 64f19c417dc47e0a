package state

import "github.com/btlua/btlua/host/internal/stream"

// EventFrame is a shard's frame of held events (stream.Frame), made when
// the first listener subscribes (hookWrites).
type EventFrame = stream.Frame[*Agent, *ReloadReport]

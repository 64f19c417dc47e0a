// Package inspect shows a running btlua host in a web page, records its
// event stream and replays recordings in the same page.
//
// All of it is built on the host's event stream (host.Host.Subscribe):
//
//   - Serve(ctx, h, "127.0.0.1:8750") attaches an Inspector to h and
//     serves the live page (self-contained, no CDN): agents, each tree as
//     a graph with its statuses and end causes, the blackboard (editable),
//     GOAP plans, pause, step and breakpoints. Call it between ticks and
//     keep calling h.Tick, which the page's pause holds. Attach and
//     Inspector.Handler give the same without a listener of its own.
//   - RecordFile(h, path, Header{...}) writes the stream as JSON Lines
//     (gzip when path ends in .gz); Record documents the keys.
//   - ReadRecordingFile and NewReplay read a recording back, checking
//     every record (a recording is untrusted input), and serve the page
//     with a timeline.
//
// The page only reads the Model, which the Inspector builds from events;
// commands (pause, step, set a variable) run through the host's tick gate
// between two ticks, on the ticking goroutine. The requests it accepts
// (Host and Origin checks, the per-run token in TokenHeader) are
// described in docs/inspector.md, with the record format and the CLI's
// --inspect, --record and btlua replay.
package inspect

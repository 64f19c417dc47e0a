package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/inspect"
)

// defaultInspectAddr is where --inspect listens without an address: a
// loopback address, so that nothing outside the machine reaches it.
const defaultInspectAddr = "127.0.0.1:8750"

// addrFlag is --inspect: a boolean flag that may carry an address
// (--inspect=ADDR, or --inspect ADDR, see joinInspectAddr). A bad
// address is kept in *bad for parseArgs to report (as the flag package
// would call it an "invalid boolean value").
type addrFlag struct {
	addr *string
	bad  *error
}

func (f addrFlag) String() string {
	if f.addr == nil {
		return ""
	}
	return *f.addr
}

func (f addrFlag) Set(v string) error {
	if v == "true" {
		v = defaultInspectAddr
	}
	*f.bad = nil
	if v == "false" {
		*f.addr = ""
		return nil
	}
	// An empty address (--inspect=) is a mistake, not "no inspector".
	if err := checkInspectAddr(v); err != nil {
		*f.bad = err
		return nil
	}
	*f.addr = v
	return nil
}

// checkInspectAddr checks an --inspect address: HOST:PORT (HOST may be
// empty: every interface) with a decimal port from 0 (any free port) to
// 65535.
func checkInspectAddr(v string) error {
	const want = "--inspect wants HOST:PORT with a port from 0 to 65535, such as " + defaultInspectAddr
	_, port, err := net.SplitHostPort(v)
	if err != nil {
		return fmt.Errorf("%s, got %q", want, v)
	}
	n, err := strconv.Atoi(port)
	switch {
	case err != nil || n < 0:
		return fmt.Errorf("%s, got %q (port %s is not a number from 0 to 65535)", want, v, port)
	case n > 65535:
		return fmt.Errorf("%s, got %q (port %d is over 65535)", want, v, n)
	}
	return nil
}

// inspectLookupTimeout bounds checkInspectHost's name lookup; a lookup
// that times out is left to the inspector's listen.
const inspectLookupTimeout = 5 * time.Second

// checkInspectHost checks that the host of an --inspect address (already
// checked by checkInspectAddr) resolves, so that a name that cannot is a
// usage error when the flags are parsed, not a failure once the script
// has loaded. An IP address or an empty host (every interface) needs no
// lookup.
func checkInspectHost(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host == "" || net.ParseIP(host) != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), inspectLookupTimeout)
	defer cancel()
	_, err = net.DefaultResolver.LookupHost(ctx, host)
	var dns *net.DNSError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &dns) && dns.IsTimeout:
		return nil
	case errors.As(err, &dns):
		return fmt.Errorf("--inspect: the host %q of %q does not resolve (%s)", host, addr, dns.Err)
	}
	return fmt.Errorf("--inspect: the host %q of %q does not resolve (%v)", host, addr, err)
}

func (f addrFlag) IsBoolFlag() bool { return true }

// joinInspectAddr turns "--inspect ADDR" into "--inspect=ADDR" when the
// next argument is an address (HOST:PORT, not an existing file), so that
// the address may follow the flag as the usage shows it.
func joinInspectAddr(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if (a == "--inspect" || a == "-inspect") && i+1 < len(args) && looksLikeAddr(args[i+1]) {
			out = append(out, a+"="+args[i+1])
			i++
			continue
		}
		out = append(out, a)
	}
	return out
}

// afterBareInspect returns the words of args (as joinInspectAddr left
// them) that follow a bare --inspect (or -inspect), each with the flag
// as typed, but for flags and .lua files: the flag package takes them for the script, and a usage
// error that names one of them says how --inspect takes its address (see
// inspectHint).
func afterBareInspect(args []string) map[string]string {
	words := map[string]string{}
	for i := 0; i+1 < len(args); i++ {
		w := args[i+1]
		if a := args[i]; (a == "--inspect" || a == "-inspect") && !strings.HasPrefix(w, "-") && !strings.HasSuffix(w, ".lua") {
			words[w] = a
		}
	}
	return words
}

// inspectHint returns " (WORD follows a bare --inspect, which takes its
// address as --inspect=HOST:PORT)" for the first of words that follows
// a bare --inspect (afterBareInspect gave after), else "".
func inspectHint(after map[string]string, words ...string) string {
	for _, w := range words {
		if flag, ok := after[w]; ok {
			return fmt.Sprintf(" (%q follows a bare %s, which takes its address as --inspect=HOST:PORT)", w, flag)
		}
	}
	return ""
}

func looksLikeAddr(s string) bool {
	if strings.HasSuffix(s, ".lua") || strings.HasPrefix(s, "-") {
		return false
	}
	if _, err := os.Stat(s); err == nil {
		return false
	}
	_, _, err := net.SplitHostPort(s)
	return err == nil
}

// observe attaches what --inspect and --record ask for; the function it
// returns ends them (after the host closed, so the last halts are
// recorded), reporting false when the recording could not be written
// (the error, with the file's name, is printed).
func observe(ctx context.Context, h *host.Host, c *config, stderr io.Writer) (stop func() (ok bool), err error) {
	var rec *inspect.Recorder
	if c.record != "" {
		rec, err = inspect.RecordFile(h, c.record, inspect.Header{Script: c.script, DT: 1 / c.hz})
		if err != nil {
			return nil, fileError("--record", c.record, "write there", err)
		}
	}
	var in *inspect.Inspector
	if c.inspect != "" {
		var addr net.Addr
		in, addr, err = inspect.Serve(ctx, h, c.inspect)
		if err != nil {
			if rec != nil {
				rec.Close()
			}
			return nil, busyHint(err)
		}
		fmt.Fprintf(stderr, "btlua: inspector at http://%s/ (%s)\n", shownAddr(c.inspect, addr), inspectEnd(c))
		warnIfExposed(addr, stderr)
	}
	return func() bool {
		if in != nil {
			in.Close(true)
		}
		if rec != nil {
			if err := rec.Close(); err != nil {
				fmt.Fprintf(stderr, "btlua: recording %s: %v\n", c.record, err)
				return false
			}
		}
		return true
	}, nil
}

// shownAddr is the address to print for an inspector asked to listen at
// given and listening at addr: the host as given (0.0.0.0 stays so, not
// the [::] of a dual-stack listener; an empty host is 0.0.0.0) with the
// port listened on (--inspect=HOST:0 picks a free one).
func shownAddr(given string, addr net.Addr) string {
	host, _, err := net.SplitHostPort(given)
	tcp, ok := addr.(*net.TCPAddr)
	if err != nil || !ok {
		return addr.String()
	}
	if host == "" {
		host = "0.0.0.0"
	}
	return net.JoinHostPort(host, strconv.Itoa(tcp.Port))
}

// inspectEnd says, after the inspector's address, what ends the run.
func inspectEnd(c *config) string {
	if c.ticks > 0 {
		return fmt.Sprintf("the run ends after %d ticks, or at Ctrl-C", c.ticks)
	}
	return "Ctrl-C ends the run"
}

// replayUsage is the usage of btlua replay.
const replayUsage = "usage: btlua replay [--inspect ADDR] FILE.jsonl[.gz]"

// runReplay is "btlua replay FILE": it serves the recording with the
// inspector's page and its timeline until interrupted. A recording cut
// short is served up to the cut, after a message naming the file and the
// line; the replay then exits 1, else 130 (exitInterrupted) at Ctrl-C.
func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	addr, path := defaultInspectAddr, ""
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--help" || a == "-help" || a == "-h":
			fmt.Fprintln(stdout, replayUsage)
			return 0
		case a == "--" && i+1 < len(args) && path == "":
			path = args[i+1]
			i++
		case (a == "--inspect" || a == "-inspect") && i+1 < len(args):
			addr = args[i+1]
			i++
		case strings.HasPrefix(a, "--inspect=") || strings.HasPrefix(a, "-inspect="):
			addr = a[strings.Index(a, "=")+1:]
		case path == "" && !strings.HasPrefix(a, "-"):
			path = a
		default:
			if a == "--inspect" || a == "-inspect" {
				fmt.Fprintf(stderr, "btlua: replay: %s needs an address\n", a)
			} else if strings.HasPrefix(a, "-") {
				fmt.Fprintf(stderr, "btlua: replay: unknown flag %q\n", a)
			} else {
				fmt.Fprintf(stderr, "btlua: replay: more than one recording given: %q and %q\n", path, a)
			}
			fmt.Fprintln(stderr, replayUsage)
			return exitUsage
		}
	}
	if err := checkInspectAddr(addr); err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		fmt.Fprintln(stderr, replayUsage)
		return exitUsage
	}
	if path == "" {
		fmt.Fprintln(stderr, "btlua: replay: no recording given")
		fmt.Fprintln(stderr, replayUsage)
		return exitUsage
	}
	rec, err := inspect.ReadRecordingFile(path)
	var cut *inspect.TruncatedError
	if err != nil {
		if !errors.As(err, &cut) {
			if msg := saveNotRecording(path); msg != "" {
				fmt.Fprintln(stderr, "btlua:", msg)
				return exitFailed
			}
		}
		fmt.Fprintln(stderr, "btlua:", fileError("replay", path, "read it", err))
		if !errors.As(err, &cut) {
			return exitFailed
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintln(stderr, "btlua:", busyHint(err))
		return exitFailed
	}
	rp := inspect.NewReplay(rec)
	handler := rp.Handler()
	if name, _, err := net.SplitHostPort(addr); err == nil && net.ParseIP(name) == nil {
		handler = inspect.AllowHosts(handler, name) // the name a browser sends
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 5 * time.Second, MaxHeaderBytes: 64 << 10}
	go srv.Serve(ln)
	records := "records"
	if rec.Len() == 1 {
		records = "record"
	}
	fmt.Fprintf(stderr, "btlua: replay of %s (%d %s) at http://%s/ (Ctrl-C ends it)\n", path, rec.Len(), records, ln.Addr())
	warnIfExposed(ln.Addr(), stderr)
	<-ctx.Done()
	srv.Close()
	if cut != nil {
		return exitFailed // a truncated recording is a failed run's
	}
	return exitInterrupted // Ctrl-C ends every replay, as it does a run
}

// warnIfExposed warns when the inspector listens beyond loopback (an
// address given on purpose): whoever reaches the page can pause the run
// and edit variables.
func warnIfExposed(addr net.Addr, stderr io.Writer) {
	if tcp, ok := addr.(*net.TCPAddr); ok && !tcp.IP.IsLoopback() {
		fmt.Fprintf(stderr, "btlua: warning: the inspector is reachable beyond this machine (%s): anyone who reaches it can pause the run and edit variables\n", addr)
	}
}

#!/bin/sh
# The warrior AI at scale, side by side in one sitting (BENCHMARKS.md,
# "Warrior AI at scale"): plain.lua on PUC Lua 5.1 and LuaJIT (installed
# with apt-get when missing) and the in-process variants (bench/warrior/cmd/
# warrior), each a whole process, run in turn ROUNDS times (interleaved, so
# that a busy machine slows all alike). Each run's tick-loop agent-ticks/s
# and build time come from the run itself, its peak RSS from /usr/bin/time.
# The histograms must all be equal; the script fails otherwise. It prints
# the medians, the ratios issue 23 asks for, then the in-process
# benchmarks and the shards.
#   sh bench/warrior/run.sh [agents] [ticks]     (ROUNDS=5 by default)
# PIN=CPU runs every whole-process run on that one processor with
# GOMAXPROCS=1 (taskset), the single-core figures of issue 23.
set -e
cd "$(dirname "$0")/../.."
AGENTS=${1:-1000}
TICKS=${2:-600}
ROUNDS=${ROUNDS:-5}
PINNED=""
[ -n "$PIN" ] && PINNED="taskset -c $PIN env GOMAXPROCS=1"
need() { # command package
    command -v "$1" >/dev/null 2>&1 && return
    apt-get install -y "$2" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "$2" >/dev/null; }
}
need lua5.1 lua5.1
need luajit luajit
[ -x /usr/bin/time ] || need /usr/bin/time time
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; $(go version | cut -d' ' -f3-4)"
where="$(nproc) cores"
[ -n "$PIN" ] && where="pinned to processor $PIN, GOMAXPROCS=1"
echo "agents $AGENTS, ticks $TICKS, rounds $ROUNDS, $where; load average $(cut -d' ' -f1-3 /proc/loadavg)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/warrior" ./bench/warrior/cmd/warrior
# run NAME COMMAND...: one whole-process run; appends "name ticks/s build-us rss-KiB".
run() {
    name=$1; shift
    /usr/bin/time -f '%M' -o "$tmp/rss" $PINNED "$@" >"$tmp/hist-$name" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
    # plain.lua and cmd/warrior print "build S s (U us/agent), ticks S s, R agent-ticks/s..."
    sed -n 's/.*(\([0-9.]*\) us\/agent).* \([0-9.]*\) agent-ticks\/s.*/\2 \1/p' "$tmp/err" | head -1 |
        { read -r rate us; echo "$name $rate $us $(cat "$tmp/rss")"; } >>"$tmp/runs"
}
for r in $(seq "$ROUNDS"); do
    run puc lua5.1 bench/warrior/plain.lua "$AGENTS" "$TICKS"
    run luajit luajit bench/warrior/plain.lua "$AGENTS" "$TICKS"
    for v in luacond goconds native; do
        run $v "$tmp/warrior" -variant $v -agents "$AGENTS" -ticks "$TICKS"
    done
done
run glua "$tmp/warrior" -variant glua -agents "$AGENTS" -ticks "$TICKS" # once: it is slow
for v in luajit glua luacond goconds native; do
    cmp -s "$tmp/hist-puc" "$tmp/hist-$v" || { echo "histogram of $v differs from PUC Lua's:"; diff "$tmp/hist-puc" "$tmp/hist-$v"; exit 1; }
done
echo "histograms equal:"; cat "$tmp/hist-puc"
# Medians per runtime, then the ratios.
sort -k1,1 -k2,2n "$tmp/runs" | awk '
function median(a, n,   t) { # a[1..n] sorted ascending
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function sortnum(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
}
{ n[$1]++; rate[$1, n[$1]] = $2; us[$1, n[$1]] = $3; rss[$1, n[$1]] = $4 }
END {
    printf "%-8s %6s %16s %10s %8s %14s %12s\n", "runtime", "runs", "agent-ticks/s", "vs PUC", "vs JIT", "build us/agent", "peak RSS MiB"
    split("puc luajit glua luacond goconds native", names, " ")
    for (k = 1; k <= 6; k++) {
        v = names[k]; m = n[v]; if (!m) continue
        for (i = 1; i <= m; i++) { a[i] = rate[v, i]; b[i] = us[v, i]; c[i] = rss[v, i] }
        sortnum(a, m); sortnum(b, m); sortnum(c, m)
        R[v] = median(a, m); U[v] = median(b, m); S[v] = median(c, m) / 1024
    }
    for (k = 1; k <= 6; k++) {
        v = names[k]; if (!n[v]) continue
        printf "%-8s %6d %16.0f %9.2fx %7.2fx %14.1f %12.1f\n", v, n[v], R[v], R[v] / R["puc"], R[v] / R["luajit"], U[v], S[v]
    }
    print ""
    print "issue 23 targets (medians; pinned: PIN=1):"
    printf "  luacond >= 1.5x PUC:              %.2fx\n", R["luacond"] / R["puc"]
    printf "  goconds >= 2.5x PUC:              %.2fx\n", R["goconds"] / R["puc"]
    printf "  native  >= 2.0x LuaJIT:           %.2fx\n", R["native"] / R["luajit"]
    printf "  peak RSS <= 2x PUC (%.1f MiB):    native %.1f, goconds %.1f, luacond %.1f\n", 2 * S["puc"], S["native"], S["goconds"], S["luacond"]
    printf "  build <= 50 us/agent:             native %.1f, goconds %.1f, luacond %.1f\n", U["native"], U["goconds"], U["luacond"]
}'
go test -run '^$' -bench 'Warrior' -benchmem -benchtime 20x ./bench/warrior
# Shards (BENCHMARKS.md, "Shards"): the spawned warriors on the sharded
# host of 1 and 2 Lua states (--shards 1 is the same machinery as 2),
# whole process, then in process with the classic host and the ceiling of
# two independent hosts.
go build -o "$tmp/btlua" ./cmd/btlua
for s in 1 2; do
    "$tmp/btlua" --agents "$AGENTS" --shards $s --fast --ticks "$TICKS" bench/warrior/spawn.lua
done
go test -run '^$' -bench 'Shards' -benchmem -benchtime 300x ./bench/warrior

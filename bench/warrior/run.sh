#!/bin/sh
# The warrior AI at scale, side by side in one run (BENCHMARKS.md,
# "Warrior AI at scale"): plain.lua on PUC Lua 5.1 and LuaJIT (installed
# with apt-get when missing), then the four in-process variants, each a
# whole process under /usr/bin/time -v (wall time, peak RSS). The
# histograms must all be equal; the script fails otherwise. Then the
# in-process benchmarks (ns/agent-tick and allocations at 100, 1000,
# 10000 agents; build time per agent).
#   sh bench/warrior/run.sh [agents] [ticks]
set -e
cd "$(dirname "$0")/../.."
AGENTS=${1:-1000}
TICKS=${2:-600}
for bin in lua5.1 luajit; do
    if ! command -v $bin >/dev/null 2>&1; then
        pkg=$bin
        [ $bin = lua5.1 ] && pkg=lua5.1
        apt-get install -y $pkg >/dev/null || { apt-get update >/dev/null && apt-get install -y $pkg >/dev/null; }
    fi
done
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; $(go version | cut -d' ' -f3-4)"
echo "agents $AGENTS, ticks $TICKS"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/warrior" ./bench/warrior/cmd/warrior
measure() { # name command...
    name=$1; shift
    /usr/bin/time -v -o "$tmp/time" "$@" >"$tmp/hist-$name" 2>"$tmp/err"
    wall=$(grep 'Elapsed (wall' "$tmp/time" | awk '{print $NF}')
    rss=$(grep 'Maximum resident' "$tmp/time" | awk '{print $NF}')
    printf '%-10s process %8s s  peak RSS %7.1f MiB  | %s\n' "$name" "$wall" "$(echo "$rss / 1024" | bc -l)" "$(cat "$tmp/err")"
}
measure puc lua5.1 bench/warrior/plain.lua "$AGENTS" "$TICKS"
measure luajit luajit bench/warrior/plain.lua "$AGENTS" "$TICKS"
for v in glua luacond goconds native; do
    measure $v "$tmp/warrior" -variant $v -agents "$AGENTS" -ticks "$TICKS"
done
for v in luajit glua luacond goconds native; do
    cmp -s "$tmp/hist-puc" "$tmp/hist-$v" || { echo "histogram of $v differs from PUC Lua's:"; diff "$tmp/hist-puc" "$tmp/hist-$v"; exit 1; }
done
echo "histograms equal:"; cat "$tmp/hist-puc"
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

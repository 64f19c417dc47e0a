#!/bin/sh
# Regenerates release.pgo, the CPU profile Go's profile-guided
# optimisation builds btlua's releases with:
#   CGO_ENABLED=0 go build -pgo=cmd/btlua/release.pgo -o btlua ./cmd/btlua
# It is not named default.pgo, so that go run and go build without -pgo
# (the first run, the tests) do not spend the time applying it;
# bench/warrior/cmd/warrior gets a copy as its default.pgo. The
# profile is taken from the repository's benchmarks of the core, the
# binding and the host (Lua leaves over built-in composites, the host's
# tick of 100 and 1000 agents, tree builds from Lua, the GOAP planner),
# not from the warrior benchmark that BENCHMARKS.md measures with it.
# Run it again when the tick path changes much (BENCHMARKS.md, "PGO").
#   sh cmd/btlua/pgo.sh
set -e
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prof() { # name package bench benchtime
    go test -c -o "$tmp/$1.test" "$2"
    (cd "$2" && "$tmp/$1.test" -test.run '^$' -test.bench "$3" -test.benchtime "$4" -test.cpuprofile "$tmp/$1.prof" >/dev/null)
}
prof btlib ./lua/btlib 'TreeTick|BuildLua' 2s
prof host ./host 'HostTick' 2s
prof bt ./stdlib/bt 'Tick10Nodes' 1s
prof goap ./stdlib/goap 'PlanCrafting30$|AgentTick' 1s
go tool pprof -proto "$tmp"/*.prof >cmd/btlua/release.pgo
cp cmd/btlua/release.pgo bench/warrior/cmd/warrior/default.pgo
echo "wrote cmd/btlua/release.pgo and its copy bench/warrior/cmd/warrior/default.pgo ($(wc -c <cmd/btlua/release.pgo) bytes)"

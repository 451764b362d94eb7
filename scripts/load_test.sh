#!/usr/bin/env bash
# Load test of `damdb serve` (not run by CI): wrk, loopback only, bounded in time.
#   bash scripts/load_test.sh [--games N (1000000)] [--dir DIR (build/bench-db)] [--duration S (30)]
#                             [--connections C (64)] [--threads N (server threads)]
#                             [--cache-mb N (server default)] [--cold] [--rate R]
# Makes the benchmark database with tests/bench_import unless DIR/db exists (1,000,000 games:
# several minutes), serves it on 127.0.0.1, writes a wrk script asking /api/explorer at 2,000
# random positions of random stored games (tests/load/positions.js; each asked once before wrk
# runs, so that the server keeps its answer, unless --cold), checks that a new client is
# answered while 200 idle keep-alive connections are open, then runs wrk with C connections for
# S seconds and prints requests/s, latency percentiles and errors (non-2xx, socket errors).
# Without --rate every connection asks again as soon as it is answered (wrk's closed loop: the
# server's throughput, latency mostly the wait for one of the 2 cores that wrk shares); with
# --rate R each connection waits C/R seconds between its requests (wrk's delay()), so that the
# C connections offer about R requests/s and the latency is that of a server not saturated.
# Goals: 0 errors, p99 < 5 ms, >= 5,000 requests/s on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
games=1000000 dir=build/bench-db duration=30 connections=64 threads=256 cache=() warm=--warm rate=0
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --cache-mb) cache=(--cache-mb "$2"); shift 2 ;;
    --cold) warm=""; shift ;;
    --rate) rate=$2; shift 2 ;;
    *) echo "usage: $0 [--games N] [--dir DIR] [--duration S] [--connections C] [--threads N] [--cache-mb N] [--cold] [--rate R]" >&2
       exit 2 ;;
  esac
done
command -v wrk >/dev/null || { echo "load_test: needs wrk (apt-get install wrk)" >&2; exit 2; }
[ -x build/cli/damdb ] && [ -x build/tests/bench_import ] || bash scripts/build.sh
if [ ! -d "$dir/db" ]; then
  echo "== making the benchmark database: $games games in $dir =="
  build/tests/bench_import --games "$games" --dir "$dir" --keep
fi

out=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$out"
}
trap cleanup EXIT
# Every client of the load test is this machine: no limit of connections per client address.
build/cli/damdb serve --db "$dir/db" --host 127.0.0.1 --port 0 --threads "$threads" \
  --max-connections-per-client 0 "${cache[@]}" >"$out/serve.log" &
server=$!
for _ in $(seq 100); do
  address=$(sed -n 's|.*\(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$out/serve.log")
  [ -n "$address" ] && break
  sleep 0.1
done
[ -n "$address" ] || { echo "load_test: the server did not start" >&2; cat "$out/serve.log" >&2; exit 1; }
cat "$out/serve.log"
node tests/load/positions.js "$address" 2000 "$out/explorer.lua" $warm
if [ "$rate" -gt 0 ]; then
  # delay() is in milliseconds, between a connection's answer and its next request.
  echo "delay = function() return $((connections * 1000)) / $rate end" >>"$out/explorer.lua"
  echo "== wrk: $connections connections offering about $rate requests/s, $duration s, /api/explorer at random positions =="
else
  echo "== wrk: $connections connections, $duration s, /api/explorer at random positions =="
fi
timeout $((duration + 30)) wrk -t2 -c"$connections" -d"${duration}s" --timeout 5s --latency \
  -s "$out/explorer.lua" "$address"

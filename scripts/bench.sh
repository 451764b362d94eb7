#!/usr/bin/env bash
# One benchmark report: the machine and the inputs, then perft(10) time and leaves/s, PDN parse
# MB/s, validation plies/s on the corpus, import games/s, positions/s and bytes per position on
# a generated database of GAMES games (default 1,000,000; built from real corpus games branching
# into random legal moves), and query p50/p99 on that database. Counts are checked by the
# benchmarks (perft, games); times are only printed. Takes 10-20 minutes with the default size.
#   GAMES=100000 bash scripts/bench.sh     # a quicker run
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
games=${GAMES:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== machine =="
echo "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "commit:  $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "cpu:     $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "memory:  $(free -g | awk '/Mem:/ {print $2 " GiB"}')"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews wall times)"
echo "corpus:  ../shared/corpus ($(find ../shared/corpus -iname '*.pdn' | wc -l) files, $(du -sh ../shared/corpus | cut -f1))"

echo; echo "== perft(10) from the initial position (expected 258895763) =="
build/cli/damdb perft --depth 10
build/tests/bench_rules --benchmark_filter='OneToTen' 2>/dev/null | grep -E "BM_"

echo; echo "== PDN reading: the corpus concatenated to >= 100 MB =="
build/tests/bench_pdn --benchmark_filter='Memory' 2>/dev/null | grep -E "BM_"

echo; echo "== validation: parse + replay every game of the corpus, one core =="
build/tests/bench_validate 2>/dev/null | grep -E "BM_"

echo; echo "== import: $games generated games through the real import path =="
build/tests/bench_import --games "$games" --dir "$work" --keep   # database in $work/db

echo; echo "== queries on that database =="
build/tests/bench_query --db "$work/db" --queries 10000 --commands 200

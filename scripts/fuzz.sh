#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz/ (clang, ASan + UBSan) in build-fuzz and runs each
# for SECONDS (default 10) on a copy of its seed corpus, one after the other. A crash input is
# kept as build-fuzz/crash-* (turn it into a regression test in tests/data/fuzz_regressions).
# Usage: scripts/fuzz.sh [SECONDS]; FUZZ_SEED=N picks another random seed (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
targets="fuzz_pdn_reader fuzz_pdn_validate fuzz_pdn_roundtrip fuzz_pdn_clean fuzz_rules_fen fuzz_rules_notation"
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" -DDAMDB_SANITIZE=ON -DDAMDB_FUZZ=ON >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target $targets
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
for t in $targets; do
  case $t in
    fuzz_rules_fen) seeds=tests/fuzz/corpus_fen ;;
    fuzz_rules_notation) seeds=tests/fuzz/corpus_notation ;;
    *) seeds=tests/fuzz/corpus_pdn ;;
  esac
  work=build-fuzz/corpus/$t
  mkdir -p "$work"
  cp -n "$seeds"/* "$work"/ 2>/dev/null || true
  # Inputs that once broke a target are replayed first (a fixed seed keeps a run reproducible).
  [ "$seeds" = tests/fuzz/corpus_pdn ] && cp -n tests/data/fuzz_regressions/* "$work"/
  echo "== $t: ${seconds}s =="
  build-fuzz/tests/$t -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=2048 -seed="${FUZZ_SEED:-1}" \
    -artifact_prefix=build-fuzz/crash-$t- -print_final_stats=1 "$work" 2>&1 | tail -n 14
done

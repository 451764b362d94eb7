#!/usr/bin/env bash
# Installs what is missing, builds damdb twice (Release with -Werror, then AddressSanitizer +
# UndefinedBehaviorSanitizer with assertions live) and runs every test in both builds with ctest
# (but for five corpus-scale tests in the sanitizer build, below), plus the browser test of the
# served page (scripts/browser_test.sh) on the Release build.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
if [ ! -d ../shared/corpus ]; then
  echo "note: no real-game corpus at ../shared/corpus: the tests that read it are skipped" >&2
fi
DAMDB_CMAKE_ARGS="-DDAMDB_WERROR=ON" bash scripts/build.sh
echo "== code checks (functions of at most 80 lines, RocksDB included only in db/) =="
bash scripts/check_code.sh
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== browser test (damdb serve, headless chromium) =="
bash scripts/browser_test.sh

echo "== sanitizer build (ASan + UBSan) =="
# Line tables only (-g1: a sanitizer report still names file and line) and only what ctest runs
# (the test suites and the damdb executables they start; no benchmarks): the sanitizer build was
# the longest step of this script.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g1 -O1" \
      -DDAMDB_SANITIZE=ON -DDAMDB_WERROR=ON >/dev/null
cmake --build build-asan -j "$jobs" --target test_rules test_engine test_analysis test_pdn test_db test_indexer test_cli test_server
# Allocation stacks of 8 frames (30 by default) still name the caller in a report, and the tests
# that allocate most (import, export, repair) run about a quarter faster.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:malloc_context_size=8
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# The tests that repeat one path thousands of times over the whole corpus (the repair rates of
# injected errors, the export of every corpus file, every order of four copies, two of the four
# dialect generators) give their verdicts in the Release run above; under the sanitizers the
# smaller tests of the same code and the other two dialect generators walk those paths.
at_scale='^(PdnRepairGenerator\.InjectedErrorsAreRepaired|ExportCorpus\.ExportThenImportIsTheIdentity'
at_scale+='|GameIdentity\.TheHeaderKeepsEveryKnownTagWhateverTheOrderOfTheCopies'
at_scale+='|PdnDialect\.(BookOfOpeningLinesIsOneGamePerLine|CanonicalWritingReadsAsTheCorpusGames))$'
ctest --test-dir build-asan --output-on-failure -j "$jobs" -E "$at_scale"

# The libFuzzer targets (scripts/fuzz.sh, clang) are run by hand: a CI run must stay under 45
# minutes on 2 cores, and the inputs that once broke a target are replayed by the tests
# (tests/pdn_fuzz_regressions_test.cpp).

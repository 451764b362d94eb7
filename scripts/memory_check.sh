#!/usr/bin/env bash
# Peak memory of parse, validate, import and clean on hostile sizes, against the documented bound
# (at most 4 x the largest game + 100 MB): a 50 MB single game (a legal king shuffle, 5.4 M
# plies) and a 63 MB one, the plies of the first without move numbers (about 5 bytes a ply,
# the most elements per byte), and one ply a line (the most line starts per byte); with --big, the corpus
# concatenated to 1 GB, as it is and with the players renamed in each copy. Prints each command's peak RSS (/usr/bin/time -v) beside the bound;
# exits 1 when one is over. With --games FILE, also the import of FILE, a large file of ordinary
# distinct games (bench_import --keep writes 1,000,000 of them, 774 MB), against 104 MB.
# Usage: scripts/memory_check.sh [--big] [--games FILE] [BUILD_DIR]   (default build; Release)
set -euo pipefail
big=0 games=""
while [[ "${1:-}" == --* ]]; do
  case $1 in
    --big) big=1; shift ;;
    --games) games=$(realpath "$2"); shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
damdb="${1:-build}/cli/damdb"
work=$(mktemp -d /tmp/damdb-memory-XXXXXX)
trap 'rm -rf "$work"' EXIT
status=0

# run NAME BOUND_MB damdb-arguments...: peak RSS of one command against BOUND_MB.
run() {
  local name=$1 bound=$2; shift 2
  /usr/bin/time -v "$damdb" "$@" >"$work/out" 2>"$work/time" || true
  local kb
  kb=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$work/time")
  local verdict=ok
  if (( kb / 1024 > bound )); then verdict=OVER; status=1; fi
  printf '%-44s %6d MB   bound %5d MB   %s\n' "$name" $((kb / 1024)) "$bound" "$verdict"
}

awk 'BEGIN { print "[Event \"shuffle\"]\n[FEN \"W:WK46:BK1\"]\n"; line = "";
  for (i = 1; i <= 2720000; i++) {
    line = line i (i % 2 ? ". 46-41 1-6 " : ". 41-46 6-1 ");
    if (i % 6 == 0) { print line; line = "" } }
  print line "*" }' >"$work/game50.pdn"
awk 'BEGIN { print "[Event \"shuffle\"]\n[FEN \"W:WK46:BK1\"]\n"; line = "";
  for (i = 1; i <= 2720000; i++) {
    line = line (i % 2 ? "46-41 1-6" : "41-46 6-1");
    if (i % 8 == 0) { print line; line = "" } else line = line " " }
  print line "*" }' >"$work/bare.pdn"
awk 'BEGIN { print "[Event \"shuffle\"]\n[FEN \"W:WK46:BK1\"]\n";
  for (i = 1; i <= 2720000; i++) print (i % 2 ? "46-41\n1-6" : "41-46\n6-1");
  print "*" }' >"$work/lines.pdn"

# check FILE DESCRIPTION: parse, validate and import of FILE against 4 x its size + 100 MB.
check() {
  local mb=$(( $(stat -c %s "$1") / 1048576 ))
  local bound=$(( 4 * mb + 100 )) what="${mb} MB $2"
  run "parse, $what" $bound parse "$1"
  run "validate, $what" $bound validate "$1"
  rm -rf "$work/db"
  run "import, $what" $bound import --db "$work/db" "$1"
  rm -f "$work/cleaned.pdn"
  run "clean, $what" $bound clean "$1" -o "$work/cleaned.pdn"
}
# The longest game the reader keeps whole (pdn::GameReader's 64 MiB cut): 62.9 MiB.
awk 'BEGIN { print "[Event \"shuffle\"]\n[FEN \"W:WK46:BK1\"]\n"; line = "";
  for (i = 1; i <= 3500000; i++) {
    line = line i (i % 2 ? ". 46-41 1-6 " : ". 41-46 6-1 ");
    if (i % 6 == 0) { print line; line = "" } }
  print line "*" }' >"$work/game63.pdn"
check "$work/game50.pdn" "single game"
check "$work/game63.pdn" "single game"
check "$work/bare.pdn" "game, no move numbers"
check "$work/lines.pdn" "game, a ply a line"

if (( big )); then
  find ../shared/corpus/ -name '*.pdn' -print0 | sort -z | xargs -0 cat >"$work/once.pdn"
  : >"$work/big.pdn"
  while (( $(stat -c %s "$work/big.pdn") < 1000000000 )); do cat "$work/once.pdn" >>"$work/big.pdn"; done
  # The largest corpus game is far below 1 MB: the bound is about 100 MB plus the reader's chunk.
  run "parse, 1 GB of corpus games" 104 parse --quiet "$work/big.pdn"
  run "validate, 1 GB of corpus games" 104 validate "$work/big.pdn"
  # Import holds one batch of new games (at most --batch-games) besides the reader: here the
  # corpus games once, then the same games again (found as duplicates, nothing new to hold).
  run "import, 1 GB of corpus games" 104 import --db "$work/dbbig" "$work/big.pdn"
  rm -rf "$work/dbbig"
  # The same moves under other players' names in every copy: each copy is a game of its own,
  # and a content hash lists a game for every copy read so far.
  : >"$work/renamed.pdn"
  copy=0
  while (( $(stat -c %s "$work/renamed.pdn") < 1000000000 )); do
    copy=$((copy + 1))
    sed -E "s/^\[(White|Black) \"([^\"]*)\"\]/[\1 \"\2 c$copy\"]/" "$work/once.pdn" >>"$work/renamed.pdn"
  done
  rm -f "$work/big.pdn"
  run "import, 1 GB of corpus games renamed per copy" 104 import --db "$work/dbren" "$work/renamed.pdn"
fi

if [[ -n "$games" ]]; then
  # Every game new: every batch full, a signature for each, and the near-duplicate pass over
  # every player pair (the generated games share a few pairs: one holds half the games).
  run "import, $(( $(stat -c %s "$games") / 1048576 )) MB of distinct games" 104 \
    import --db "$work/dbgames" "$games"
  rm -rf "$work/dbgames"
fi
exit $status

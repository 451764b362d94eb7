#!/usr/bin/env bash
# The main job on the bundled samples (see samples/README.md): installs what is missing, builds,
# imports the samples into a fresh database, validates them, repairs the messy file, queries, and
# shows an event's table, a player's record and a game's novelty.
# Ends by printing how to start the explorer page on that database (`--serve`: start it too,
# until Ctrl-C).
set -euo pipefail
cd "$(dirname "$0")/.."
serve=0
[ "${1:-}" = "--serve" ] && serve=1
bash scripts/build.sh
damdb=build/cli/damdb
work=$(mktemp -d)
db="$work/damdb.db"
samples=(samples/wk2003.pdn samples/nk2003-amsterdam.pdn samples/wk2009-match/*.pdn
         samples/blindfold-2009-round1-board2.pdn)
section() { printf '\n== %s ==\n' "$*"; }

section "Import the samples into a fresh database ($db)"
$damdb import --db "$db" "${samples[@]}"
$damdb info --db "$db"

section "Validation: every move replayed against the FMJD rules"
$damdb validate "${samples[@]}" || true   # exit code 1: a game has an illegal move

section "Repair the messy live scoresheet (damdb clean)"
$damdb clean samples/blindfold-2009-round1-board2.pdn -o "$work/board2-clean.pdn" \
  --report "$work/board2-report.json" || true
echo "report: $work/board2-report.json"
head -c 900 "$work/board2-report.json"; echo

section "Opening explorer at the start position"
$damdb query opening --db "$db"

section "Games that reached the position after 1. 32-28 19-23 2. 28x19 14x23 (newest first)"
$damdb query position --db "$db" --moves "32-28 19-23 28x19 14x23" --limit 8

section "Pattern search: White men on 27 and 28 against Black men on 22 and 23"
$damdb search --db "$db" "must W:W27,28:B22,23" --limit 5

section "Players (names spelled differently are merged)"
$damdb stats players --db "$db" --top 10

section "The table of an event: NK 2003, a round robin of 14 players (damdb event)"
$damdb event --db "$db" "NK 2003"
section "A player's record, the spellings merged: Thijssen,K. (damdb player; its first lines)"
$damdb player --db "$db" "Thijssen,K." >"$work/player.txt"
head -n 20 "$work/player.txt"
section "The novelty of a game: where it left the games played before it (damdb novelty)"
novelty_id=$($damdb games --db "$db" --event "WK 2003" --player "Thijssen,K." --limit 1 --json |
             sed -n 's/.*"id":\([0-9]*\).*/\1/p' | head -n 1)
[ -n "$novelty_id" ] && $damdb novelty "$novelty_id" --db "$db"
section "A game from the 2009 world title match, at its final position"
id=$($damdb games --db "$db" --event "match 2009" --limit 1 --json |
     sed -n 's/.*"id":\([0-9]*\).*/\1/p' | head -n 1)
[ -n "$id" ] && $damdb show "$id" --db "$db"

section "perft(8) from the initial position (expected 6483961)"
$damdb perft --depth 8
echo
echo "database kept in $db (remove it with: rm -r $work)"

section "The explorer page (damdb serve)"
echo "start the server on the demo database with:"
echo "  $damdb serve --db $db"
echo "then open http://127.0.0.1:8080/ in a browser (Ctrl-C stops the server)"
if [ "$serve" = 1 ]; then exec $damdb serve --db "$db"; fi
